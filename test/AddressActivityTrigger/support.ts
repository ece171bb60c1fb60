/** Addresses, chain and parameters the trigger tests share. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { ranKeys, readPosition, transactionKey } from '../../nodes/AddressActivityTrigger/staticData/position';
import { startEmulator } from '../emulator';
import type { AddressActivityCredentialData } from '../harness/credentials';
import { EmulatorControl, type EmulatorWebhook } from '../harness/emulatorControl';
import { DeliveryReceiver, TriggerHarness, type ReceivedDelivery, type TriggerHarnessOptions } from '../harness/trigger';
import { waitFor } from '../harness/wait';

export const ALICE = '0x1111111111111111111111111111111111111111';
export const BOB = '0x2222222222222222222222222222222222222222';
export const CAROL = '0x3333333333333333333333333333333333333333';
export const DAVE = '0x4444444444444444444444444444444444444444';
export const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
export const NFT = '0x5555555555555555555555555555555555555555';
export const ITEMS = '0x6666666666666666666666666666666666666666';
export const FUJI = '43113';

/** Trigger parameters as the editor stores them. */
export function triggerParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		chainId: { __rl: true, mode: 'list', value: FUJI },
		addresses: `${ALICE}, ${BOB}`,
		eventSignatures: '',
		includeInternalTxs: false,
		includeLogs: false,
		output: 'transfers',
		filters: {},
		options: {},
		...overrides,
	};
}

export type EmulatorWithReceiver = Awaited<ReturnType<typeof startWithReceiver>>;

/** An emulator and a receiver of its deliveries on 127.0.0.1, started together and stopped together. */
export async function startWithReceiver(options: Parameters<typeof startEmulator>[0] = {}) {
	const emulator = await startEmulator(options);
	const receiver = new DeliveryReceiver();
	const receiverUrl = await receiver.start();
	return {
		emulator,
		control: new EmulatorControl(emulator.url),
		receiver,
		receiverUrl,
		close: async () => {
			await receiver.close();
			await emulator.close();
		},
	};
}

/** What a trigger test works with: the file's emulator and receiver, and the test's own account. */
export interface TriggerStack extends EmulatorWithReceiver {
	/** The API key of this test's account (a paid one, made before each test, so the webhooks listed are its own). */
	readonly key: string;
	/** The credentials of this test's account. */
	credentials(): AddressActivityCredentialData;
	/** A trigger of this test's account whose webhook URL is the receiver's; the receiver hands it every request from now on. */
	trigger(parameters: INodeParameters, options?: Omit<TriggerHarnessOptions, 'parameters' | 'credentials' | 'publicUrl'>): TriggerHarness;
	/** trigger(), then published as n8n publishes a workflow (its webhook registered at the service, its catch-up request answered). */
	publishedTrigger(parameters: INodeParameters, options?: Omit<TriggerHarnessOptions, 'parameters' | 'credentials' | 'publicUrl'>): Promise<TriggerHarness>;
	/** The webhooks of this test's account at the service. */
	accountWebhooks(): Promise<EmulatorWebhook[]>;
}

/**
 * The set-up the trigger's emulator tests share, as jest hooks of the calling file: an emulator and
 * a receiver for the file (started before all, stopped after all; the emulator's time scaled 1000x
 * unless told otherwise, so a retry after 10 s comes after 10 ms) and, before each test, the process
 * as just started (its memory forgotten), an account of its own and no faults left from the test before.
 */
export function useTriggerStack(options: Parameters<typeof startEmulator>[0] = { timeScale: 1000 }): TriggerStack {
	let started: EmulatorWithReceiver | undefined;
	let key: string | undefined;
	const current = (): EmulatorWithReceiver => {
		if (started === undefined) throw new Error('the trigger stack is used outside a test (it starts in beforeAll)');
		return started;
	};
	beforeAll(async () => {
		started = await startWithReceiver(options);
	});
	afterAll(async () => {
		forgetProcessMemory();
		await started?.close();
		started = undefined;
	});
	beforeEach(async () => {
		forgetProcessMemory();
		key = (await current().control.createKey({ plan: 'paid' })).key;
		await current().control.clearFaults();
	});
	const stack: TriggerStack = {
		get emulator() {
			return current().emulator;
		},
		get control() {
			return current().control;
		},
		get receiver() {
			return current().receiver;
		},
		get receiverUrl() {
			return current().receiverUrl;
		},
		close: async () => await current().close(),
		get key() {
			if (key === undefined) throw new Error('the test account is made in beforeEach');
			return key;
		},
		credentials: () => ({ apiKey: stack.key, baseUrl: current().emulator.url }),
		trigger: (parameters, harnessOptions = {}) => {
			const trigger = new TriggerHarness({ ...harnessOptions, parameters, credentials: stack.credentials(), publicUrl: current().receiverUrl });
			current().receiver.harness = trigger;
			return trigger;
		},
		publishedTrigger: async (parameters, harnessOptions) => {
			const trigger = stack.trigger(parameters, harnessOptions);
			await trigger.activate();
			return trigger;
		},
		accountWebhooks: async () => (await current().control.service<{ webhooks: EmulatorWebhook[] }>(stack.key, 'GET', '/v1/webhooks?pageSize=100')).body.webhooks,
	};
	return stack;
}

/** The trigger's own requests to its URL of one form (a flush or a heal of the durable position) that the receiver got since `from`. */
export function ownRequests(receiver: DeliveryReceiver, form: 'flush' | 'heal', from = 0): ReceivedDelivery[] {
	return receiver.deliveries.slice(from).filter((delivery) => (JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject)[form] !== undefined);
}

/** A transfer from CAROL to ALICE on Fuji and its delivery, once the trigger has answered it. */
export async function deliveredTransfer(stack: EmulatorWithReceiver): Promise<{ txHash: string; delivery: ReceivedDelivery }> {
	const { txHash } = await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000000000000000000' });
	const delivery = await waitFor(`the delivery of ${txHash}`, () => stack.receiver.deliveries.find((each) => each.outcome !== undefined && each.rawBody.toString().includes(txHash)));
	return { txHash, delivery };
}

/**
 * A trigger watching ALICE with static data kept as n8n keeps it, published, a first transfer run,
 * and the catch-up its process asks for after its start answered: from then on a run is written as
 * a running process writes it (a delivery within half a second of a publication's end leaves its
 * write to a flush, as the publication's save would undo it).
 */
export async function publishedAndRunning(stack: TriggerStack, n8nMajor: 1 | 2): Promise<TriggerHarness> {
	const from = stack.receiver.deliveries.length;
	const trigger = await stack.publishedTrigger(triggerParameters({ addresses: ALICE }), { persistence: 'n8n', n8nMajor });
	await deliveredTransfer(stack);
	await waitFor('the catch-up after the start answered', () => ownRequests(stack.receiver, 'heal', from).some((heal) => heal.outcome?.statusCode === 200), 30_000);
	return trigger;
}

/**
 * Execute step twice, as a user who wants to see a live transfer: the first listening ends with its
 * sample run (nodes/AddressActivityTrigger/sample/), the second, minutes later, waits for a live
 * transfer. The receiver hands the trigger every request from the start.
 */
export async function listenForLiveTransfer(harness: TriggerHarness, receiver: DeliveryReceiver): Promise<void> {
	receiver.harness = harness;
	const runs = harness.startedRuns.length;
	await harness.activate({ test: true });
	await waitFor('the sample run of the first Execute step', () => harness.startedRuns.length > runs);
	await harness.deactivate({ test: true });
	await harness.activate({ test: true });
}

/** What the trigger keeps in static data about one chain (its webhook, its catch-up): `chains[chainId]`. */
export function chainStateOf(trigger: TriggerHarness, chainId = FUJI): IDataObject {
	return ((trigger.state.chains as IDataObject | undefined)?.[chainId] ?? {}) as IDataObject;
}

/** Whether the trigger's durable position (static data `chains[chainId].position`) lists the transaction as run. */
export function recordedAsRun(trigger: TriggerHarness, txHash: string, chainId = FUJI): boolean {
	return ranKeys(readPosition(chainStateOf(trigger, chainId).position)).has(transactionKey(txHash));
}

/** The trigger's static data without the durable position (what the lifecycle methods write). */
export function withoutPosition(state: IDataObject): IDataObject {
	const chains = Object.fromEntries(
		Object.entries((state.chains ?? {}) as Record<string, IDataObject>).map(([chainId, chain]) => {
			const rest = { ...chain };
			delete rest.position;
			return [chainId, rest];
		}),
	);
	return { ...state, chains };
}

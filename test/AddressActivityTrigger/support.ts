/** Addresses, chain and parameters the trigger tests share. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ranKeys, readPosition, transactionKey } from '../../nodes/AddressActivityTrigger/staticData/position';
import { startEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { DeliveryReceiver, type TriggerHarness } from '../harness/trigger';
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

/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals */
/**
 * Decoded Events benchmark: one real delivery carrying 100 Swap logs (captured from the emulator,
 * each copy re-signed with its own messageId) through the whole webhook() in one run, decoded
 * (Output: Decoded Events) beside the same delivery undecoded (Transfers, Raw Message), and the
 * decoding alone.
 *
 *   npm run bench:events
 */
import { randomUUID } from 'node:crypto';

import { AbiCoder, id } from 'ethers';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { parseEventDefinitions } from '../../nodes/shared/model/abi/eventDefinitions';
import { decodedEventItems, type DeliveredLog } from '../../nodes/shared/model/abi/eventItems';
import { EventDecoder } from '../../nodes/shared/model/abi/eventLogs';
import { startEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { signDelivery } from '../harness/signing';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { ALICE, CAROL, FUJI, triggerParameters, USDC } from '../AddressActivityTrigger/support';

const LOGS = 100;
const COUNT = 1000;
const WARM_UP = 100;
const SWAP = 'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)';
const coder = AbiCoder.defaultAbiCoder();
const topicOf = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;

interface Copy {
	raw: Buffer;
	signature: string;
}

/** A swap through 100 pools (an aggregator's route), paying ALICE a token at the end. */
function route(): IDataObject {
	const pool = (index: number) => `0x${(index + 0x9000).toString(16).padStart(40, '0')}`;
	return {
		chainId: FUJI,
		from: ALICE,
		to: CAROL,
		input: '0x38ed1739',
		erc20Transfers: [{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: CAROL, to: ALICE, value: '7154321' }],
		logs: Array.from({ length: LOGS }, (_, index) => ({
			address: pool(index),
			topics: [id('Swap(address,uint256,uint256,uint256,uint256,address)'), topicOf(CAROL), topicOf(index === LOGS - 1 ? ALICE : pool(index + 1))],
			data: coder.encode(['uint256', 'uint256', 'uint256', 'uint256'], [BigInt(10) ** BigInt(18) + BigInt(index), 0, 0, BigInt(7154321 + index)]),
		})),
	};
}

async function measure(label: string, run: (index: number) => Promise<unknown> | unknown): Promise<number> {
	for (let index = COUNT; index < COUNT + WARM_UP; index++) await run(index);
	const started = process.hrtime.bigint();
	for (let index = 0; index < COUNT; index++) await run(index);
	const micros = Number(process.hrtime.bigint() - started) / COUNT / 1000;
	console.log(`${label.padEnd(62)} ${micros.toFixed(1).padStart(10)} µs/delivery`);
	return micros;
}

async function main(): Promise<void> {
	const emulator = await startEmulator();
	const receiver = new DeliveryReceiver();
	const publicUrl = await receiver.start();
	try {
		const control = new EmulatorControl(emulator.url);
		const { key } = await control.createKey({ plan: 'paid' });
		const credentials = { apiKey: key, baseUrl: emulator.url };
		const decodedParameters = triggerParameters({ addresses: ALICE, output: 'decodedEvents', eventDefinitions: SWAP, options: { catchUpHours: 0 } });
		const trigger = new TriggerHarness({ parameters: decodedParameters, credentials, publicUrl });
		receiver.harness = trigger;
		await trigger.activate();
		await control.activity(route());
		const [delivery] = await receiver.waitFor(1);
		const secret = await control.sharedSecret(key);
		const body = JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;
		// Each pipeline gets copies of its own: a messageId seen before is acknowledged without a run.
		const copiesOf = (): Copy[] =>
			Array.from({ length: COUNT + WARM_UP }, () => {
				const copy = { ...body, messageId: randomUUID() };
				return { raw: Buffer.from(JSON.stringify(copy)), signature: signDelivery(copy, secret) };
			});
		const logs = (body.event as { logs: DeliveredLog[] }).logs;
		console.log(`Node ${process.version}; one delivery of ${(delivery.rawBody.length / 1024).toFixed(1)} KiB with ${logs.length} Swap logs and 1 ERC-20 transfer; ${COUNT} copies per pipeline after ${WARM_UP} warm-up`);

		const figures: Record<string, number> = {};
		for (const [label, parameters] of [
			['node webhook(), Output: Transfers (logs undecoded)', triggerParameters({ addresses: ALICE, includeLogs: true, options: { catchUpHours: 0 } })],
			['node webhook(), Output: Raw Message (logs undecoded)', triggerParameters({ addresses: ALICE, output: 'raw', includeLogs: true, options: { catchUpHours: 0 } })],
			['node webhook(), Output: Decoded Events (100 logs decoded)', decodedParameters],
		] as Array<[string, INodeParameters]>) {
			// A process that learned the webhook and the secret at activation, as a single n8n instance does.
			const node = new TriggerHarness({ parameters, credentials, publicUrl, staticData: trigger.persistedStaticData() });
			const copies = copiesOf();
			let items = 0;
			figures[label] = await measure(label, async (index) => {
				const outcome = await node.receive({ headers: { 'content-type': 'application/json', 'x-signature': copies[index].signature }, rawBody: copies[index].raw });
				if (outcome.statusCode !== 200) throw new Error(JSON.stringify(outcome.body));
				items = (outcome.items ?? []).length;
				if (items === 0) throw new Error(`${label}: the delivery started no run`);
			});
			console.log(`${''.padEnd(62)} ${String(items).padStart(10)} items`);
		}
		const decoder = new EventDecoder(parseEventDefinitions(SWAP));
		const source = { txHash: '0x', blockNumber: '1', time: null, chainId: FUJI, messageId: 'm', webhookId: 'w' };
		const alone = await measure(`decoding alone: ${LOGS} logs into items (decodedEventItems)`, () => decodedEventItems(logs, decoder, source, 'leaveOut'));
		console.log(`${'  per log'.padEnd(62)} ${(alone / LOGS).toFixed(2).padStart(10)} µs`);
		const [transfers, , decoded] = Object.values(figures);
		console.log(`Decoded Events against Transfers on the same delivery: ${(decoded / transfers).toFixed(2)}x`);
		receiver.harness = undefined;
		await trigger.deactivate();
	} finally {
		await receiver.close();
		await emulator.close();
	}
}

void main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});

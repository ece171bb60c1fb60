/**
 * Switching triggers without touching the workflow: the same transactions, delivered by the
 * emulator to the webhook trigger and polled by the poll trigger, give the same Transfer items.
 * Only what no poll can know differs: messageId and webhookId (the delivery's) are null.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { PollHarness } from '../harness/poll';
import { TriggerHarness } from '../harness/trigger';
import { startWithReceiver, type EmulatorWithReceiver } from '../AddressActivityTrigger/support';
import { AVAX, FUJI, pollParameters, randomAddress, USDC } from './support';

let stack: EmulatorWithReceiver;
let emulator: EmulatorWithReceiver['emulator'];
let control: EmulatorWithReceiver['control'];
let receiver: EmulatorWithReceiver['receiver'];
let receiverUrl: string;

beforeAll(async () => {
	stack = await startWithReceiver({ timeScale: 1000 });
	({ emulator, control, receiver, receiverUrl } = stack);
});

afterAll(async () => {
	await stack.close();
});

/** A random address written the way wallets show it: mixed letter case. */
function mixedCase(): string {
	const hex = randomAddress().slice(2);
	return `0x${[...hex].map((char, index) => (index % 2 ? char.toUpperCase() : char)).join('')}`;
}

describe('the same transactions through both triggers', () => {
	it('give the same Transfer items, apart from messageId and webhookId', async () => {
		const alice = mixedCase();
		const bob = mixedCase();
		const carol = randomAddress();
		const nft = randomAddress();
		const items1155 = randomAddress();
		const { key } = await control.createKey({ plan: 'paid' });
		const credentials = { apiKey: key, baseUrl: emulator.url };
		const shared = { chainId: { __rl: true, mode: 'id', value: FUJI }, addresses: `${alice}\n${bob}`, includeInternalTxs: true, output: 'transfers', filters: {} };

		const webhookTrigger = new TriggerHarness({
			parameters: { ...shared, eventSignatures: '', includeLogs: false, options: {} },
			credentials,
			publicUrl: receiverUrl,
		});
		await webhookTrigger.activate();
		receiver.harness = webhookTrigger;
		const pollTrigger = new PollHarness({ parameters: pollParameters([alice, bob], shared), credentials });
		await pollTrigger.activate();

		const activities: IDataObject[] = [
			// Every kind of transfer in one transaction, including a self transfer and an internal one.
			{
				from: alice,
				to: carol,
				value: (AVAX * BigInt(3)).toString(),
				input: '0xa9059cbb',
				erc20Transfers: [{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: carol, to: alice, value: '2500000' }],
				erc721Transfers: [{ token: { address: nft, name: 'Kitties', symbol: 'KIT' }, from: carol, to: alice, tokenId: '7' }],
				erc1155Transfers: [{ token: { address: items1155, name: 'Items', symbol: 'ITM' }, from: alice, to: alice, tokenId: '5', value: '3' }],
				internalTransactions: [{ from: carol, to: bob, value: (AVAX / BigInt(4)).toString() }],
			},
			// Between the two monitored addresses: an out and an in item.
			{ from: alice, to: bob, value: '1' },
			// Failed: moved nothing, no items from either trigger.
			{ from: bob, to: carol, value: AVAX.toString(), status: 'failed' },
			// A second transaction in the same block.
			{ from: carol, to: bob, value: '12345678901234567890', block: 'head' },
		];
		for (const activity of activities) await control.activity({ chainId: FUJI, ...activity });
		// The failed transaction is delivered too (it involves a monitored address).
		const deliveries = await receiver.waitFor(activities.length);
		receiver.harness = undefined;
		await webhookTrigger.deactivate();

		const delivered: INodeExecutionData[] = deliveries.flatMap((delivery) => delivery.outcome?.items ?? []);
		const polled = (await pollTrigger.poll()).items ?? [];

		expect(delivered.map((item) => [item.json.assetType, item.json.direction])).toEqual([
			['native', 'out'], ['internal', 'in'], ['erc20', 'in'], ['erc721', 'in'], ['erc1155', 'self'],
			['native', 'out'], ['native', 'in'],
			['native', 'in'],
		]);
		expect(delivered.every((item) => typeof item.json.messageId === 'string' && typeof item.json.webhookId === 'string')).toBe(true);
		const withoutDelivery = delivered.map((item) => ({ ...item.json, messageId: null, webhookId: null }));
		expect(polled.map((item) => item.json)).toEqual(withoutDelivery);
		// Same keys in the same order, so a workflow (and the editor's table) sees the same shape.
		expect(polled.map((item) => Object.keys(item.json))).toEqual(delivered.map((item) => Object.keys(item.json)));
		// The Table view's first columns say what happened; the long addresses and hashes follow.
		expect(Object.keys(polled[0].json)).toEqual([
			'direction', 'amount', 'symbol', 'counterparty', 'assetType', 'tokenName', 'tokenId', 'time', 'blockNumber', 'chainId',
			'monitoredAddress', 'from', 'to', 'contract', 'decimals', 'amountRaw', 'txHash', 'messageId', 'webhookId',
		]);
	});
});

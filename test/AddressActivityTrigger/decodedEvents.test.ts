// The Decoded Events output through n8n-core: the definitions become the webhook's event-signature
// filter (with logs), each delivered log of a defined event becomes an item with its arguments by
// name, in logIndex order; logs of no definition are left out or kept raw; a log that does not fit
// says so; a bad definition stops activation before any request.
import { AbiCoder, id } from 'ethers';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TriggerHarness, type ReceivedDelivery } from '../harness/trigger';
import { ALICE, CAROL, FUJI, USDC, triggerParameters, useTriggerStack } from './support';

const coder = AbiCoder.defaultAbiCoder();
const PAIR = '0xa478c2975ab1ea89e8196811f51a7b7ade33eb11';
const ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
const SWAP = 'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)';
const SYNC = 'event Sync(uint112 reserve0, uint112 reserve1)';
const SWAP_TOPIC = id('Swap(address,uint256,uint256,uint256,uint256,address)');
const SYNC_TOPIC = id('Sync(uint112,uint112)');
const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
const topicOf = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;

const swapLog = (amountOut: bigint) => ({
	address: PAIR,
	topics: [SWAP_TOPIC, topicOf(ROUTER), topicOf(ALICE)],
	data: coder.encode(['uint256', 'uint256', 'uint256', 'uint256'], [BigInt('1500000000000000000'), 0, 0, amountOut]),
});
const syncLog = { address: PAIR, topics: [SYNC_TOPIC], data: coder.encode(['uint112', 'uint112'], [BigInt(10) ** BigInt(24), 42]) };
const otherLog = { address: USDC, topics: [TRANSFER_TOPIC, topicOf(PAIR), topicOf(ALICE)], data: coder.encode(['uint256'], [7]) };

const stack = useTriggerStack();
let trigger: TriggerHarness | undefined;

afterEach(async () => {
	await trigger?.deactivate();
	trigger = undefined;
	stack.receiver.harness = undefined;
});

const eventParameters = (overrides: INodeParameters = {}) =>
	triggerParameters({ addresses: ALICE, output: 'decodedEvents', eventDefinitions: `${SWAP}\n${SYNC}`, ...overrides });

async function activate(parameters: INodeParameters): Promise<TriggerHarness> {
	// The receiver hands it requests before it is published: activation's own catch-up request comes through the receiver too.
	trigger = stack.trigger(parameters);
	await trigger.activate();
	return trigger;
}

async function deliver(activity: IDataObject): Promise<ReceivedDelivery> {
	const before = stack.receiver.deliveries.length;
	await stack.control.activity({ chainId: FUJI, from: ALICE, to: ROUTER, input: '0x38ed1739', ...activity });
	return (await stack.receiver.waitFor(before + 1))[before];
}

const itemsOf = (delivery: ReceivedDelivery) => (delivery.outcome?.items ?? []).map((item) => item.json as IDataObject);

describe('Decoded Events', () => {
	it("asks the service for the defined events only, with logs, whatever Include Logs says", async () => {
		await activate(eventParameters({ includeLogs: false }));
		const [webhook] = await stack.accountWebhooks();
		expect(webhook.includeLogs).toBe(true);
		expect([...(webhook.metadata.eventSignatures ?? [])].sort()).toEqual([SWAP_TOPIC, SYNC_TOPIC].sort());
	});

	it('gives one item per defined event, in the order the chain logged them, every argument by name', async () => {
		await activate(eventParameters());
		const delivery = await deliver({ logs: [otherLog, syncLog, swapLog(BigInt('7154321'))] });
		const body = JSON.parse(delivery.rawBody.toString('utf8')) as { messageId: string; webhookId: string; event: { transaction: IDataObject; logs: IDataObject[] } };
		const { transaction } = body.event;
		expect(itemsOf(delivery)).toEqual([
			{
				event: 'Sync',
				args: { reserve0: '1000000000000000000000000', reserve1: '42' },
				contract: PAIR,
				logIndex: body.event.logs[0].logIndex,
				txHash: transaction.txHash,
				blockNumber: String(transaction.blockNumber),
				time: new Date((transaction.blockTimestamp as number) * 1000).toISOString(),
				chainId: FUJI,
				signature: 'Sync(uint112,uint112)',
				decoded: true,
				problem: null,
				removed: false,
				messageId: body.messageId,
				webhookId: body.webhookId,
			},
			expect.objectContaining({
				event: 'Swap',
				args: { sender: ROUTER, amount0In: '1500000000000000000', amount1In: '0', amount0Out: '0', amount1Out: '7154321', to: ALICE },
				logIndex: body.event.logs[1].logIndex,
				decoded: true,
			}),
		]);
		// The service sent only the defined events' logs.
		expect(body.event.logs.map((log) => log.topic0)).toEqual([SYNC_TOPIC, SWAP_TOPIC]);
	});

	it('keeps logs of no definition as delivered when asked, and then receives all activity', async () => {
		await activate(eventParameters({ unmatchedLogs: 'keepRaw', eventDefinitions: SWAP }));
		const [webhook] = await stack.accountWebhooks();
		expect(webhook.metadata.eventSignatures ?? []).toEqual([]);
		const delivery = await deliver({ logs: [otherLog, swapLog(BigInt(1))] });
		expect(itemsOf(delivery).map((item) => [item.event, item.decoded, item.problem === null])).toEqual([
			[null, false, false],
			['Swap', true, true],
		]);
		expect(itemsOf(delivery)[0]).toMatchObject({ contract: USDC, args: null, topics: [TRANSFER_TOPIC, topicOf(PAIR), topicOf(ALICE), null], data: otherLog.data });
	});

	it('decodes every ABI type, several definitions at once, an anonymous event and an indexed string (as its hash)', async () => {
		const kitchen = 'event Everything(string indexed tag, int8 small, bool ok, bytes4 selector, bytes blob, string note, uint16[] list, (address who, int24 delta)[2] pairs, uint8[2][] grid)';
		const ping = 'event Ping(address indexed from, uint64 nonce) anonymous';
		await activate(eventParameters({ eventDefinitions: `${SWAP}\n${kitchen}\n${ping}`, unmatchedLogs: 'keepRaw' }));
		const data = coder.encode(
			['int8', 'bool', 'bytes4', 'bytes', 'string', 'uint16[]', 'tuple(address who, int24 delta)[2]', 'uint8[2][]'],
			[-128, true, '0xdeadbeef', '0x00ff', 'héllo 😀', [1, 65535], [[ROUTER, -1], [ALICE, 8388607]], [[1, 2], [3, 4]]],
		);
		const everything = { address: PAIR, topics: [id('Everything(string,int8,bool,bytes4,bytes,string,uint16[],(address,int24)[2],uint8[2][])'), id('gold')], data };
		const anonymous = { address: PAIR, topics: [topicOf(ALICE)], data: coder.encode(['uint64'], [BigInt('18446744073709551615')]) };
		const items = itemsOf(await deliver({ logs: [everything, anonymous, swapLog(BigInt(2))] }));
		expect(items.map((item) => [item.event, item.decoded])).toEqual([
			['Everything', true],
			['Ping', true],
			['Swap', true],
		]);
		expect(items[0].args).toEqual({
			tag: { hash: id('gold') },
			small: '-128',
			ok: true,
			selector: '0xdeadbeef',
			blob: '0x00ff',
			note: 'héllo 😀',
			list: ['1', '65535'],
			pairs: [
				{ who: ROUTER, delta: '-1' },
				{ who: ALICE, delta: '8388607' },
			],
			grid: [
				['1', '2'],
				['3', '4'],
			],
		});
		expect(items[1]).toMatchObject({ signature: 'Ping(address,uint64)', args: { from: ALICE, nonce: '18446744073709551615' } });
	});

	it('gives a log whose data does not fit its definition as an item that says so', async () => {
		await activate(eventParameters());
		const cut = { ...swapLog(BigInt(1)), data: swapLog(BigInt(1)).data.slice(0, 2 + 64 * 2) };
		const [item] = itemsOf(await deliver({ logs: [cut] }));
		expect(item).toMatchObject({
			event: 'Swap',
			args: null,
			decoded: false,
			problem: 'amount0Out: the data is too short (64 bytes; amount0Out needs bytes 64 to 96)',
			data: cut.data,
		});
	});

	it('asks for no event filter when an event is anonymous (its logs have no topic0 to filter by)', async () => {
		await activate(eventParameters({ eventDefinitions: `${SWAP}\nevent Ping(address indexed from, uint64 nonce) anonymous` }));
		const [webhook] = await stack.accountWebhooks();
		expect({ includeLogs: webhook.includeLogs, eventSignatures: webhook.metadata.eventSignatures ?? [] }).toEqual({ includeLogs: true, eventSignatures: [] });
	});

	it('gives Event Signatures, when given, as the filter instead', async () => {
		await activate(eventParameters({ eventSignatures: 'Transfer(address,address,uint256)' }));
		const [webhook] = await stack.accountWebhooks();
		expect(webhook.metadata.eventSignatures).toEqual([TRANSFER_TOPIC]);
	});

	it('replaces the webhook when the definitions change the events asked for', async () => {
		const first = await activate(eventParameters({ eventDefinitions: SWAP }));
		const [old] = await stack.accountWebhooks();
		first.setParameters(eventParameters());
		await first.activate();
		const webhooks = await stack.accountWebhooks();
		expect(webhooks).toHaveLength(1);
		expect(webhooks[0].id).not.toBe(old.id);
		expect([...(webhooks[0].metadata.eventSignatures ?? [])].sort()).toEqual([SWAP_TOPIC, SYNC_TOPIC].sort());
	});

	it('stops activation on a bad definition, naming its line and what is wrong, before any request', async () => {
		await stack.control.clearRequests();
		const bad = new TriggerHarness({
			parameters: eventParameters({ eventDefinitions: `${SWAP}\nevent Sync(uint112 reserve0, uint113 reserve1)` }),
			credentials: stack.credentials(),
			publicUrl: stack.receiverUrl,
		});
		await expect(bad.activate()).rejects.toThrow(
			'Invalid Event Definitions: line 2 of the event definitions ("event Sync(uint112 reserve0, uint113 reserve1)"): "uint113" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8',
		);
		expect(await stack.control.requests()).toEqual([]);
		expect(await stack.accountWebhooks()).toEqual([]);
	});

	it('stops activation when no event is defined', async () => {
		const none = new TriggerHarness({ parameters: eventParameters({ eventDefinitions: '  ' }), credentials: stack.credentials(), publicUrl: stack.receiverUrl });
		await expect(none.activate()).rejects.toThrow('Invalid Event Definitions: give at least one event definition');
		expect(await stack.accountWebhooks()).toEqual([]);
	});
});

describe('Decoded Events with a catch-up', () => {
	it('says the gap cannot be put out (chain data carries no logs), and puts out no transfers', async () => {
		const watching = await activate(eventParameters());
		await watching.deactivate();
		await stack.control.activity({ chainId: FUJI, from: ALICE, to: CAROL, value: '1' });
		await watching.activate();
		expect(watching.startedRuns.map((run) => run.map((item) => item.json))).toEqual([
			[
				{
					catchUp: true,
					catchUpIncomplete: true,
					message: expect.stringMatching(/^Chain data carries no logs: the events of blocks \d+ to \d+ \(the gap\) cannot be decoded and are not put out$/),
					fromBlock: expect.any(Number),
					toBlock: expect.any(Number),
					webhookId: (await stack.accountWebhooks())[0].id,
				},
			],
		]);
	});
});

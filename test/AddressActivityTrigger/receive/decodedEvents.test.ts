// A delivery's Decoded Events items, read from the body as the service sent it, through n8n-core's
// WebhookContext: one item per log of a defined event in the chain's order, with its transaction,
// block time, chain and the delivery's IDs; a log of no definition kept as delivered when asked;
// and a test event's items marked as one.
import { AbiCoder, id } from 'ethers';
import type { IDataObject } from 'n8n-workflow';

import { forgetEventDefinitions } from '../../../nodes/AddressActivityTrigger/memory/parsedEventDefinitions';
import { readEventDecoding } from '../../../nodes/AddressActivityTrigger/parameters/eventDefinitions';
import { deliveryEventItems } from '../../../nodes/AddressActivityTrigger/receive/decodedEvents';
import { triggerWebhookContext } from '../../harness/contexts';

const coder = AbiCoder.defaultAbiCoder();
const SYNC = 'event Sync(uint112 reserve0, uint112 reserve1)';
const SYNC_TOPIC = id('Sync(uint112,uint112)');
const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
const PAIR = '0x7777777777777777777777777777777777777777';
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
const SOURCE = { messageId: 'm-1', webhookId: 'w-1', chainId: '43113' };
const TX_HASH = `0x${'ab'.repeat(32)}`;

const syncLog = { address: PAIR, topic0: SYNC_TOPIC, topic1: null, topic2: null, topic3: null, data: coder.encode(['uint112', 'uint112'], [5, 42]), logIndex: 3, removed: false };
const otherLog = { address: USDC, topic0: TRANSFER_TOPIC, topic1: null, topic2: null, topic3: null, data: coder.encode(['uint256'], [7]), logIndex: 2, removed: false };

function body(logs: IDataObject[], transaction: IDataObject = {}): IDataObject {
	return { event: { transaction: { txHash: TX_HASH, blockNumber: '123', blockTimestamp: 1_764_000_000, chainId: '43113', ...transaction }, logs } };
}

function itemsOf(options: { unmatchedLogs?: string; test?: boolean }, delivered: IDataObject): IDataObject[] {
	const context = triggerWebhookContext({ test: options.test, parameters: { output: 'decodedEvents', eventDefinitions: SYNC, unmatchedLogs: options.unmatchedLogs ?? 'leaveOut' } });
	return deliveryEventItems(context, readEventDecoding(context), delivered, SOURCE);
}

afterEach(() => forgetEventDefinitions());

describe("a delivery's Decoded Events items", () => {
	it('are the logs of defined events, every argument by name, with the transaction, block time, chain and delivery', () => {
		expect(itemsOf({}, body([otherLog, syncLog]))).toEqual([
			{
				event: 'Sync',
				args: { reserve0: '5', reserve1: '42' },
				contract: PAIR,
				logIndex: 3,
				txHash: TX_HASH,
				blockNumber: '123',
				time: new Date(1_764_000_000 * 1000).toISOString(),
				chainId: '43113',
				signature: 'Sync(uint112,uint112)',
				decoded: true,
				problem: null,
				removed: false,
				messageId: 'm-1',
				webhookId: 'w-1',
			},
		]);
	});

	it('keep a log of no definition as delivered when asked', () => {
		const items = itemsOf({ unmatchedLogs: 'keepRaw' }, body([otherLog, syncLog]));
		expect(items.map((item) => [item.event, item.decoded])).toEqual([
			[null, false],
			['Sync', true],
		]);
		expect(items[0]).toMatchObject({ contract: USDC, args: null, data: otherLog.data, txHash: TX_HASH });
	});

	it('take the webhook\'s chain and no time when the transaction does not say them', () => {
		const [item] = itemsOf({}, body([syncLog], { chainId: null, blockTimestamp: undefined }));
		expect(item).toMatchObject({ chainId: '43113', time: null });
	});

	it('are none for a delivery without logs', () => {
		expect(itemsOf({}, body([]))).toEqual([]);
		expect(itemsOf({}, { event: {} })).toEqual([]);
	});

	it('say they are a test event while listening for one', () => {
		expect(itemsOf({ test: true }, body([syncLog]))).toEqual([expect.objectContaining({ event: 'Sync', testEvent: true })]);
		expect(itemsOf({}, body([syncLog]))[0]).not.toHaveProperty('testEvent');
	});
});

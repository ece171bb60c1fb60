import { AbiCoder, id } from 'ethers';

import { decodedEventItems, type DeliveredLog, type EventSource } from '../../../../nodes/shared/model/abi/eventItems';
import { parseEventDefinitions } from '../../../../nodes/shared/model/abi/eventDefinitions';
import { EventDecoder } from '../../../../nodes/shared/model/abi/eventLogs';

const coder = AbiCoder.defaultAbiCoder();
const PAIR = '0xA478c2975Ab1Ea89e8196811F51A7B7Ade33eB11';
const ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
const WALLET = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

const decoder = new EventDecoder(
	parseEventDefinitions(`Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)
Sync(uint112 reserve0, uint112 reserve1)`),
);
const source: EventSource = {
	txHash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
	blockNumber: '4242',
	time: '2026-11-22T05:12:40.000Z',
	chainId: '43114',
	messageId: 'm-1',
	webhookId: 'w-1',
};

const swap: DeliveredLog = {
	address: PAIR,
	topic0: id('Swap(address,uint256,uint256,uint256,uint256,address)'),
	topic1: topic(ROUTER),
	topic2: topic(WALLET),
	topic3: null,
	data: coder.encode(['uint256', 'uint256', 'uint256', 'uint256'], [0, BigInt('2500000000000000000'), BigInt('7154321'), 0]),
	logIndex: 7,
	removed: false,
};
const sync: DeliveredLog = { address: PAIR, topic0: id('Sync(uint112,uint112)'), topic1: null, topic2: null, topic3: null, data: coder.encode(['uint112', 'uint112'], [10, 20]), logIndex: 6, removed: false };
const transfer: DeliveredLog = { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', topic0: id('Transfer(address,address,uint256)'), topic1: topic(PAIR), topic2: topic(WALLET), topic3: null, data: coder.encode(['uint256'], [7154321]), logIndex: 5, removed: false };

describe('Decoded Events items of a transaction', () => {
	it('gives one item per matching log, in logIndex order, with every argument by name and where it came from', () => {
		expect(decodedEventItems([swap, transfer, sync], decoder, source, 'leaveOut')).toEqual([
			{
				event: 'Sync',
				args: { reserve0: '10', reserve1: '20' },
				contract: PAIR,
				logIndex: 6,
				...source,
				signature: 'Sync(uint112,uint112)',
				decoded: true,
				problem: null,
				removed: false,
			},
			{
				event: 'Swap',
				args: { sender: ROUTER, amount0In: '0', amount1In: '2500000000000000000', amount0Out: '7154321', amount1Out: '0', to: WALLET },
				contract: PAIR,
				logIndex: 7,
				...source,
				signature: 'Swap(address,uint256,uint256,uint256,uint256,address)',
				decoded: true,
				problem: null,
				removed: false,
			},
		]);
	});

	it('keeps a log no definition matches as it came, when asked to, in its place', () => {
		const items = decodedEventItems([swap, transfer, sync], decoder, source, 'keepRaw');
		expect(items.map((item) => [item.logIndex, item.event, item.decoded])).toEqual([
			[5, null, false],
			[6, 'Sync', true],
			[7, 'Swap', true],
		]);
		expect(items[0]).toMatchObject({
			args: null,
			signature: null,
			problem: `no event definition is for a log with topic0 ${id('Transfer(address,address,uint256)')}`,
			topics: [transfer.topic0, transfer.topic1, transfer.topic2, null],
			data: transfer.data,
		});
	});

	it('gives a log whose data does not fit its definition as an item that says so, with its topics and data', () => {
		const cut = { ...swap, data: (swap.data as string).slice(0, 2 + 64 * 3) };
		expect(decodedEventItems([cut], decoder, source, 'leaveOut')).toEqual([
			expect.objectContaining({
				event: 'Swap',
				args: null,
				decoded: false,
				problem: 'amount1Out: the data is too short (96 bytes; amount1Out needs bytes 96 to 128)',
				topics: [swap.topic0, swap.topic1, swap.topic2, null],
				data: cut.data,
			}),
		]);
	});

	it('gives nothing for a delivery without logs, and marks a log a reorganisation removed', () => {
		expect(decodedEventItems(undefined, decoder, source, 'keepRaw')).toEqual([]);
		expect(decodedEventItems([{ ...sync, removed: true }], decoder, source, 'leaveOut')[0].removed).toBe(true);
	});
});

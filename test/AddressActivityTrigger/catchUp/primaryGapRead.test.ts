// Reading a P-Chain or validator gap's history: every transaction from a second on, oldest first,
// page by page until a deadline (against the emulator over HTTP), and the orders and fields the
// gap's events are put out with.
import type { IWebhookFunctions } from 'n8n-workflow';

import { byEventOrder, byHistoryOrder, readTransactions, transactionFields, type GapEvent } from '../../../nodes/AddressActivityTrigger/catchUp/primaryGapRead';
import type { PChainTransaction } from '../../../nodes/shared/model/pChainHistory';
import { loadOptionsContext } from '../../harness/contexts';
import { pChainAddress } from '../../harness/emulatorControl';
import { useTestService } from '../../harness/fixtures';
import { AVAX } from '../eventTypesSupport';

describe('the history of a gap', () => {
	const service = useTestService();
	const treasury = pChainAddress('fuji', 'primaryGapRead treasury');
	const made: Array<{ txHash: string; blockTimestamp: number }> = [];
	/** readTransactions reads within webhook(); it needs no more of it than a service context. */
	let context: IWebhookFunctions;
	const history = '/v1/networks/fuji/blockchains/p-chain/transactions';

	beforeAll(async () => {
		context = loadOptionsContext(await service.newAccount()) as unknown as IWebhookFunctions;
		for (let index = 0; index < 150; index++) {
			made.push(await service.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(1) }] }));
		}
	});

	it('is every transaction of the addresses from a second on, oldest first, over as many pages as there are', async () => {
		await service.control.clearRequests();
		const read = await readTransactions(context, { network: 'fuji', addresses: [treasury], startTimestamp: made[0].blockTimestamp }, Date.now() + 20_000);
		expect(read.transactions.map((tx) => tx.txHash)).toEqual(made.map((tx) => tx.txHash));
		expect(read).toMatchObject({ unreadable: 0 });
		expect(read.completeBefore).toBeUndefined();
		expect((await service.control.requests()).filter((request) => request.path === history)).toHaveLength(2);
	});

	it('past its deadline, reads nothing and says it is complete before its start', async () => {
		await service.control.clearRequests();
		const start = made[0].blockTimestamp;
		expect(await readTransactions(context, { network: 'fuji', addresses: [treasury], startTimestamp: start }, Date.now() - 1)).toEqual({ transactions: [], completeBefore: start, unreadable: 0 });
		expect(await service.control.requests()).toEqual([]);
	});
});

describe('the order of a gap\'s events and their fields', () => {
	const event = (at: number, order?: number): GapEvent => ({ at, order, event: { at, order } });

	it('puts events oldest first; within a second a fall before a top-up, the top-up\'s events, then what was read at the end', () => {
		const events = [event(11, 2), event(10), event(11), event(11, 0), event(9, 2)];
		expect(events.sort(byEventOrder).map((entry) => [entry.at, entry.order])).toEqual([[9, 2], [10, undefined], [11, 0], [11, undefined], [11, 2]]);
	});

	it('puts transactions oldest first, by height within a second', () => {
		const tx = (blockTimestamp: number, blockNumber: string) => ({ blockTimestamp, blockNumber }) as PChainTransaction;
		expect([tx(5, '12'), tx(5, '9'), tx(4, '20')].sort(byHistoryOrder).map((each) => each.blockNumber)).toEqual(['20', '9', '12']);
	});

	it('gives each event of a transaction the fields a delivery of it carries', () => {
		const tx = { txHash: 'tx-1', txType: 'BaseTx', blockNumber: '42', blockTimestamp: 1_800_000_000, extra: 'x' } as unknown as PChainTransaction;
		expect(transactionFields(tx)).toEqual({ txHash: 'tx-1', txType: 'BaseTx', blockNumber: '42', blockTimestamp: 1_800_000_000 });
	});
});

// Whether a copy runs, with n8n's answer to the first copy played by the test (its status, then the
// end of the response). Copies racing in real n8n: test/e2e/trigger-races.test.ts.
import { forgetMessageWindows } from '../../../nodes/AddressActivityTrigger/memory/messageWindows';
import { forgetTransactionWindows } from '../../../nodes/AddressActivityTrigger/memory/transactionWindows';
import { claimCaughtUpTransactions, claimLiveTransaction, claimMessage } from '../../../nodes/AddressActivityTrigger/receive/copies';
import { webhookContext } from '../../harness/webhookContext';

const URL = 'https://n8n.example.com/webhook/abc/webhook';
const HASH = `0x${'cd'.repeat(32)}`;
const details = { messageId: 'm1', webhookId: 'w1' };

beforeEach(() => {
	forgetMessageWindows();
	forgetTransactionWindows();
});

describe('a copy of a message', () => {
	it('runs when it is the first', async () => {
		expect(await claimMessage(webhookContext(), URL, 'm1', details)).toBeUndefined();
	});

	it('is acknowledged without a run once n8n answered the first copy 2xx', async () => {
		const first = webhookContext();
		await claimMessage(first, URL, 'm1', details);
		first.response.status(200).end();
		const copy = webhookContext();
		expect(await claimMessage(copy, URL, 'm1', details)).toEqual({ noWebhookResponse: true });
		expect([copy.response.statusCode, copy.response.body]).toEqual([200, { received: true }]);
	});

	it('runs when n8n answered the first copy otherwise (its run was not started)', async () => {
		const first = webhookContext();
		await claimMessage(first, URL, 'm1', details);
		first.response.status(500).end();
		expect(await claimMessage(webhookContext(), URL, 'm1', details)).toBeUndefined();
	});

	it('is waited for while the first copy is under way, and then follows its answer', async () => {
		const first = webhookContext();
		await claimMessage(first, URL, 'm1', details);
		const copy = webhookContext();
		const waiting = claimMessage(copy, URL, 'm1', details);
		first.response.status(200).end();
		expect(await waiting).toEqual({ noWebhookResponse: true });
		expect(copy.response.statusCode).toBe(200);
	});

	it('of another trigger URL runs', async () => {
		await claimMessage(webhookContext(), URL, 'm1', details);
		expect(await claimMessage(webhookContext(), `${URL}2`, 'm1', details)).toBeUndefined();
	});
});

describe('a transaction met live and in a catch-up', () => {
	it('runs live unless a catch-up put it out, and a live claim n8n did not accept is given up', () => {
		const catchUp = webhookContext();
		const claims = claimCaughtUpTransactions(catchUp, URL, '43113', [{ hash: HASH, block: 5 }]);
		expect([...claims.claimed]).toEqual([HASH]);
		expect(claimLiveTransaction(webhookContext(), URL, '43113', { txHash: HASH, blockNumber: '5' })).toBe(false);
		claims.release();
		const live = webhookContext();
		expect(claimLiveTransaction(live, URL, '43113', { txHash: HASH, blockNumber: '5' })).toBe(true);
		live.response.status(500).end();
		expect(claimCaughtUpTransactions(webhookContext(), URL, '43113', [{ hash: HASH, block: 5 }]).claimed.size).toBe(1);
	});

	it('stays claimed by a catch-up whose run n8n accepted', () => {
		const catchUp = webhookContext();
		claimCaughtUpTransactions(catchUp, URL, '43113', [{ hash: HASH, block: 5 }]).settleWithRun();
		catchUp.response.status(200).end();
		expect(claimLiveTransaction(webhookContext(), URL, '43113', { txHash: HASH, blockNumber: 5 })).toBe(false);
	});
});

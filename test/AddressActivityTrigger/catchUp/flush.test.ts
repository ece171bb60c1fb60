/**
 * A flush of the durable position, as a process that ran transactions sends it to the trigger's URL
 * (signed as deliveries are): whichever process gets it writes the transactions the record lacks
 * and answers whether the record held them all already, which ends the sender's flushes. Refused
 * for a webhook that is not this trigger's; answered "send again" while the trigger is being
 * published (that publication's save would undo the write).
 */
import { randomBytes } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { ranKeys, readPosition, recorded } from '../../../nodes/AddressActivityTrigger/staticData/position';
import type { FlushedTransaction } from '../../../nodes/AddressActivityTrigger/staticData/positionRequests';
import { CATCH_UP_EVENT } from '../../../nodes/shared/service/catchUpRequest';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { ALICE, FUJI, chainStateOf, triggerParameters, useTriggerStack } from '../support';

/** Another process, as the record's windows name their writers. */
const OTHER_PROCESS = 'a1b2c3d4e5f6';

const stack = useTriggerStack();
let trigger: TriggerHarness;
let webhookId: string;

beforeEach(async () => {
	trigger = await stack.publishedTrigger(triggerParameters({ addresses: ALICE }), { persistence: 'n8n' });
	webhookId = String(chainStateOf(trigger).webhookId);
});

afterEach(async () => {
	await trigger.deactivate();
	stack.receiver.harness = undefined;
});

const randomHash = () => `0x${randomBytes(32).toString('hex')}`;

/** Transactions in the blocks after the chain's head now (after where the trigger's catch-up starts), as a flush lists them. */
async function ranAfterHead(...hashes: string[]): Promise<FlushedTransaction[]> {
	const { body } = await stack.control.service<{ blocks: IDataObject[] }>(stack.key, 'GET', `/v1/chains/${FUJI}/blocks?pageSize=1`);
	const [head, time] = [Number(body.blocks[0].blockNumber), Number(body.blocks[0].blockTimestamp)];
	return hashes.map((hash, index) => [head + index + 1, time + index + 1, hash]);
}

function flushRequest(transactions: FlushedTransaction[], overrides: IDataObject = {}): IDataObject {
	return {
		eventType: CATCH_UP_EVENT,
		messageId: `flush:${OTHER_PROCESS}:${FUJI}:${Date.now()}`,
		webhookId,
		chainId: FUJI,
		flush: { writer: OTHER_PROCESS, transactions },
		...overrides,
	};
}

/**
 * Whether the stored durable position accounts for the transaction, so that a catch-up after a
 * restart leaves it out: listed as run, or before the block the catch-up starts from (the record
 * folds a run of consecutive blocks into that start).
 */
function accountedFor([block, , hash]: FlushedTransaction): boolean {
	const position = readPosition(chainStateOf(trigger).position);
	return recorded(position, ranKeys(position), { hash, block });
}

async function flush(body: IDataObject) {
	return await trigger.receive(signedDelivery(body, await stack.control.sharedSecret(stack.key)));
}

/**
 * Sends the flush again until it is written, as its sender does: within half a second of a
 * publication's end (the trigger's own, in beforeEach, or a test's) it is answered 503.
 */
async function flushUntilWritten(transactions: FlushedTransaction[]) {
	return await waitFor('the flush written', async () => {
		const answer = await flush(flushRequest(transactions));
		return answer.statusCode === 503 ? undefined : answer;
	});
}

describe('a flush of the durable position', () => {
	it('writes the transactions the record lacks and answers that it lacked them; the same flush again is answered as recorded; nothing runs', async () => {
		const [first, second] = [randomHash(), randomHash()];
		const transactions = await ranAfterHead(first, second);
		const written = await flushUntilWritten(transactions);
		expect({ statusCode: written.statusCode, body: written.body, items: written.items }).toEqual({ statusCode: 200, body: { received: true, flush: { alreadyRecorded: false } }, items: undefined });
		expect(transactions.map(accountedFor)).toEqual([true, true]);
		const again = await flush(flushRequest(transactions));
		expect({ statusCode: again.statusCode, body: again.body }).toEqual({ statusCode: 200, body: { received: true, flush: { alreadyRecorded: true } } });
		expect(trigger.startedRuns).toEqual([]);
	});

	it('with nothing to write (an empty list from a process with no window open) is answered as recorded', async () => {
		const answer = await flushUntilWritten([]);
		expect({ statusCode: answer.statusCode, body: answer.body }).toEqual({ statusCode: 200, body: { received: true, flush: { alreadyRecorded: true } } });
	});

	it('is refused, naming the webhook and chain, for a webhook not registered at this trigger\'s URL or on another chain, and writes nothing', async () => {
		const stranger = randomHash();
		const transactions = await ranAfterHead(stranger);
		const foreign = await flush(flushRequest(transactions, { webhookId: 'not-this-triggers-webhook' }));
		expect({ statusCode: foreign.statusCode, body: foreign.body }).toEqual({
			statusCode: 401,
			body: { received: false, message: `Refused a flush for webhook not-this-triggers-webhook, which is not registered at this trigger's URL on chain ${FUJI}` },
		});
		const otherChain = await flush(flushRequest(transactions, { chainId: '43114' }));
		expect({ statusCode: otherChain.statusCode, body: otherChain.body }).toEqual({
			statusCode: 401,
			body: { received: false, message: `Refused a flush for webhook ${webhookId}, which is not registered at this trigger's URL on chain 43114` },
		});
		expect(transactions.map(accountedFor)).toEqual([false]);
	});

	it('while the trigger is being published is answered 503 to be sent again, and writes once the publication has ended', async () => {
		const during = randomHash();
		// The publication's read of its webhook is held: the flush arrives while it runs.
		await stack.control.clearRequests();
		await stack.control.addFault({ method: 'GET', path: `/v1/webhooks/${webhookId}`, count: 1, delayMs: 8000 });
		const publication = trigger.activate();
		await waitFor('the publication reading its webhook', async () => (await stack.control.requests()).some((request) => request.method === 'GET' && request.path === `/v1/webhooks/${webhookId}`));
		const transactions = await ranAfterHead(during);
		const refused = await flush(flushRequest(transactions));
		expect({ statusCode: refused.statusCode, body: refused.body }).toEqual({ statusCode: 503, body: { received: false, message: 'The trigger is being published: the flush is to be sent again' } });
		await publication;
		expect(transactions.map(accountedFor)).toEqual([false]);
		const written = await flushUntilWritten(transactions);
		expect({ statusCode: written.statusCode, body: written.body }).toEqual({ statusCode: 200, body: { received: true, flush: { alreadyRecorded: false } } });
		expect(transactions.map(accountedFor)).toEqual([true]);
	});
});

// webhook() answering the trigger's own sample request of Execute step (nodes/AddressActivityTrigger/sample/run.ts),
// through n8n-core against the emulator: with more than ten addresses the newest transfer comes
// from the chain's newest transactions (no read per address); chain data that cannot be read gives
// no run and a warning, and listening goes on.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { logLines } from '../../harness/logger';
import type { ReceivedDelivery, TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { ALICE, CAROL, FUJI, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();
let harness: TriggerHarness | undefined;

afterEach(async () => {
	await harness?.deactivate({ test: true });
	harness = undefined;
	stack.receiver.harness = undefined;
});

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;
const isSampleRequest = (delivery: ReceivedDelivery) => bodyOf(delivery).eventType === 'n8n_address_activity_sample';
const address = (index: number) => `0x5a3e${index.toString(16).padStart(36, '0')}`;

/** Execute step: the test webhook registered, and the sample request the trigger sends itself, once answered (other than "not registered yet"). */
async function executeStep(parameters: INodeParameters): Promise<ReceivedDelivery> {
	const from = stack.receiver.deliveries.length;
	harness = stack.trigger(triggerParameters(parameters));
	await harness.activate({ test: true });
	return await waitFor('the sample request answered', () =>
		stack.receiver.deliveries.slice(from).find((delivery) => isSampleRequest(delivery) && delivery.outcome !== undefined && delivery.outcome.statusCode !== 503),
	);
}

describe('the sample of Execute step', () => {
	it('with more than ten addresses: the newest transfer among the chain\'s newest transactions, read without a request per address', async () => {
		const watched = Array.from({ length: 11 }, (_, index) => address(index + 1));
		const { txHash } = await stack.control.activity({ chainId: FUJI, from: CAROL, to: watched[10], value: '3000000000000000000' });
		await stack.control.clearRequests();
		const answered = await executeStep({ addresses: watched.join(', ') });
		expect(answered.outcome?.statusCode).toBe(200);
		const items = (answered.outcome?.items ?? []).map((item) => item.json);
		expect(items).toEqual([expect.objectContaining({ txHash, to: watched[10], direction: 'in', sample: true, testEvent: true })]);
		const reads = (await stack.control.requests()).filter((request) => request.method === 'GET' && request.path.startsWith(`/v1/chains/${FUJI}/`));
		expect(reads.filter((request) => request.path.includes('/addresses/'))).toEqual([]);
		expect(reads.filter((request) => request.path === `/v1/chains/${FUJI}/transactions`).length).toBeGreaterThan(0);
		expect(harness!.startedRuns).toHaveLength(1);
	});

	it('when chain data cannot be read: no run, a warning saying so, and the listening goes on to a live transfer', async () => {
		await stack.control.addFault({ method: 'GET', path: `/v1/chains/${FUJI}/addresses/${ALICE}/transactions`, count: 10, status: 400 });
		const from = logLines.length;
		const answered = await executeStep({ addresses: ALICE });
		await stack.control.clearFaults();
		expect({ statusCode: answered.outcome?.statusCode, body: answered.outcome?.body, items: answered.outcome?.items }).toEqual({
			statusCode: 200,
			body: { received: false, message: expect.stringMatching(/^No sample: could not read chain data \(.*\); listening for a live transfer$/) },
			items: undefined,
		});
		expect(logLines.slice(from).filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([expect.stringContaining('No sample: could not read chain data')]);
		expect(harness!.startedRuns).toEqual([]);
		const { txHash } = await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000000000000000000' });
		await waitFor('the live transfer run', () => harness!.startedRuns.length === 1);
		expect(harness!.startedRuns[0].map((item) => [item.json.txHash, item.json.sample ?? false])).toEqual([[txHash, false]]);
	});
});

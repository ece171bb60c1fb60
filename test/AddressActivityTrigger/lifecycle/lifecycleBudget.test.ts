// What an activation or deactivation may spend on the service, through n8n-core's HookContext with
// the clock set: 45 s for its calls from its start; calls that follow a failure within n8n's
// activation retries (84 s) share the first one's deadline, so the node's message ends them
// before n8n's does; a test listener's budget is its own; and while one runs, this trigger's
// publication is under way (a delivery then leaves the durable position to a later flush).
import { publicationKey, publicationNear, forgetPublications } from '../../../nodes/AddressActivityTrigger/memory/publications';
import { forgetLifecycleStarts } from '../../../nodes/AddressActivityTrigger/memory/lifecycleStarts';
import { withinLifecycleBudget } from '../../../nodes/AddressActivityTrigger/lifecycle/lifecycleBudget';
import { N8N_ACTIVATION_RETRY_MS } from '../../../nodes/shared/n8n/n8nInternals';
import { triggerHookContext } from '../../harness/contexts';
import { TRIGGER_NODE_NAME } from '../../harness/names';

const BUDGET_MS = 45_000;
const START = Date.UTC(2026, 10, 28, 9, 0, 0);

const publication = () => triggerHookContext({}).context;
const testListener = () => triggerHookContext({ test: true }).context;
const failing = async () => {
	throw new Error('The service did not answer');
};

beforeEach(() => {
	jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});

afterEach(() => {
	jest.useRealTimers();
	forgetLifecycleStarts();
	forgetPublications();
});

describe('the lifecycle budget', () => {
	it('gives the calls 45 s from the start, and hands back what the work returns', async () => {
		expect(await withinLifecycleBudget(publication(), async (call) => call.deadline)).toBe(START + BUDGET_MS);
	});

	it('after a failure, shares the first start\'s deadline with the calls n8n retries within 84 s, and rethrows the failure as it was', async () => {
		await expect(withinLifecycleBudget(publication(), failing)).rejects.toThrow('The service did not answer');
		jest.setSystemTime(START + 30_000);
		expect(await withinLifecycleBudget(publication(), async (call) => call.deadline)).toBe(START + BUDGET_MS);
		// Succeeded: the next call starts a budget of its own.
		jest.setSystemTime(START + 40_000);
		expect(await withinLifecycleBudget(publication(), async (call) => call.deadline)).toBe(START + 40_000 + BUDGET_MS);
	});

	it('gives a call after n8n\'s retries are over a budget of its own', async () => {
		await expect(withinLifecycleBudget(publication(), failing)).rejects.toThrow();
		jest.setSystemTime(START + N8N_ACTIVATION_RETRY_MS);
		expect(await withinLifecycleBudget(publication(), async (call) => call.deadline)).toBe(START + N8N_ACTIVATION_RETRY_MS + BUDGET_MS);
	});

	it('keeps a test listener\'s budget apart from the publication\'s', async () => {
		await expect(withinLifecycleBudget(publication(), failing)).rejects.toThrow();
		jest.setSystemTime(START + 10_000);
		expect(await withinLifecycleBudget(testListener(), async (call) => call.deadline)).toBe(START + 10_000 + BUDGET_MS);
	});

	it('marks the trigger\'s publication under way while the work runs, and ended when it returns or fails', async () => {
		const key = publicationKey('wf-context', TRIGGER_NODE_NAME);
		expect(await withinLifecycleBudget(publication(), async () => publicationNear(key, Date.now()))).toBe(true);
		jest.setSystemTime(START + 1_000);
		expect(publicationNear(key, Date.now())).toBe(false);
		await expect(withinLifecycleBudget(publication(), failing)).rejects.toThrow();
		jest.setSystemTime(START + 2_000);
		expect(publicationNear(key, Date.now())).toBe(false);
	});
});

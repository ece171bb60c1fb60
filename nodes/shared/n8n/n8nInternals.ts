/**
 * Where the nodes rely on how n8n behaves beyond its documented node API, each reliance named once
 * here, with the real-n8n test that fails when an n8n version changes it (run on 2.41.1 by
 * `npm run test:e2e`, on 1.123.81 by `npm run test:e2e:n8n1`, unless said):
 * test/e2e/n8nInternals.test.ts for onAnswer, webhookUrlOfRequest, rawBodyOf, answersBeforeRun and
 * the static data functions (keepStaticDataChangeUntilAnswered among them); executeStep.test.ts for
 * markTestRegistration and isTestRegistrationMarked; trigger-service.test.ts for
 * N8N_ACTIVATION_RETRY_MS (2.41.1 only); mcp.test.ts for isAgentTool and agentArgument (2.41.1
 * only). Relied on without code of its own:
 * - n8n serves a trigger's production URL while its activation (checkExists, create) runs, so the
 *   catch-up request an activation sends itself reaches webhook() (catchup.test.ts).
 * - With responseMode 'onReceived', n8n 2.x answers a delivery once the run exists (or is queued),
 *   and 500 when it cannot start it; 1.x answers before it starts the run (trigger-races.test.ts,
 *   2.41.1 only).
 * - Test listening (Execute step) ends at the first request to the test URL whose webhook() starts
 *   a run; one answered without a run keeps it listening (executeStep.test.ts).
 */
import { sleep } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, INode, IWebhookFunctions } from 'n8n-workflow';

/**
 * n8n 2.41 retries a failed activation for up to this long, then ends it with its own message
 * (its publication service; 1.x does not retry). The trigger's lifecycle budget stays inside it.
 */
export const N8N_ACTIVATION_RETRY_MS = 84_000;

/**
 * Calls `answered` with the status n8n answers the request with, when n8n ends the response (its
 * `end`, which n8n calls for every answer, its own and the node's). No API says whether n8n
 * accepted the run; this is taken at `end`, not when the bytes reach the sender, because n8n still
 * creates the run when the sender stopped waiting and closed the connection.
 */
export function onAnswer(context: IWebhookFunctions, answered: (statusCode: number) => void): void {
	const response = context.getResponseObject();
	const end = response.end.bind(response) as (...args: unknown[]) => unknown;
	(response as unknown as { end: (...args: unknown[]) => unknown }).end = (...args: unknown[]) => {
		answered(response.statusCode);
		return end(...args);
	};
}

type ResourceUrl = (name: string) => string | undefined;

/**
 * The URL of the webhook a request came to (test and production URLs differ). n8n 2.x gives it
 * (`getWebhookResourceUrl`); 1.x has no such method (calling it throws, and n8n then answers 500)
 * and its `getNodeWebhookUrl` gives the production URL also for a test request.
 */
export function webhookUrlOfRequest(context: IWebhookFunctions): string {
	const resourceUrl = (context as { getWebhookResourceUrl?: ResourceUrl }).getWebhookResourceUrl;
	if (typeof resourceUrl === 'function') return resourceUrl.call(context, 'default') ?? context.getNodeWebhookUrl('default') ?? '';
	return requestedUrl(context, context.getNodeWebhookUrl('default') ?? '');
}

/**
 * The URL of the request's webhook as n8n 1.x registered it: a test delivery ("Listen for test
 * event", mode manual) swaps the production endpoint for the one the request came in on
 * (`/webhook-test/…`), keeping any path prefix.
 */
function requestedUrl(context: IWebhookFunctions, production: string): string {
	if (context.getMode() !== 'manual' || production === '') return production;
	const requestPath = (context.getRequestObject().originalUrl ?? '').split('?')[0];
	const url = new URL(production);
	// own: [...prefix, endpoint, ...tail]; requested: [...prefix unless a proxy removed it, test endpoint, ...tail].
	const own = url.pathname.split('/');
	const requested = requestPath.split('/');
	let tail = 0;
	while (tail < own.length - 1 && tail < requested.length - 1 && own[own.length - 1 - tail] === requested[requested.length - 1 - tail]) tail++;
	let head = 0;
	while (head < own.length - tail - 1 && head < requested.length - tail && own[head] === requested[head]) head++;
	url.pathname = [...own.slice(0, own.length - tail - 1), ...requested.slice(head, requested.length - tail), ...own.slice(own.length - tail)].join('/');
	return url.href;
}

/**
 * The request body's bytes as received: n8n's body parser keeps them on the request (`rawBody`,
 * which n8n-workflow declares on every incoming message; a request n8n did not parse has none).
 */
export function rawBodyOf(context: IWebhookFunctions): Buffer | undefined {
	const rawBody: unknown = context.getRequestObject().rawBody;
	return Buffer.isBuffer(rawBody) ? rawBody : undefined;
}

/**
 * n8n 1.x (its webhook context has no getWebhookResourceUrl) answers a request that starts a run,
 * and saves its static data, before it creates the run; 2.x creates the run first.
 */
export function answersBeforeRun(context: { getWebhookResourceUrl?: unknown }): boolean {
	return typeof context.getWebhookResourceUrl !== 'function';
}

/**
 * The node's static data as n8n loaded it for this request, for reading in webhook(): n8n loads it
 * from its database for each request and saves it back whole when changed (the last writer wins).
 * The trigger writes only its durable position there (storeInStaticData, then
 * keepStaticDataChangeUntilAnswered when the request starts a run).
 */
export function publishedStaticData(context: IWebhookFunctions): Readonly<IDataObject> {
	return context.getWorkflowStaticData('node');
}

/** How long a request's change is kept marked at most: the service waits 10 s for n8n's answer. */
const MARKED_AT_MOST_MS = 10_000;

/**
 * Keeps the change webhook() made to static data marked as changed until n8n has answered the
 * request. n8n 2.41 saves webhook()'s change after it created the run, but creating the run builds
 * another Workflow over the same static data, which marks it unchanged again (n8n-workflow's
 * ObservableObject.create): without this a request that starts a run never saves its change. n8n
 * saves before it answers, so the mark is set again (every millisecond) until the answer. `stop`
 * ends it early (the process's memory forgotten).
 */
export function keepStaticDataChangeUntilAnswered(context: IWebhookFunctions, stop?: AbortSignal): void {
	const data = context.getWorkflowStaticData('node');
	let answered = false;
	onAnswer(context, () => (answered = true));
	const until = Date.now() + MARKED_AT_MOST_MS;
	const keys = Object.keys(data);
	if (keys.length === 0) return;
	void (async () => {
		try {
			while (!answered && Date.now() < until) {
				// Setting a property of static data (to its own value) marks the whole document changed.
				Reflect.set(data, keys[0], data[keys[0]]);
				await sleep(1, stop);
			}
		} catch {
			// Stopped early.
		}
	})();
}

/**
 * Stores `value` under `key` of static data (deletes the key for undefined). n8n saves static data
 * after the webhook methods when it saw a change, which it tracks with a proxy around each object it
 * loaded: a value built anew is therefore assigned at the top level, which the proxy always sees.
 */
export function storeInStaticData(data: IDataObject, key: string, value: IDataObject | undefined): void {
	if (value === undefined) delete data[key];
	else data[key] = value;
}

/** n8n offers a node with `usableAsTool` to AI agents as a node type named `<type>Tool`. */
export function isAgentTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/** The argument an AI agent fills a parameter with: the key of the $fromAI('key', ...) expression n8n puts there. */
export function agentArgument(parameter: unknown): string | undefined {
	const raw = parameter !== null && typeof parameter === 'object' && '__rl' in parameter ? (parameter as { value?: unknown }).value : parameter;
	if (typeof raw !== 'string') return undefined;
	return /\$fromAI\(\s*(['"`])([^'"`]+)\1/.exec(raw)?.[2];
}

/** Where markTestRegistration leaves its mark: in the static data of Execute step, which n8n never saves. */
const TEST_REGISTRATION_MARK = 'testRegistrationMark';

/**
 * Leaves `mark` in the test registration n8n is making for Execute step (call it from checkExists
 * or create in test mode). n8n registers the test webhook, runs the trigger's checkExists and
 * create, then registers it again with the static data they left, and gives that static data to
 * webhook() for requests to the test URL (1.123.81 and 2.41.1, test-webhooks.js). So webhook() sees
 * the mark once n8n has finished registering; a run started before would leave n8n's own
 * registration behind it. Static data of test listening is never saved to the database.
 */
export function markTestRegistration(context: IHookFunctions, mark: string): void {
	context.getWorkflowStaticData('node')[TEST_REGISTRATION_MARK] = mark;
}

/** Whether n8n has finished the test registration markTestRegistration marked (in webhook(), for a request to the test URL). */
export function isTestRegistrationMarked(context: IWebhookFunctions, mark: string): boolean {
	return context.getWorkflowStaticData('node')[TEST_REGISTRATION_MARK] === mark;
}

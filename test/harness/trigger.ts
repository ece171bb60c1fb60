/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * Runs the Address Activity Trigger the way n8n does: its webhookMethods through n8n-core's real
 * HookContext and its webhook() through the real WebhookContext, with real node parameters
 * (expressions included), credentials resolved by a credentials helper and the workflow's static
 * data. A small HTTP receiver stands in for n8n's webhook server, so the emulator's signed
 * deliveries arrive over real HTTP and get the node's answer.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type IWebhookData,
	type IWebhookResponseData,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { buildAdditionalData } from './additionalData';
import './logger';
import { HarnessCredentialsHelper, type AddressActivityCredentialData } from './credentials';
import { CREDENTIAL_TYPE, TRIGGER_NODE_NAME, TRIGGER_NODE_TYPE } from './names';
import { harnessNode, HarnessNodeTypes } from './nodeTypes';
import { sleep, waitFor } from './wait';

/** How long n8n 2.x takes, in these tests, from creating a run's workflow to saving static data (its database writes). */
const RUN_CREATED_MS = 20;


export interface TriggerHarnessOptions {
	parameters: INodeParameters;
	credentials: AddressActivityCredentialData;
	/** Static data as n8n would load it from the database (e.g. after a restart). */
	staticData?: IDataObject;
	/** Base of the webhook URLs, e.g. the receiver's http://127.0.0.1:PORT. */
	publicUrl?: string;
	workflowId?: string;
	workflowName?: string;
	nodeName?: string;
	/** The node's webhookId: the path segment that makes its URL unique. */
	webhookId?: string;
	typeVersion?: number;
	/** The n8n major whose webhook context to imitate: 1.x has no getWebhookResourceUrl (default 2). */
	n8nMajor?: 1 | 2;
	/**
	 * How static data lives. `shared` (default): one object for every call, saved nowhere. `n8n`: as
	 * n8n keeps it (33-facts): each request and each lifecycle call (checkExists + create at
	 * activation, delete) loads the stored document, and saves it whole at its end if it changed,
	 * the last save winning; a delivery's change is saved after n8n accepted its run (2.x) or before
	 * n8n creates it (1.x), and not when webhook() throws.
	 */
	persistence?: 'shared' | 'n8n';
}

/** A save n8n was about to make, held back by the test (see TriggerHarness.holdSaves). */
export interface HeldSave {
	/** What saved it: a request's path kind, or a lifecycle method. */
	by: string;
	document: string;
}

/** What the sender of a delivery sees, and what the workflow would start with. */
export interface DeliveryOutcome {
	statusCode: number;
	body: unknown;
	/** The items the workflow starts with; undefined when nothing runs. */
	items?: INodeExecutionData[];
	result: IWebhookResponseData;
	/** What webhook() threw, if it did. */
	error?: unknown;
}

export interface IncomingDelivery {
	headers: Record<string, string | string[] | undefined>;
	rawBody: Buffer;
}

/**
 * A captured express-like response: the node writes its own answers through it, and, like
 * Express's, it emits 'finish' once an answer is written and 'close' after that.
 */
class CapturedResponse extends EventEmitter {
	statusCode = 200;

	body: unknown;

	ended = false;

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	json(body: unknown): this {
		this.body = body;
		return this.end();
	}

	send(body: unknown): this {
		return this.json(body);
	}

	end(): this {
		if (this.ended) return this;
		this.ended = true;
		this.emit('finish');
		this.emit('close');
		return this;
	}

	setHeader(): this {
		return this;
	}
}

export class TriggerHarness {
	/** The workflow with its static data (persistence `shared`), or as last loaded (`n8n`). */
	workflow: Workflow;

	readonly persistence: 'shared' | 'n8n';

	/** Persistence `n8n`: the stored static data document (what n8n's database holds). */
	private stored = '{}';

	/** Persistence `n8n`: how many saves reached the stored document. */
	saves = 0;

	/** Persistence `n8n`: the next this many saves fail silently (n8n logs and swallows a failed save). */
	dropNextSaves = 0;

	/** Persistence `n8n`: while true, saves wait in heldSaves until the test releases them (in any order). */
	holdSaves = false;

	readonly heldSaves: HeldSave[] = [];

	readonly node: INode;

	publicUrl: string;
	readonly n8nMajor: 1 | 2;

	private readonly nodeTypes = new HarnessNodeTypes();

	private readonly trigger = this.nodeTypes.getByNameAndVersion(TRIGGER_NODE_TYPE);

	private readonly credentialsHelper: HarnessCredentialsHelper;

	constructor(options: TriggerHarnessOptions) {
		this.credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: options.credentials });
		this.publicUrl = options.publicUrl ?? 'http://127.0.0.1:5678';
		this.n8nMajor = options.n8nMajor ?? 2;
		this.node = harnessNode({
			id: 'a2f0c2de-1f7e-4f43-9c55-2b1e8d3c0001',
			name: options.nodeName ?? TRIGGER_NODE_NAME,
			type: TRIGGER_NODE_TYPE,
			typeVersion: options.typeVersion ?? 2,
			webhookId: options.webhookId ?? 'c0ffee00-0000-4000-8000-000000000001',
			parameters: options.parameters,
		});
		this.persistence = options.persistence ?? 'shared';
		this.workflowId = options.workflowId ?? 'wf-trigger-1';
		this.workflowName = options.workflowName ?? 'Treasury alerts';
		this.stored = JSON.stringify(options.staticData ?? {});
		this.workflow = this.newWorkflow();
	}

	private readonly workflowId: string;

	private readonly workflowName: string;

	private newWorkflow(): Workflow {
		return new Workflow({
			id: this.workflowId,
			name: this.workflowName,
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: this.nodeTypes,
			staticData: JSON.parse(this.stored) as IDataObject,
		});
	}

	/** The workflow one request or lifecycle call works with: its static data loaded now (`n8n`), or the one shared. */
	private load(): Workflow {
		if (this.persistence === 'shared') return this.workflow;
		// A test listener's registration (its static data) lives beside the stored document.
		const testStaticData = this.workflow.testStaticData;
		this.workflow = this.newWorkflow();
		if (testStaticData !== undefined) this.workflow.setTestStaticData(testStaticData);
		return this.workflow;
	}

	/** As n8n's saveStaticData: the whole document when it changed (nothing in `shared` persistence). */
	private save(workflow: Workflow, by: string): void {
		if (this.persistence === 'shared') return;
		const data = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (data.__dataChanged !== true) return;
		data.__dataChanged = false;
		const document = JSON.stringify(data);
		if (this.dropNextSaves > 0) {
			this.dropNextSaves--;
			return;
		}
		if (this.holdSaves) this.heldSaves.push({ by, document });
		else this.store(document);
	}

	private store(document: string): void {
		this.stored = document;
		this.saves++;
	}

	/** Lets the held saves reach the stored document in this order (default: as they were made), and stops holding. */
	releaseHeldSaves(order: (held: HeldSave[]) => HeldSave[] = (held) => held): void {
		this.holdSaves = false;
		for (const held of order(this.heldSaves.splice(0))) this.store(held.document);
	}

	/** Persistence `n8n`: the stored static data of this node, as a copy. */
	storedState(): IDataObject {
		return ((JSON.parse(this.stored) as IDataObject)[`node:${this.node.name}`] ?? {}) as IDataObject;
	}

	/** Persistence `n8n`: changes the stored static data of this node (as another process's save would). */
	editStoredState(edit: (state: IDataObject) => void): void {
		const document = JSON.parse(this.stored) as IDataObject;
		const key = `node:${this.node.name}`;
		const state = (document[key] ?? {}) as IDataObject;
		edit(state);
		document[key] = state;
		this.stored = JSON.stringify(document);
	}

	/** Changes parameters as an edit in the editor followed by re-activation would. */
	setParameters(parameters: INodeParameters): void {
		this.node.parameters = parameters;
	}

	private additionalData(extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
		return { ...buildAdditionalData({ credentialsHelper: this.credentialsHelper, baseUrl: this.publicUrl }), ...extra };
	}

	private webhookData(isTest: boolean, additionalData: IWorkflowExecuteAdditionalData): IWebhookData {
		const description = this.trigger.description.webhooks?.[0];
		if (!description) throw new Error('the trigger declares no webhook');
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${this.node.webhookId}/webhook`,
			webhookDescription: description,
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	/**
	 * The workflow n8n runs a test listener's webhook methods on: built anew from the saved workflow
	 * (its static data copied), as n8n's test webhooks do. Requests to the test URL see the static
	 * data these methods left only once activate({test}) has returned: n8n registers the test
	 * webhook again with it after checkExists and create (test-webhooks.js, needsWebhook).
	 */
	private testWorkflow: Workflow | undefined;

	private testListenerWorkflow(): Workflow {
		this.testWorkflow ??= new Workflow({
			id: this.workflow.id,
			name: this.workflow.name,
			nodes: [this.node],
			connections: {},
			active: false,
			nodeTypes: this.nodeTypes,
			staticData: JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject,
		});
		return this.testWorkflow;
	}

	/** A lifecycle call's context: a test listener's on its own workflow, a publication's on `workflow` (as loaded). */
	private hookContext(test: boolean, workflow: Workflow): HookContext {
		const additionalData = this.additionalData();
		const mode: WorkflowExecuteMode = test ? 'manual' : 'trigger';
		const activation: WorkflowActivateMode = test ? 'manual' : 'activate';
		if (test) workflow = this.testListenerWorkflow();
		return new HookContext(workflow, this.node, additionalData, mode, activation, this.webhookData(test, additionalData));
	}

	/** One lifecycle method; with `workflow`, on that loaded copy (n8n saves it once, at the publication's end). */
	private async runWebhookMethod(method: 'checkExists' | 'create' | 'delete', test: boolean, workflow?: Workflow): Promise<boolean> {
		const run = this.trigger.webhookMethods?.default?.[method];
		if (!run) throw new Error(`the trigger has no ${method}`);
		const loaded = workflow ?? this.load();
		try {
			return (await run.call(this.hookContext(test, loaded))) === true;
		} finally {
			if (workflow === undefined && !test) this.save(loaded, method);
		}
	}

	checkExists(options: { test?: boolean } = {}): Promise<boolean> {
		return this.runWebhookMethod('checkExists', options.test === true);
	}

	create(options: { test?: boolean } = {}): Promise<boolean> {
		return this.runWebhookMethod('create', options.test === true);
	}

	delete(options: { test?: boolean } = {}): Promise<boolean> {
		return this.runWebhookMethod('delete', options.test === true);
	}

	/**
	 * Where n8n's test listener (Execute step) stands: `registering` while its webhook methods run
	 * (n8n already answers the test URL), `listening` once registered, `off` before and after. The
	 * first test request that starts a run ends the listening: DeliveryReceiver sets `off` then, as
	 * n8n removes the registration (requests to the test URL are still answered here; calling
	 * deactivate({test}) stands for n8n deleting the webhooks).
	 */
	testListener: 'off' | 'registering' | 'listening' = 'off';

	/**
	 * What n8n does on activation, and on Execute step (test): checkExists, then create if needed.
	 * `holdRegistration` leaves a test listener `registering`, as n8n is until create() has returned
	 * and it has stored the registration again: completeTestRegistration() finishes it.
	 */
	async activate(options: { test?: boolean; holdRegistration?: boolean } = {}): Promise<void> {
		if (options.test === true) {
			// A new listener starts from the saved static data; its requests see none of it until registered.
			this.testWorkflow = undefined;
			this.workflow.setTestStaticData(undefined as unknown as IDataObject);
			this.testListener = 'registering';
			if (!(await this.checkExists(options))) await this.create(options);
			if (options.holdRegistration !== true) this.completeTestRegistration();
			return;
		}
		// A publication: one copy of the static data, loaded at the start and saved at the end.
		const workflow = this.load();
		try {
			if (!(await this.runWebhookMethod('checkExists', false, workflow))) await this.runWebhookMethod('create', false, workflow);
		} finally {
			this.save(workflow, 'activation');
		}
	}

	/** n8n stores the test registration again, with the static data the webhook methods left, and listens. */
	completeTestRegistration(): void {
		this.workflow.setTestStaticData(this.testListenerWorkflow().staticData);
		this.testListener = 'listening';
	}

	/** What n8n does on deactivation (and when a test listener ends). */
	async deactivate(options: { test?: boolean } = {}): Promise<void> {
		await this.delete(options);
		if (options.test === true) {
			this.testWorkflow = undefined;
			this.workflow.setTestStaticData(undefined as unknown as IDataObject);
			this.testListener = 'off';
		}
	}

	/** The node's static data (webhook id, secret, duplicate window); persistence `n8n`: as stored, a copy. */
	get state(): IDataObject {
		if (this.persistence === 'n8n') return this.storedState();
		return this.workflow.getStaticData('node', this.node);
	}

	/** Whether n8n would save the static data now (it saves only changed static data). */
	get staticDataChanged(): boolean {
		return (this.workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true;
	}

	/** As after n8n saved the static data: later changes show up in staticDataChanged. */
	markStaticDataSaved(): void {
		(this.workflow.staticData as { __dataChanged?: boolean }).__dataChanged = false;
	}

	/** Static data as n8n would store it in the database. */
	persistedStaticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	webhookUrl(options: { test?: boolean } = {}): string {
		return `${this.publicUrl}/${options.test ? 'webhook-test' : 'webhook'}/${this.node.webhookId}/webhook`;
	}

	/**
	 * Hands one request to the node's webhook() through n8n-core's WebhookContext and answers as
	 * n8n does for responseMode onReceived.
	 */
	async receive(delivery: IncomingDelivery, options: { test?: boolean } = {}): Promise<DeliveryOutcome> {
		let parsedBody: unknown = {};
		try {
			parsedBody = JSON.parse(delivery.rawBody.toString('utf8'));
		} catch {
			// n8n's JSON body parser would have answered 400 itself; the node guards against it too.
		}
		const request = {
			method: 'POST',
			headers: delivery.headers,
			body: parsedBody,
			rawBody: delivery.rawBody,
			params: {},
			query: {},
			// As n8n's express sees it: the path it was called on.
			originalUrl: new URL(this.webhookUrl(options)).pathname,
		};
		const response = new CapturedResponse();
		const additionalData = this.additionalData({
			httpRequest: request as unknown as IWorkflowExecuteAdditionalData['httpRequest'],
			httpResponse: response as unknown as IWorkflowExecuteAdditionalData['httpResponse'],
		});
		const test = options.test === true;
		const workflow = this.load();
		const by = `request ${new URL(this.webhookUrl(options)).pathname}`;
		const context = new WebhookContext(
			workflow,
			this.node,
			additionalData,
			test ? 'manual' : 'webhook',
			this.webhookData(test, additionalData),
			[],
			null,
		);
		// n8n 1.x's WebhookContext: no getWebhookResourceUrl; getNodeWebhookUrl gives the production URL only.
		if (this.n8nMajor === 1) Object.defineProperty(context, 'getWebhookResourceUrl', { value: undefined });
		if (!this.trigger.webhook) throw new Error('the trigger has no webhook()');
		let result: IWebhookResponseData;
		try {
			result = await this.trigger.webhook.call(context);
		} catch (error) {
			// n8n answers 500 when webhook() throws.
			response.status(500).json({ code: 0, message: 'Workflow Webhook Error: Workflow could not be started!' });
			return { statusCode: 500, body: response.body, result: {}, error };
		}
		const items = result.workflowData?.[0];
		if (result.noWebhookResponse === true) {
			// The node answered itself: n8n saves right after webhook() returns.
			this.save(workflow, by);
			return { statusCode: response.statusCode, body: response.body, items, result };
		}
		if (result.workflowData === undefined) {
			this.save(workflow, by);
			response.status(200).json(result.webhookResponse ?? { message: 'Webhook call received' });
			return { statusCode: 200, body: response.body, result };
		}
		// n8n 1.x saves (and answers) before it creates the execution.
		if (this.n8nMajor === 1) this.save(workflow, by);
		// The service may stop waiting (10 s) and close the connection before n8n answers.
		if (this.closeBeforeAnswer > 0) {
			this.closeBeforeAnswer--;
			response.emit('close');
		}
		// onReceived: n8n answers once it has created (or queued) the execution, with the node's
		// webhookResponse (the description's empty responseData lets it through); 500 if that failed.
		if (this.failExecutionStart > 0) {
			this.failExecutionStart--;
			response.status(500).json({ code: 0, message: 'There was a problem executing the workflow' });
			return { statusCode: 500, body: response.body, result };
		}
		this.startedRuns.push(items ?? []);
		if (this.n8nMajor === 2 && this.persistence === 'n8n') {
			// n8n 2.41 creates the run with another Workflow over the same static data, which clears
			// its change mark (33-facts, section 6), then (a database write later) saves, then answers.
			new Workflow({ id: this.workflowId, nodes: [this.node], connections: {}, active: true, nodeTypes: this.nodeTypes, staticData: workflow.staticData });
			await sleep(RUN_CREATED_MS);
			this.save(workflow, by);
		}
		response.status(200).json(result.webhookResponse ?? { message: 'Workflow was started' });
		return { statusCode: 200, body: response.body, items, result };
	}

	/** How many of the next deliveries the service gives up on (closes the connection) before n8n answers. */
	closeBeforeAnswer = 0;

	/** How many of the next runs n8n fails to start (as with a locked database): each answers 500. */
	failExecutionStart = 0;

	/** The items of every run n8n started, in order. */
	readonly startedRuns: INodeExecutionData[][] = [];
}

/** A delivery as it arrived at the receiver. */
export interface ReceivedDelivery extends IncomingDelivery {
	path: string;
	outcome?: DeliveryOutcome;
}

/**
 * Stands in for n8n's webhook server on 127.0.0.1: every POST is recorded and, when a harness is
 * attached, answered by the trigger's webhook(); otherwise it is acknowledged with 200.
 */
export class DeliveryReceiver {
	readonly deliveries: ReceivedDelivery[] = [];

	harness: TriggerHarness | undefined;

	/**
	 * Answers this many of the next deliveries with 503 after the trigger handled them, as when
	 * n8n's answer is lost on the way back: the service then retries the same message.
	 */
	loseAnswers = 0;

	/** Answers every request 404, as n8n answers a production URL whose workflow is not published. */
	notPublished = false;

	/**
	 * Answers every request 200 "n8n is starting up. Please wait" without handing it to the trigger,
	 * as n8n does while it starts (once its database is connected, until its migrations are done).
	 */
	startingUp = false;

	private server: Server | undefined;

	async start(): Promise<string> {
		this.server = createServer((request, response) => void this.handle(request, response));
		await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
		const { port } = this.server.address() as AddressInfo;
		return `http://127.0.0.1:${port}`;
	}

	async close(): Promise<void> {
		const server = this.server;
		if (!server) return;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
		this.server = undefined;
	}

	/** Resolves once `count` deliveries have arrived in all (fails after `timeoutMs`). */
	async waitFor(count: number, timeoutMs = 10000): Promise<ReceivedDelivery[]> {
		await waitFor(`${count} deliveries at the receiver`, () => this.deliveries.length >= count, timeoutMs);
		return this.deliveries.slice(0, count);
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const delivery: ReceivedDelivery = {
			path: request.url ?? '',
			headers: { ...request.headers },
			rawBody: Buffer.concat(chunks),
		};
		let statusCode = 200;
		let body: unknown = { received: true };
		if (this.startingUp) {
			this.deliveries.push(delivery);
			response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
			response.end('n8n is starting up. Please wait');
			return;
		}
		const harness = this.notPublished ? undefined : this.harness;
		if (this.notPublished) {
			statusCode = 404;
			body = { code: 404, message: `The requested webhook "POST ${delivery.path}" is not registered.` };
		}
		const test = harness !== undefined && delivery.path === new URL(harness.webhookUrl({ test: true })).pathname;
		if (harness && (test || delivery.path === new URL(harness.webhookUrl()).pathname)) {
			try {
				delivery.outcome = await harness.receive(delivery, { test });
				statusCode = delivery.outcome.statusCode;
				body = delivery.outcome.body;
				// n8n's test listening ends at the first test request that starts a run.
				if (test && delivery.outcome.items !== undefined && statusCode === 200) harness.testListener = 'off';
			} catch (error) {
				statusCode = 500;
				body = { message: (error as Error).message };
			}
			if (this.loseAnswers > 0) {
				this.loseAnswers--;
				statusCode = 503;
				body = { message: 'answer lost' };
			}
		}
		this.deliveries.push(delivery);
		response.writeHead(statusCode, { 'content-type': 'application/json' });
		response.end(JSON.stringify(body));
	}
}

/**
 * Runs the poll trigger the way n8n 2.41 does, through n8n-core's PollContext: activation runs one
 * poll (an error fails it) and saves the static data after it; a poll with items saves static data
 * and starts an execution; a poll without changes static data in memory only; Fetch Test Event
 * polls in manual mode on a fresh context. A restart keeps only what was saved.
 */
import { PollContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { buildAdditionalData } from './additionalData';
import { HarnessCredentialsHelper, type AddressActivityCredentialData } from './credentials';
import { CREDENTIAL_TYPE, POLL_TRIGGER_NODE_NAME, POLL_TRIGGER_NODE_TYPE } from './names';
import { harnessNode, HarnessNodeTypes } from './nodeTypes';

export interface PollHarnessOptions {
	parameters: INodeParameters;
	credentials: AddressActivityCredentialData;
	/** Static data as n8n would load it from its database. */
	staticData?: IDataObject;
	/** What n8n's getPollBudgetMs() answers (n8n-core's PollContext default otherwise). */
	pollBudgetMs?: number;
	/** The node's typeVersion (default 1: the single Chain). */
	typeVersion?: number;
}

/** One run of poll(): the items of the execution it started, or the error n8n would record. */
export interface PollOutcome {
	/** Items of the started execution; undefined when the poll returned null. */
	items?: INodeExecutionData[];
	error?: Error;
}

export class PollHarness {
	readonly node: INode;

	/** Every execution the polls started, in order: its trigger items. */
	readonly executions: INodeExecutionData[][] = [];

	private readonly nodeTypes = new HarnessNodeTypes();

	private readonly trigger = this.nodeTypes.getByNameAndVersion(POLL_TRIGGER_NODE_TYPE);

	private readonly credentialsHelper: HarnessCredentialsHelper;

	private workflow: Workflow;

	/** The static data as n8n last saved it to its database. */
	private saved: string;

	constructor(private readonly options: PollHarnessOptions) {
		this.node = harnessNode({
			id: 'b7c1d2e3-0000-4000-8000-00000000a001',
			name: POLL_TRIGGER_NODE_NAME,
			type: POLL_TRIGGER_NODE_TYPE,
			typeVersion: options.typeVersion ?? 1,
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...options.parameters },
		});
		this.credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: options.credentials });
		this.saved = JSON.stringify(options.staticData ?? {});
		this.workflow = this.loadWorkflow();
	}

	private loadWorkflow(): Workflow {
		return new Workflow({
			id: 'wf-poll-1',
			name: 'Treasury polling',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: this.nodeTypes,
			staticData: JSON.parse(this.saved) as IDataObject,
		});
	}

	/** Changes parameters, as an edit in the editor and a re-activation would. */
	setParameters(parameters: INodeParameters): void {
		this.node.parameters = { pollTimes: this.node.parameters.pollTimes, ...parameters };
	}

	private context(mode: WorkflowExecuteMode, activation: WorkflowActivateMode): PollContext {
		const additionalData = buildAdditionalData({ credentialsHelper: this.credentialsHelper });
		const budget = this.options.pollBudgetMs;
		return new PollContext(
			this.workflow,
			this.node,
			additionalData,
			mode,
			activation,
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			budget === undefined ? undefined : () => budget,
		);
	}

	private async run(activation: WorkflowActivateMode): Promise<PollOutcome> {
		const result = await this.trigger.poll!.call(this.context('trigger', activation));
		if (result === null) return {};
		// n8n saves the static data, then starts the execution with the items.
		this.save();
		const items = result[0] ?? [];
		this.executions.push(items);
		return { items };
	}

	private save(): void {
		this.saved = JSON.stringify(this.workflow.staticData);
	}

	/** Activation (or n8n's start): one poll at once; a failure fails the activation (rejects). */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		const outcome = await this.run(activation);
		this.save();
		return outcome;
	}

	/** One scheduled poll. An error is what n8n would record as a failed execution. */
	async poll(): Promise<PollOutcome> {
		try {
			return await this.run('activate');
		} catch (error) {
			return { error: error as Error };
		}
	}

	/** n8n stops (what was only in memory is lost) and starts again: activation 'init' polls at once. */
	async restart(): Promise<PollOutcome> {
		this.workflow = this.loadWorkflow();
		return await this.activate('init');
	}

	/** The editor's "Fetch Test Event": poll() in manual mode; rejects with the node's error. */
	async fetchTestEvent(): Promise<INodeExecutionData[]> {
		const result = await this.trigger.poll!.call(this.context('manual', 'manual'));
		return result?.[0] ?? [];
	}

	/** The node's static data as it is in memory now. */
	get state(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	/** The workflow's static data as n8n last saved it. */
	persistedStaticData(): IDataObject {
		return JSON.parse(this.saved) as IDataObject;
	}
}

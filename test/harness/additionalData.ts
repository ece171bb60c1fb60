import { ExecutionLifecycleHooks } from 'n8n-core';
import type { ICredentialsHelper, IWorkflowBase, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

export interface AdditionalDataOptions {
	credentialsHelper: ICredentialsHelper;
	/** Base of production webhook URLs, e.g. http://127.0.0.1:5678/webhook */
	webhookBaseUrl?: string;
	webhookTestBaseUrl?: string;
	workflowData?: IWorkflowBase;
	executionId?: string;
}

/**
 * The additional data n8n passes to WorkflowExecute and to every node context: credentials,
 * URLs, lifecycle hooks. Everything a run outside n8n's server needs, nothing it does not.
 */
export function buildAdditionalData(options: AdditionalDataOptions): IWorkflowExecuteAdditionalData {
	const executionId = options.executionId ?? 'harness-execution';
	const workflowData: IWorkflowBase =
		options.workflowData ??
		({
			id: 'harness-workflow',
			name: 'Harness workflow',
			active: false,
			nodes: [],
			connections: {},
			createdAt: new Date(),
			updatedAt: new Date(),
			isArchived: false,
			activeVersionId: null,
		} as unknown as IWorkflowBase);
	const notAvailable = async (): Promise<never> => {
		throw new Error('Not available in the test harness');
	};
	const additionalData = {
		credentialsHelper: options.credentialsHelper,
		executeWorkflow: notAvailable,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: options.webhookBaseUrl ?? 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: options.webhookTestBaseUrl ?? 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: notAvailable,
		hooks: new ExecutionLifecycleHooks('manual', executionId, workflowData),
	};
	return additionalData as unknown as IWorkflowExecuteAdditionalData;
}

import { ExecutionLifecycleHooks } from 'n8n-core';
import type { ICredentialsHelper, IWorkflowBase, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

export interface AdditionalDataOptions {
	credentialsHelper: ICredentialsHelper;
	/** Where n8n is reached (webhook URLs start with it), e.g. a receiver's http://127.0.0.1:PORT. */
	baseUrl?: string;
	workflowData?: IWorkflowBase;
	executionId?: string;
}

/**
 * The additional data n8n passes to WorkflowExecute and to every node context: credentials,
 * URLs, lifecycle hooks. Everything a run outside n8n's server needs, nothing it does not.
 */
export function buildAdditionalData(options: AdditionalDataOptions): IWorkflowExecuteAdditionalData {
	const executionId = options.executionId ?? 'harness-execution';
	const baseUrl = options.baseUrl ?? 'http://127.0.0.1:5678';
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
		restApiUrl: `${baseUrl}/rest`,
		instanceBaseUrl: `${baseUrl}/`,
		formBaseUrl: `${baseUrl}/form`,
		formWaitingBaseUrl: `${baseUrl}/form-waiting`,
		formTestBaseUrl: `${baseUrl}/form-test`,
		webhookBaseUrl: `${baseUrl}/webhook`,
		webhookWaitingBaseUrl: `${baseUrl}/webhook-waiting`,
		webhookTestBaseUrl: `${baseUrl}/webhook-test`,
		mcpBaseUrl: `${baseUrl}/mcp`,
		mcpTestBaseUrl: `${baseUrl}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: notAvailable,
		hooks: new ExecutionLifecycleHooks('manual', executionId, workflowData),
	};
	return additionalData as unknown as IWorkflowExecuteAdditionalData;
}

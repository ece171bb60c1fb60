// A minimal webhook context for the unit tests of the trigger's receiving modules: what n8n's
// WebhookContext gives them (node, workflow, mode, request, response, logger), with the answer the
// node writes captured (its status and body) and n8n's end of the response done by the test.
import type { IDataObject, INode, IWebhookFunctions } from 'n8n-workflow';

export interface AnsweredResponse {
	statusCode: number;
	body: unknown;
	ended: boolean;
	status(code: number): AnsweredResponse;
	json(body: unknown): AnsweredResponse;
	end(): AnsweredResponse;
}

export interface WebhookContextOptions {
	mode?: 'manual' | 'webhook';
	node?: Partial<INode>;
	/** The request as n8n's express hands it to the node (originalUrl, rawBody...). */
	request?: IDataObject;
	headers?: IDataObject;
	body?: unknown;
	/** What getNodeWebhookUrl('default') gives (the production URL). */
	productionUrl?: string;
	/** n8n 2.x's getWebhookResourceUrl('default'); leave undefined for an n8n 1.x context. */
	resourceUrl?: string;
	staticData?: IDataObject;
}

/** A response whose end() n8n would call once it answers. */
export function answeredResponse(): AnsweredResponse {
	const response: AnsweredResponse = {
		statusCode: 200,
		body: undefined,
		ended: false,
		status(code) {
			response.statusCode = code;
			return response;
		},
		json(body) {
			response.body = body;
			return response;
		},
		end() {
			response.ended = true;
			return response;
		},
	};
	return response;
}

export function webhookContext(options: WebhookContextOptions = {}): IWebhookFunctions & { response: AnsweredResponse; logged: string[] } {
	const response = answeredResponse();
	const logged: string[] = [];
	const log = (message: string) => logged.push(message);
	const node = { id: 'node', name: 'Address Activity Trigger', type: 'n8n-nodes-address-activity.addressActivityTrigger', typeVersion: 3, position: [0, 0], parameters: {}, ...options.node } as INode;
	const staticData = options.staticData ?? {};
	const context = {
		response,
		logged,
		getNode: () => node,
		getWorkflow: () => ({ id: 'workflow', name: 'Unit', active: true }),
		getMode: () => options.mode ?? 'webhook',
		getRequestObject: () => ({ originalUrl: '/webhook/unit/webhook', ...options.request }),
		getResponseObject: () => response,
		getHeaderData: () => options.headers ?? {},
		getBodyData: () => options.body ?? {},
		getNodeWebhookUrl: () => options.productionUrl,
		getWorkflowStaticData: () => staticData,
		logger: { debug: log, info: log, warn: log, error: log },
		...(options.resourceUrl === undefined ? {} : { getWebhookResourceUrl: () => options.resourceUrl }),
	};
	return context as unknown as IWebhookFunctions & { response: AnsweredResponse; logged: string[] };
}

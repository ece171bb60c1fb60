import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { toNodeError } from '../shared/errors';
import { requestOptions } from './fields';
import { searchChains } from './listSearch/searchChains';
import { searchWebhookChains } from './listSearch/searchWebhookChains';
import { searchWebhooks } from './listSearch/searchWebhooks';
import type { OperationModule } from './operation';
import * as address from './resources/address';
import * as block from './resources/block';
import * as chain from './resources/chain';
import * as sharedSecret from './resources/sharedSecret';
import * as transaction from './resources/transaction';
import * as utxo from './resources/utxo';
import * as webhook from './resources/webhook';
import { operationSubtitle } from './subtitle';

const resources: Record<string, Record<string, OperationModule>> = {
	webhook: webhook.operations,
	address: address.operations,
	sharedSecret: sharedSecret.operations,
	chain: chain.operations,
	block: block.operations,
	transaction: transaction.operations,
	utxo: utxo.operations,
};

const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Address', value: 'address', description: 'Addresses a webhook monitors' },
			{ name: 'Block', value: 'block' },
			{ name: 'Chain', value: 'chain' },
			{ name: 'Shared Secret', value: 'sharedSecret', description: 'The secret that signs deliveries' },
			{ name: 'Transaction', value: 'transaction' },
			{ name: 'UTXO', value: 'utxo', description: 'Unspent outputs on the primary network' },
			{ name: 'Webhook', value: 'webhook' },
		],
		default: 'webhook',
	},
	...webhook.description,
	...address.description,
	...sharedSecret.description,
	...chain.description,
	...block.description,
	...transaction.description,
	...utxo.description,
	requestOptions,
];

export class AddressActivity implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Address Activity',
		name: 'addressActivity',
		icon: { light: 'file:../../icons/addressActivity.svg', dark: 'file:../../icons/addressActivity.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(properties),
		description: 'Manage address activity webhooks and monitored addresses, and read chain data',
		defaults: { name: 'Address Activity' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'addressActivityApi', required: true }],
		properties,
	};

	methods = {
		listSearch: { searchWebhooks, searchChains, searchWebhookChains },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const returnData: INodeExecutionData[] = [];

		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			try {
				const resource = this.getNodeParameter('resource', itemIndex) as string;
				const operation = this.getNodeParameter('operation', itemIndex) as string;
				const handler = resources[resource]?.[operation];
				if (!handler) {
					throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for "${resource}"`, {
						itemIndex,
					});
				}
				const result = await handler.execute.call(this, itemIndex);
				returnData.push(
					...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
						itemData: { item: itemIndex },
					}),
				);
			} catch (error) {
				const failure = toNodeError(this, error, itemIndex);
				// The service's messages do not know the item; with many items the user needs it.
				if (failure instanceof NodeApiError && !/\bitem \d+\b/.test(failure.message)) {
					failure.message = `${failure.message} [item ${itemIndex + 1}]`;
				}
				if (this.continueOnFail()) {
					const json: IDataObject = { error: failure.message };
					if (failure instanceof NodeApiError && failure.httpCode) json.httpCode = failure.httpCode;
					if (failure.description) json.description = failure.description;
					returnData.push({ json, pairedItem: { item: itemIndex } });
					continue;
				}
				throw failure;
			}
		}
		return [returnData];
	}
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { testAddressActivityApi } from '../shared/service/credentialTest';
import { toNodeError } from '../shared/service/nodeErrors';
import { withReadableDates } from '../shared/model/readableDates';
import { requestOptions } from './commonParameters';
import { searchChains, searchWebhookChains } from '../shared/parameters/chainSearches';
import { searchWebhooks } from './listSearch/searchWebhooks';
import type { ItemByItem, ItemOutcome, OperationModule, ReadItem } from './operation';
import * as address from './resources/address';
import * as balance from './resources/balance';
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
	balance: balance.operations,
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
			{ name: 'Balance', value: 'balance', description: 'What EVM addresses hold: native token, ERC-20, ERC-721, ERC-1155' },
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
	...balance.description,
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
		// Version 1.1 groups Webhook > Create's fields (Event Signatures beside Addresses, one Options
		// collection); version 1 nodes keep their layout and saved values.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: operationSubtitle(properties),
		description: 'Manage address activity webhooks and monitored addresses, and read chain data and balances',
		defaults: { name: 'Address Activity' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'addressActivityApi', required: true, testedBy: 'addressActivityApiTest' }],
		properties,
	};

	methods = {
		listSearch: { searchWebhooks, searchChains, searchWebhookChains },
		credentialTest: { addressActivityApiTest: testAddressActivityApi },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (items.length === 0) return [[]];
		// Resource and operation take no expressions: one operation for all items.
		const operation = operationFor(this);
		const { valid, refused } = readAll(this, operation, items.length);
		const outcomes = new Map<number, ItemOutcome>(refused.map((outcome) => [outcome.itemIndex, outcome]));
		const ran = 'executeAll' in operation ? await operation.executeAll.call(this, valid) : await runEach(this, operation, valid);
		for (const outcome of ran) outcomes.set(outcome.itemIndex, outcome);

		const returnData: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const outcome = outcomes.get(itemIndex);
			if (outcome?.error !== undefined) {
				const failure = itemError(this, outcome.error, itemIndex);
				if (!this.continueOnFail()) throw failure;
				const json: IDataObject = { error: failure.message };
				if (failure instanceof NodeApiError && failure.httpCode) json.httpCode = failure.httpCode;
				if (failure.description) json.description = failure.description;
				returnData.push({ json, pairedItem: { item: itemIndex } });
				continue;
			}
			if (outcome?.result === undefined) continue;
			const itemData = (outcome.pairedItems ?? [itemIndex]).map((item) => ({ item }));
			returnData.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(withReadableDates(outcome.result)), {
					itemData: itemData.length === 1 ? itemData[0] : itemData,
				}),
			);
		}
		return [returnData];
	}
}

/**
 * Every item's parameters are read and checked before any request: a bad last item fails before
 * the first one has changed anything. With Continue On Fail, only the bad items fail.
 */
function readAll(context: IExecuteFunctions, operation: OperationModule, count: number): { valid: Array<ReadItem<unknown>>; refused: ItemOutcome[] } {
	const valid: Array<ReadItem<unknown>> = [];
	const refused: ItemOutcome[] = [];
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			valid.push({ itemIndex, parameters: operation.read(context, itemIndex) });
		} catch (error) {
			const failure = itemError(context, error, itemIndex);
			if (!context.continueOnFail()) throw failure;
			refused.push({ itemIndex, error: failure });
		}
	}
	return { valid, refused };
}

/** Item by item, in order; without Continue On Fail the first failure stops the node. */
async function runEach(context: IExecuteFunctions, operation: ItemByItem<unknown>, items: Array<ReadItem<unknown>>): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	for (const { itemIndex, parameters } of items) {
		try {
			outcomes.push({ itemIndex, result: await operation.execute.call(context, parameters, itemIndex) });
		} catch (error) {
			if (!context.continueOnFail()) throw itemError(context, error, itemIndex);
			outcomes.push({ itemIndex, error });
		}
	}
	return outcomes;
}

function operationFor(context: IExecuteFunctions): OperationModule {
	const itemIndex = 0;
	const resource = context.getNodeParameter('resource', itemIndex) as string;
	const operation = context.getNodeParameter('operation', itemIndex) as string;
	const handler = resources[resource]?.[operation];
	if (!handler) {
		throw new NodeOperationError(context.getNode(), `The operation "${operation}" is not known for "${resource}"`, { itemIndex });
	}
	return handler;
}

/** The item's failure as n8n shows it; the service's messages do not know the item, with many items the user needs it. */
function itemError(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	const failure = toNodeError(context, error, itemIndex);
	if (failure instanceof NodeApiError && !/\bitem \d+\b/.test(failure.message)) {
		failure.message = `${failure.message} [item ${itemIndex + 1}]`;
	}
	return failure;
}

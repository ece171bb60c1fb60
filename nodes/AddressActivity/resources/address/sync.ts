import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { toNodeError } from '../../../shared/service/nodeErrors';
import { changeAddresses } from '../../../shared/service/webhooks';
import { webhookLocator } from '../../commonParameters';
import type { ItemOutcome, ReadItem } from '../../operation';
import type { RetryPolicy } from '../../../shared/service/transport';
import { booleanParameter, parsedParameter, retryPolicy, webhookIdParameter } from '../../readParameters';
import { groupByWebhook } from './addressChanges';
import { batchSizeOption, batchSizeParameter } from './batches';
import { addressesParameter } from '../../../shared/parameters/webhookParameters';
import { keysMismatch, parseWebhookKeys, readWebhookList } from './webhookKeys';

/** Lists in the output are cut to this many entries unless Include Full Lists is on. */
const LISTED = 100;

const properties: INodeProperties[] = [
	webhookLocator(),
	addressesParameter(
		'The complete list the webhook should monitor (0x addresses, or P-Chain addresses for a P-Chain webhook), separated by commas, spaces or new lines, or an array from an expression. The addresses of all input items are gathered into one list per webhook.',
		false,
	),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Allow Removing All',
				name: 'allowEmpty',
				type: 'boolean',
				default: false,
				description: 'Whether an empty list may remove every monitored address. Off: an empty list fails instead of wiping the webhook by mistake.',
			},
			batchSizeOption,
			{
				displayName: 'Dry Run',
				name: 'dryRun',
				type: 'boolean',
				default: false,
				description: 'Whether to only report what would be added and removed, changing nothing',
			},
			{
				displayName: 'Include Full Lists',
				name: 'fullLists',
				type: 'boolean',
				default: false,
				description: `Whether to put out every added, removed and kept address; off, each list shows its first ${LISTED}`,
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['address'], operation: ['sync'] } }, properties);

interface SyncItem {
	itemIndex: number;
	webhookId: string;
	addresses: string[];
	options: { allowEmpty: boolean; dryRun: boolean; fullLists: boolean; batchSize: number };
	retry: RetryPolicy;
}

export function read(context: IExecuteFunctions, itemIndex: number): SyncItem {
	const flag = (name: string, field: string) => booleanParameter(context, `options.${name}`, field, itemIndex);
	return {
		itemIndex,
		webhookId: webhookIdParameter(context, itemIndex),
		addresses: parsedParameter(context, 'addresses', 'Addresses', itemIndex, parseWebhookKeys),
		options: {
			allowEmpty: flag('allowEmpty', 'Allow Removing All'),
			dryRun: flag('dryRun', 'Dry Run'),
			fullLists: flag('fullLists', 'Include Full Lists'),
			batchSize: batchSizeParameter(context, itemIndex),
		},
		retry: retryPolicy(context, itemIndex),
	};
}

/**
 * One webhook: read its list once, then send only the difference (adds first, so it never goes
 * empty in between). An empty list is refused only once the read shows addresses it would remove:
 * that check needs the service, and it changes nothing.
 */
async function syncWebhook(context: IExecuteFunctions, items: SyncItem[]): Promise<IDataObject> {
	const [first] = items;
	const { webhookId, options } = first;
	const call = { itemIndex: first.itemIndex, retry: first.retry };
	const wanted = new Map<string, string>();
	for (const item of items) for (const address of item.addresses) if (!wanted.has(address.toLowerCase())) wanted.set(address.toLowerCase(), address);
	const { webhook, monitored } = await readWebhookList(context, webhookId, call);
	const mismatch = items.map((item) => keysMismatch(context, webhook, item)).find((error) => error !== undefined);
	if (mismatch) throw mismatch;
	if (wanted.size === 0 && monitored.size > 0 && !options.allowEmpty) {
		throw new NodeOperationError(context.getNode(), `Sync was given no addresses for webhook ${webhookId}: it would stop monitoring all ${monitored.size} addresses`, {
			itemIndex: first.itemIndex,
			description: 'Nothing was changed. If the webhook should monitor nothing, turn on the "Allow Removing All" option.',
		});
	}
	const added = [...wanted].filter(([key]) => !monitored.has(key)).map(([, address]) => address);
	const removed = [...monitored].filter(([key]) => !wanted.has(key)).map(([, address]) => address);
	const kept = [...monitored].filter(([key]) => wanted.has(key)).map(([, address]) => address);
	if (!options.dryRun) {
		const batchSize = Math.min(...items.map((item) => item.options.batchSize));
		await changeAddresses.call(context, 'add', webhookId, added, { batchSize, ...call, context: 'Sync stopped while adding' });
		await changeAddresses.call(context, 'remove', webhookId, removed, {
			batchSize,
			...call,
			context: `Sync stopped while removing, after adding all ${added.length} new addresses`,
		});
	}
	const list = (addresses: string[]) => (options.fullLists ? addresses : addresses.slice(0, LISTED));
	return {
		webhookId,
		dryRun: options.dryRun,
		added: added.length,
		removed: removed.length,
		kept: kept.length,
		totalAddresses: options.dryRun ? monitored.size : wanted.size,
		addedAddresses: list(added),
		removedAddresses: list(removed),
		keptAddresses: list(kept),
		listsCut: !options.fullLists && Math.max(added.length, removed.length, kept.length) > LISTED,
	};
}

/** All items at once: their addresses are gathered per webhook, one output item per webhook paired with its items. */
export async function executeAll(this: IExecuteFunctions, readItems: Array<ReadItem<SyncItem>>): Promise<ItemOutcome[]> {
	const outcomes: ItemOutcome[] = [];
	for (const items of groupByWebhook(readItems.map((item) => item.parameters))) {
		const indexes = items.map((item) => item.itemIndex);
		try {
			const result = await syncWebhook(this, items);
			outcomes.push({ itemIndex: indexes[0], result, pairedItems: indexes }, ...indexes.slice(1).map((itemIndex) => ({ itemIndex, result: [] })));
		} catch (error) {
			const failure = toNodeError(this, error, indexes[0]);
			outcomes.push(...indexes.map((itemIndex) => ({ itemIndex, error: failure })));
		}
	}
	return outcomes;
}

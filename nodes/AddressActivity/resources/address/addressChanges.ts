// Address > Add and Remove: each item's change of its webhook's monitored addresses, run for all
// input items at once (one read of each webhook's list, the writes batched, items applied in order).
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { InvalidInputError } from '../../../shared/model/invalidInput';
import { toNodeError } from '../../../shared/service/nodeErrors';
import type { RetryPolicy } from '../../../shared/service/transport';
import { changeAddresses } from '../../../shared/service/webhooks';
import { webhookLocator } from '../../commonParameters';
import type { AllAtOnce, ItemOutcome, ReadItem } from '../../operation';
import { retryPolicy, webhookIdParameter, parsedParameter } from '../../readParameters';
import { batchSizeOption, batchSizeParameter } from './batches';
import { addressesParameter } from '../../../shared/parameters/webhookParameters';
import { keysMismatch, parseWebhookKeys, readWebhookList } from './webhookKeys';

function requiredAddresses(value: unknown): string[] {
	const addresses = parseWebhookKeys(value);
	if (addresses.length === 0) throw new InvalidInputError('no address given', value);
	return addresses;
}

export interface ItemChange {
	itemIndex: number;
	webhookId: string;
	addresses: string[];
	batchSize: number;
	retry: RetryPolicy;
}

function readChange(context: IExecuteFunctions, itemIndex: number): ItemChange {
	return {
		itemIndex,
		webhookId: webhookIdParameter(context, itemIndex),
		addresses: parsedParameter(context, 'addresses', 'Addresses', itemIndex, requiredAddresses),
		batchSize: batchSizeParameter(context, itemIndex),
		retry: retryPolicy(context, itemIndex),
	};
}

/** What one item asked for, split by the list as it stood before this item (items apply in order). */
interface Planned {
	item: ItemChange;
	/** Sent for this item: new addresses for add, monitored ones (as the webhook spells them) for remove. */
	send: string[];
	/** Already present (add) or not monitored (remove): nothing to send. */
	unchanged: string[];
}

function plan(change: 'add' | 'remove', items: ItemChange[], monitored: Map<string, string>): Planned[] {
	const current = new Map(monitored);
	return items.map((item) => {
		const send: string[] = [];
		const unchanged: string[] = [];
		for (const address of item.addresses) {
			const key = address.toLowerCase();
			const present = current.get(key);
			if (change === 'add' ? present !== undefined : present === undefined) unchanged.push(address);
			else if (change === 'add') {
				send.push(address);
				current.set(key, address);
			} else {
				send.push(present as string);
				current.delete(key);
			}
		}
		return { item, send, unchanged };
	});
}

function report(change: 'add' | 'remove', planned: Planned, totalAddresses: number): IDataObject {
	const { item, send, unchanged } = planned;
	return change === 'add'
		? { webhookId: item.webhookId, added: send.length, alreadyPresent: unchanged.length, totalAddresses, addedAddresses: send, alreadyPresentAddresses: unchanged }
		: { webhookId: item.webhookId, removed: send.length, notFound: unchanged.length, totalAddresses, removedAddresses: send, notFoundAddresses: unchanged };
}

/**
 * One webhook's items: one read of its list, then their addresses in batches (1 + ceil(sent /
 * batch) requests). When a batch fails, items sent in full before it succeed and the others say
 * how far it got; a retry re-reads the list and sends only what is missing.
 */
async function changeOneWebhook(context: IExecuteFunctions, change: 'add' | 'remove', group: ItemChange[]): Promise<ItemOutcome[]> {
	const call = { itemIndex: group[0].itemIndex, retry: group[0].retry };
	let read: Awaited<ReturnType<typeof readWebhookList>>;
	try {
		read = await readWebhookList(context, group[0].webhookId, call);
	} catch (error) {
		return group.map((item) => ({ itemIndex: item.itemIndex, error: toNodeError(context, error, item.itemIndex) }));
	}
	// Items whose addresses the webhook's type does not take fail here; the others go on.
	const refused: ItemOutcome[] = [];
	const items = group.filter((item) => {
		const error = keysMismatch(context, read.webhook, item);
		if (error) refused.push({ itemIndex: item.itemIndex, error });
		return error === undefined;
	});
	if (items.length === 0) return refused;
	return [...refused, ...(await changeListed(context, change, items, read.monitored))];
}

/** The items' changes to one webhook whose list was read (`monitored`). */
async function changeListed(context: IExecuteFunctions, change: 'add' | 'remove', items: ItemChange[], monitored: Map<string, string>): Promise<ItemOutcome[]> {
	const [first] = items;
	const call = { itemIndex: first.itemIndex, retry: first.retry };
	const planned = plan(change, items, monitored);
	const toSend = planned.flatMap((entry) => entry.send);
	const batchSize = Math.min(...items.map((item) => item.batchSize));
	const verb = change === 'add' ? 'added' : 'removed';
	let sent = 0;
	try {
		await changeAddresses.call(context, change, first.webhookId, toSend, { batchSize, ...call, onProgress: (count) => (sent = count) });
	} catch (error) {
		if (items.length === 1) return [{ itemIndex: first.itemIndex, error }];
		const failure = toNodeError(context, error, first.itemIndex);
		const total = monitored.size + (change === 'add' ? sent : -sent);
		let offset = 0;
		const done = planned.map((entry) => (offset += entry.send.length) <= sent);
		const affected = planned.filter((_, index) => !done[index]).map((entry) => entry.item.itemIndex + 1);
		return planned.map((entry, index) => {
			if (done[index]) return { itemIndex: entry.item.itemIndex, result: report(change, entry, total) };
			return {
				itemIndex: entry.item.itemIndex,
				error: new NodeOperationError(context.getNode(), `${failure.message.replace(/ \[item \d+\]$/, '')} (${affected.length > 1 ? `items ${affected.join(', ')} were` : `item ${affected[0]} was`} not fully ${verb})`, {
					itemIndex: entry.item.itemIndex,
					description: `The ${sent} addresses sent before the failure stay ${verb}, and the items before ${affected[0]} are done; running the workflow again sends only what is still missing.`,
				}),
			};
		});
	}
	const total = monitored.size + (change === 'add' ? toSend.length : -toSend.length);
	return planned.map((entry) => ({ itemIndex: entry.item.itemIndex, result: report(change, entry, total) }));
}

/** Items grouped by the webhook they name, in order of first appearance. */
export function groupByWebhook<T extends { webhookId: string }>(items: T[]): T[][] {
	const byWebhook = new Map<string, T[]>();
	for (const item of items) {
		const group = byWebhook.get(item.webhookId);
		if (group) group.push(item);
		else byWebhook.set(item.webhookId, [item]);
	}
	return [...byWebhook.values()];
}

/** Add or Remove: the same parameters and the same run across all items, one word apart. */
export function changeOperation(change: 'add' | 'remove', addressesDescription: string): AllAtOnce<ItemChange> {
	const properties: INodeProperties[] = [
		webhookLocator(),
		addressesParameter(addressesDescription),
		{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [batchSizeOption] },
	];
	return {
		description: updateDisplayOptions({ show: { resource: ['address'], operation: [change] } }, properties),
		read: readChange,
		/** All valid items at once, grouped per webhook. */
		async executeAll(this: IExecuteFunctions, items: Array<ReadItem<ItemChange>>): Promise<ItemOutcome[]> {
			const outcomes: ItemOutcome[] = [];
			for (const group of groupByWebhook(items.map((item) => item.parameters))) {
				outcomes.push(...(await changeOneWebhook(this, change, group)));
			}
			return outcomes;
		},
	};
}

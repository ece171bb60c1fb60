import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { AddressSet } from '../../shared/model/addresses';
import { changeAddresses, updateWebhook, WEBHOOK_TEXT_LIMIT, type RemoteWebhook } from '../../shared/service/webhooks';
import type { ServiceCall } from '../../shared/service/transport';
import type { TriggerParameters } from '../parameters/readParameters';

function clip(text: string, limit: number): string {
	return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** A name that tells a user listing webhooks which workflow and node own this one, within the service's limit. */
export function webhookLabel(context: IHookFunctions, parameters: Pick<TriggerParameters, 'webhookName'>, isTest: boolean): { name: string; description: string } {
	const workflow = context.getWorkflow();
	const node = context.getNode();
	const workflowName = workflow.name ?? workflow.id ?? '';
	const suffix = isTest ? ' (test)' : '';
	// The node name is short and tells triggers of one workflow apart: the workflow name gives way first.
	const nodePart = ` / ${clip(node.name, 80)}${suffix}`;
	const generated = `n8n: ${clip(workflowName, WEBHOOK_TEXT_LIMIT - 'n8n: '.length - nodePart.length)}${nodePart}`;
	const owner = `n8n workflow ID ${workflow.id}, node "${node.name}", workflow "${workflowName}"`;
	return {
		name: clip(parameters.webhookName || generated, WEBHOOK_TEXT_LIMIT),
		description: clip(`Created by the Address Activity Trigger of ${owner}${isTest ? ' for a test event' : ''}.`, WEBHOOK_TEXT_LIMIT),
	};
}

function sameSet(left: string[] = [], right: string[] = []): boolean {
	const a = new Set(left.map((value) => value.toLowerCase()));
	const b = new Set(right.map((value) => value.toLowerCase()));
	return a.size === b.size && [...a].every((value) => b.has(value));
}

/** Chain and event signatures cannot be changed on an existing webhook: a change needs a new one. */
export function canBeUpdated(webhook: RemoteWebhook, parameters: TriggerParameters, chainId: string): boolean {
	return (
		String(webhook.chainId) === chainId &&
		webhook.eventType === 'address_activity' &&
		sameSet(webhook.metadata?.eventSignatures, parameters.eventSignatures)
	);
}

/** Configured addresses the webhook does not monitor (addresses added by others are left alone). */
function missingAddresses(monitored: AddressSet, parameters: TriggerParameters): string[] {
	return parameters.addresses.without(monitored);
}

/** Addresses this trigger registered earlier, no longer configured, and still at the webhook (lower-case). */
function droppedAddresses(monitored: AddressSet, parameters: TriggerParameters, previouslyOwn: string[]): string[] {
	return new AddressSet(previouslyOwn).lowerCase.filter((address) => !parameters.addresses.has(address) && monitored.has(address));
}

/**
 * Brings an existing webhook in line with the parameters (addresses this trigger added and no longer
 * lists go; those added elsewhere stay), re-activates it, and corrects url, flags and name.
 */
export async function reconcileWebhook(
	this: IHookFunctions,
	webhook: RemoteWebhook,
	parameters: TriggerParameters,
	url: string,
	label: { name: string; description: string },
	previouslyOwn: string[],
	call: ServiceCall,
): Promise<RemoteWebhook> {
	const monitored = new AddressSet(webhook.metadata?.addresses);
	const missing = missingAddresses(monitored, parameters);
	const dropped = droppedAddresses(monitored, parameters, previouslyOwn);
	await changeAddresses.call(this, 'add', webhook.id, missing, { configured: parameters.addresses.size, ...call });
	await changeAddresses.call(this, 'remove', webhook.id, dropped, call);
	const changes: IDataObject = {};
	if (webhook.status !== 'active') changes.status = 'active';
	if (webhook.url !== url) changes.url = url;
	if (Boolean(webhook.includeInternalTxs) !== parameters.includeInternalTxs) changes.includeInternalTxs = parameters.includeInternalTxs;
	if (Boolean(webhook.includeLogs) !== parameters.includeLogs) changes.includeLogs = parameters.includeLogs;
	if (webhook.name !== label.name) {
		changes.name = label.name;
		changes.description = label.description;
	}
	if (Object.keys(changes).length > 0) return await updateWebhook.call(this, webhook.id, changes, call);
	const removed = new Set(dropped);
	const addresses = [...(webhook.metadata?.addresses ?? []).filter((address) => !removed.has(address.toLowerCase())), ...missing];
	return { ...webhook, metadata: { ...webhook.metadata, addresses } };
}

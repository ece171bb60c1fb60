import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { AddressSet, checkAddress, splitEntries } from '../../../shared/model/addresses';
import { checkEntries, EntryKind, InvalidInputError, quoteValue } from '../../../shared/model/invalidInput';
import { toInputError } from '../../../shared/parameters/parameterErrors';
import { EVENT_TYPES, NOT_A_P_CHAIN_ADDRESS, parsePChainAddress } from '../../../shared/model/primaryNetwork';
import { fetchWebhookAddresses, getWebhook, type RemoteWebhook } from '../../../shared/service/webhooks';
import type { ServiceCall } from '../../../shared/service/transport';
import { networkOfPChainAddress } from '../../../shared/parameters/parameterChecks';

// The Address operations serve EVM webhooks (0x addresses) and P-Chain webhooks (their keys, P-Chain
// addresses). Which one a webhook is shows only in its record, which they read anyway for its list.

const P_CHAIN_LIKE = /^p-/i;

/** A 0x address as given, a P-Chain address as the service lists it, or what the entry is not. */
function checkWebhookKey(entry: string): string | EntryKind {
	if (!P_CHAIN_LIKE.test(entry)) return checkAddress(entry);
	try {
		return parsePChainAddress(entry);
	} catch {
		return NOT_A_P_CHAIN_ADDRESS;
	}
}

/**
 * 0x addresses or P-Chain addresses, not both: duplicates dropped (letter case does not matter for
 * 0x addresses, P-Chain addresses are written as the service lists them). Empty is allowed. Every
 * malformed entry is named at once, with its position.
 */
export function parseWebhookKeys(value: unknown): string[] {
	const entries = splitEntries(value, (text) => text.split(/[\s,;]+/).filter((part) => part !== ''), 'an address or a list of addresses');
	const keys = checkEntries(entries, checkWebhookKey);
	const evm = new AddressSet(keys.filter((key) => !P_CHAIN_LIKE.test(key))).list;
	const pChain = [...new Set(keys.filter((key) => P_CHAIN_LIKE.test(key)))];
	if (evm.length > 0 && pChain.length > 0) {
		throw new InvalidInputError(
			`the list mixes 0x addresses (${quoteValue(evm[0])}) and P-Chain addresses (${quoteValue(pChain[0])}); a webhook watches one kind`,
			value,
		);
	}
	return evm.length > 0 ? evm : pChain;
}

/** The webhook an Address operation changes: its record (one read) and its list, keyed by lower case. */
export async function readWebhookList(
	context: IExecuteFunctions,
	webhookId: string,
	call: ServiceCall,
): Promise<{ webhook: RemoteWebhook; monitored: Map<string, string> }> {
	const webhook = await getWebhook.call(context, webhookId, call);
	return { webhook, monitored: await fetchWebhookAddresses.call(context, webhookId, call, webhook) };
}

/**
 * Why an item's addresses cannot go to this webhook, before anything is sent: a validator webhook's
 * one key cannot change, and each other type takes its own kind of address. Undefined when they fit.
 */
export function keysMismatch(
	context: IExecuteFunctions,
	webhook: RemoteWebhook,
	item: { itemIndex: number; addresses: string[] },
): NodeOperationError | undefined {
	const { itemIndex } = item;
	if (webhook.eventType === EVENT_TYPES.validatorActivity) {
		const key = webhook.metadata?.keys?.[0];
		return new NodeOperationError(
			context.getNode(),
			`Webhook ${webhook.id} is a validator activity webhook: it watches one key${key ? ` (${key})` : ''}, and that key cannot be added to, removed or changed (item ${itemIndex + 1})`,
			{ itemIndex, description: 'Nothing was sent. To watch another node ID or subnet ID, create a new validator webhook (Webhook > Create).' },
		);
	}
	const [first] = item.addresses;
	if (first === undefined) return undefined;
	const wrong = (reason: string) => toInputError(context.getNode(), new InvalidInputError(reason, first), 'Addresses', itemIndex, 'addresses');
	if (webhook.eventType !== EVENT_TYPES.primaryNetworkAddressActivity) {
		return P_CHAIN_LIKE.test(first) ? wrong(`${quoteValue(first)} is a P-Chain address, but webhook ${webhook.id} watches 0x addresses (EVM address activity)`) : undefined;
	}
	if (!P_CHAIN_LIKE.test(first)) return wrong(`${quoteValue(first)} is a 0x address, but webhook ${webhook.id} watches P-Chain addresses`);
	// The record does not say its network; its keys do.
	const network = (webhook.metadata?.keys ?? []).map(networkOfPChainAddress).find((found) => found !== undefined);
	const stranger = network === undefined ? undefined : item.addresses.find((address) => networkOfPChainAddress(address) !== network);
	return stranger === undefined ? undefined : wrong(`${quoteValue(stranger)} is not a ${network} address, but webhook ${webhook.id} watches ${network} P-Chain addresses`);
}

import type { INodeProperties } from 'n8n-workflow';

// A webhook's settings as node parameters: one shape in every node, each saying what it means there.

/** EVM addresses as text (commas, spaces or new lines) or an array from an expression. */
export function addressesProperty(description: string, required = true): INodeProperties {
	return {
		displayName: 'Addresses',
		name: 'addresses',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		...(required ? { required: true } : {}),
		placeholder: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F, 0x...',
		description,
	};
}

export function includeInternalTxsProperty(description: string): INodeProperties {
	return { displayName: 'Include Internal Transactions', name: 'includeInternalTxs', type: 'boolean', default: false, description };
}

export function includeLogsProperty(description: string): INodeProperties {
	return { displayName: 'Include Logs', name: 'includeLogs', type: 'boolean', default: false, description };
}

export function eventSignaturesProperty(description: string): INodeProperties {
	return {
		displayName: 'Event Signatures',
		name: 'eventSignatures',
		type: 'string',
		default: '',
		placeholder: 'Transfer(address,address,uint256)',
		description,
	};
}

/**
 * The check the editor can make while addresses are typed: n8n has no validation option for a
 * string parameter, but a notice can hide on a regex display condition. This one hides while the
 * field is an expression or nothing but addresses and separators, so it shows as soon as an entry
 * is not an address. (A show condition would not do: n8n shows whatever depends on an
 * expression.) The lookahead and back-reference take the valid entries atomically: one linear
 * pass, even for a long list.
 */
const ONLY_ADDRESSES = '^(?:=|(?=((?:[\\s,;]*0x[0-9a-fA-F]{40}(?=[\\s,;]|$))*))\\1[\\s,;]*$)';

export const addressesCheckNotice: INodeProperties = {
	displayName:
		'Not every entry above is an address (0x followed by 40 hexadecimal characters, separated by commas, spaces or new lines): the node refuses this list when it runs',
	name: 'addressesCheck',
	type: 'notice',
	default: '',
	displayOptions: { hide: { addresses: [{ _cnd: { regex: ONLY_ADDRESSES } }] } },
};

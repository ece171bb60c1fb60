import type { INodeProperties } from 'n8n-workflow';

// A webhook's settings as node parameters: one shape in every node, each saying what it means there.

/** EVM addresses as text (commas, spaces or new lines) or an array from an expression. */
export function addressesParameter(description: string, required = true): INodeProperties {
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

export function includeInternalTxsParameter(description: string): INodeProperties {
	return { displayName: 'Include Internal Transactions', name: 'includeInternalTxs', type: 'boolean', default: false, description };
}

export function includeLogsParameter(description: string): INodeProperties {
	return { displayName: 'Include Logs', name: 'includeLogs', type: 'boolean', default: false, description };
}

export function eventSignaturesParameter(description: string): INodeProperties {
	return {
		displayName: 'Event Signatures',
		name: 'eventSignatures',
		type: 'string',
		default: '',
		placeholder: 'Transfer(address,address,uint256)',
		description,
	};
}

import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { parseAddresses } from '../shared/addresses';
import { parseChainId } from '../shared/chains';
import { parseEventSignatures } from '../shared/eventSignatures';
import { parseDecimal } from './amounts';
import type { AssetType, Direction, TransferFilters } from './transfers';

export type OnDeactivation = 'delete' | 'keep';
export type OutputMode = 'transfers' | 'raw';

/** The trigger's parameters, parsed and validated once, for the lifecycle methods and webhook(). */
export interface TriggerConfig {
	chainId: string;
	addresses: string[];
	eventSignatures: string[];
	includeInternalTxs: boolean;
	includeLogs: boolean;
	output: OutputMode;
	filters: TransferFilters;
	onDeactivation: OnDeactivation;
	includeHeaders: boolean;
	verifySignature: boolean;
	webhookName: string;
}

type TriggerContext = IHookFunctions | IWebhookFunctions;

function parsed<T>(context: TriggerContext, field: string, parse: () => T): T {
	try {
		return parse();
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `Invalid ${field}: ${(error as Error).message}`, {
			description: `Correct the "${field}" parameter of the trigger; nothing was sent to the service.`,
		});
	}
}

export function readTriggerConfig(this: TriggerContext): TriggerConfig {
	const chainId = parsed(this, 'Chain', () => parseChainId(this.getNodeParameter('chainId', '', { extractValue: true })));
	const addresses = parsed(this, 'Addresses', () => parseAddresses(this.getNodeParameter('addresses', '')));
	if (addresses.length === 0) {
		throw new NodeOperationError(this.getNode(), 'No addresses to monitor', {
			description: 'Enter at least one address (0x followed by 40 hexadecimal characters) in "Addresses".',
		});
	}
	const eventSignatures = parsed(this, 'Event Signatures', () =>
		parseEventSignatures(this.getNodeParameter('eventSignatures', '')),
	);
	const output = this.getNodeParameter('output', 'transfers') as OutputMode;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const filterValues = (output === 'transfers' ? this.getNodeParameter('filters', {}) : {}) as IDataObject;

	const filters: TransferFilters = {
		directions: (filterValues.directions as Direction[] | undefined) ?? [],
		assetTypes: (filterValues.assetTypes as AssetType[] | undefined) ?? [],
	};
	const minimum = String(filterValues.minimumAmount ?? '').trim();
	if (minimum !== '') {
		filters.minimumAmount = parsed(this, 'Minimum Amount', () => {
			const value = parseDecimal(minimum);
			if (value === undefined) throw new Error(`"${minimum}" is not a non-negative decimal number`);
			return value;
		});
	}
	const contracts = parsed(this, 'Token Contracts', () => parseAddresses(filterValues.contracts ?? ''));
	filters.tokenContracts = contracts.map((contract) => contract.toLowerCase());

	return {
		chainId,
		addresses,
		eventSignatures,
		includeInternalTxs: this.getNodeParameter('includeInternalTxs', false) as boolean,
		includeLogs: this.getNodeParameter('includeLogs', false) as boolean,
		output,
		filters,
		onDeactivation: (options.onDeactivation as OnDeactivation | undefined) ?? 'delete',
		includeHeaders: output === 'raw' && options.includeHeaders === true,
		verifySignature: options.verifySignature !== false,
		webhookName: typeof options.webhookName === 'string' ? options.webhookName.trim() : '',
	};
}

import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { parseAddresses } from './addresses';
import { parseDecimal } from './amounts';
import type { AssetType, Direction, TransferFilters } from './transfers';

/** The parameters both triggers read the same way, with one wording for what is wrong. */
export function parsedTriggerParameter<T>(context: { getNode(): INode }, field: string, parse: () => T): T {
	try {
		return parse();
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `Invalid ${field}: ${(error as Error).message}`, {
			description: `Correct the "${field}" parameter of the trigger; nothing was sent to the service.`,
		});
	}
}

/** The Filters collection of the Transfers output. */
export function readTransferFilters(context: { getNode(): INode }, values: IDataObject): TransferFilters {
	const filters: TransferFilters = {
		directions: (values.directions as Direction[] | undefined) ?? [],
		assetTypes: (values.assetTypes as AssetType[] | undefined) ?? [],
	};
	const minimum = String(values.minimumAmount ?? '').trim();
	if (minimum !== '') {
		filters.minimumAmount = parsedTriggerParameter(context, 'Minimum Amount', () => {
			const value = parseDecimal(minimum);
			if (value === undefined) throw new Error(`"${minimum}" is not a non-negative decimal number`);
			return value;
		});
	}
	const contracts = parsedTriggerParameter(context, 'Token Contracts', () => parseAddresses(values.contracts ?? ''));
	filters.tokenContracts = contracts.map((contract) => contract.toLowerCase());
	return filters;
}

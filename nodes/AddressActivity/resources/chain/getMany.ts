import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainsRoute } from '../../../shared/service/chainRoutes';
import { serviceRequest } from '../../../shared/service/transport';
import { filtersCollection, returnAllAndLimit } from '../../commonParameters';
import { readListCall, type ListCall } from '../../readParameters';
import { oneOf } from '../../../shared/parameters/parameterChecks';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filtersCollection([
		{
			displayName: 'Feature',
			name: 'feature',
			type: 'options',
			default: 'webhooks',
			options: [
				{ name: 'NFT Indexing', value: 'nftIndexing' },
				{ name: 'Teleporter', value: 'teleporter' },
				{ name: 'Webhooks', value: 'webhooks' },
			],
			description: 'Only chains with this feature enabled',
		},
		{
			displayName: 'Network',
			name: 'network',
			type: 'options',
			default: 'mainnet',
			options: [
				{ name: 'Mainnet', value: 'mainnet' },
				{ name: 'Fuji (Test Network)', value: 'fuji' },
				{ name: 'Testnet', value: 'testnet' },
			],
			description: 'Only chains of this network',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['chain'], operation: ['getMany'] } }, properties);

export function read(context: IExecuteFunctions, itemIndex: number): ListCall {
	return readListCall(context, itemIndex, { network: ['Network', oneOf(['mainnet', 'fuji', 'testnet'])] });
}

export async function execute(this: IExecuteFunctions, { returnAll, limit, qs, retry }: ListCall, itemIndex: number): Promise<IDataObject[]> {
	// The chains listing is not paginated: one request, the limit applies to its result.
	const { chains } = (await serviceRequest.call(this, { method: 'GET', ...chainsRoute(), qs, itemIndex, retry })) as { chains?: IDataObject[] };
	const list = chains ?? [];
	return returnAll ? list : list.slice(0, limit);
}

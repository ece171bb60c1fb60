import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ADDRESS_BATCH_SIZE } from '../../../shared/service/webhooks';
import { parsedParameter, positiveInteger } from '../../readParameters';

// A peer service caps one address change at 500 addresses; large enough to need few requests.
const DEFAULT_BATCH_SIZE = ADDRESS_BATCH_SIZE;

export const batchSizeOption: INodeProperties = {
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_BATCH_SIZE,
	description: 'How many addresses go into one request; more addresses are sent in several requests',
};

export function batchSizeParameter(context: IExecuteFunctions, itemIndex: number): number {
	return parsedParameter(context, 'options.batchSize', 'Batch Size', itemIndex, positiveInteger, DEFAULT_BATCH_SIZE);
}

import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';
import { toNodeError } from '../../../nodes/shared/service/nodeErrors';
import { harnessNode } from '../../harness/nodeTypes';

const node = harnessNode();
const context = { getNode: () => node };

describe('toNodeError', () => {
	it('passes n8n\'s own errors as they are, adding the item when they have none', () => {
		const apiError = new NodeApiError(node, { message: 'not found' }, { httpCode: '404' });
		expect(toNodeError(context, apiError, 3)).toBe(apiError);
		expect(apiError.context.itemIndex).toBe(3);
		const operationError = new NodeOperationError(node, 'bad', { itemIndex: 1 });
		expect(toNodeError(context, operationError, 4)).toBe(operationError);
		expect(operationError.context.itemIndex).toBe(1);
	});

	it('turns an invalid input into a NodeOperationError with its message and the item', () => {
		const error = toNodeError(context, new InvalidInputError('"0x12" is not an address', '0x12'), 2);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('"0x12" is not an address');
		expect(error.context.itemIndex).toBe(2);
		expect(error.node).toBe(node);
	});

	it('turns any other failure into a NodeOperationError keeping its message', () => {
		expect(toNodeError(context, new RangeError('out of range')).message).toBe('out of range');
		expect(toNodeError(context, 'plain text', 0)).toMatchObject({ message: 'plain text', context: { itemIndex: 0 } });
	});
});

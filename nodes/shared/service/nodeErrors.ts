import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { InvalidInputError } from '../model/invalidInput';

/**
 * Every failure leaves a node as a NodeApiError or NodeOperationError with the item index. n8n's
 * own errors pass as they are (re-wrapping a NodeApiError would return the original anyway).
 */
export function toNodeError(context: { getNode(): INode }, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (itemIndex !== undefined && error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	if (error instanceof InvalidInputError) return new NodeOperationError(context.getNode(), error.message, { itemIndex });
	return new NodeOperationError(context.getNode(), error instanceof Error ? error : new Error(String(error)), { itemIndex });
}

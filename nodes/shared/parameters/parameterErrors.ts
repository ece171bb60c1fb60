import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { InvalidEntriesError, InvalidInputError, quoteValue } from '../model/invalidInput';
import { agentArgument, isAgentTool } from '../n8n/n8nInternals';

/**
 * The error for an item's invalid parameter: field, bad value and item (1-based, as the editor
 * shows), with itemIndex for Continue On Fail. For an AI agent it names the $fromAI() argument.
 */
export function toInputError(
	node: INode,
	error: unknown,
	field: string,
	itemIndex: number,
	parameterName?: string,
): NodeOperationError {
	const reason = error instanceof Error ? error.message : String(error);
	const argument = parameterName === undefined ? undefined : agentArgument(node.parameters[parameterName]);
	const what = argument === undefined ? field : `${field} (the "${argument}" argument)`;
	const where = isAgentTool(node) ? '' : ` in item ${itemIndex + 1}`;
	return new NodeOperationError(node, `Invalid ${what}${where}: ${reason}`, { itemIndex, description: rejected(error, field) });
}

/** What was rejected: the value, or the entries of a list named in the message. */
function rejected(error: unknown, field: string): string | undefined {
	if (error instanceof InvalidEntriesError && error.refused.length > 1) {
		return `The ${error.refused.length} entries named above in "${field}" were rejected before any request was sent.`;
	}
	return error instanceof InvalidInputError ? `The value ${quoteValue(error.value)} in "${field}" was rejected before any request was sent.` : undefined;
}

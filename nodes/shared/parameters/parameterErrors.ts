import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { InvalidInputError, quoteValue } from '../model/invalidInput';

/** The argument an AI agent fills a parameter with: the key of its $fromAI('key', ...) expression. */
function agentArgument(parameter: unknown): string | undefined {
	const raw = parameter !== null && typeof parameter === 'object' && '__rl' in parameter ? (parameter as { value?: unknown }).value : parameter;
	if (typeof raw !== 'string') return undefined;
	return /\$fromAI\(\s*(['"`])([^'"`]+)\1/.exec(raw)?.[2];
}

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
	const where = node.type.endsWith('Tool') ? '' : ` in item ${itemIndex + 1}`;
	return new NodeOperationError(node, `Invalid ${what}${where}: ${reason}`, {
		itemIndex,
		description:
			error instanceof InvalidInputError
				? `The value ${quoteValue(error.value)} in "${field}" was rejected before any request was sent.`
				: undefined,
	});
}

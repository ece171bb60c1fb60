import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * A user-supplied value that cannot be sent to the service (a malformed address or event
 * signature). Parsing code throws it without knowing which parameter or item the value came
 * from; `toInputError` turns it into the NodeOperationError a user sees.
 */
export class InvalidInputError extends Error {
	constructor(
		message: string,
		/** The offending value as the user wrote it. */
		readonly value: unknown,
	) {
		super(message);
		this.name = 'InvalidInputError';
	}
}

/** Shows a value in a message without flooding it: long input is cut. */
export function quoteValue(value: unknown): string {
	const text =
		typeof value === 'string' || typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
	return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}

/** The argument an AI agent fills a parameter with: the key of its $fromAI('key', ...) expression. */
function agentArgument(parameter: unknown): string | undefined {
	const raw = parameter !== null && typeof parameter === 'object' && '__rl' in parameter ? (parameter as { value?: unknown }).value : parameter;
	if (typeof raw !== 'string') return undefined;
	return /\$fromAI\(\s*(['"`])([^'"`]+)\1/.exec(raw)?.[2];
}

/**
 * Builds the error for one item's invalid parameter: names the field, the bad value and the item
 * (1-based, as the editor shows items), and carries itemIndex so Continue On Fail pairs it. An AI
 * agent calling the node as a tool knows the argument it sent, not items: the message names the
 * $fromAI() argument instead.
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

/**
 * The one error policy: any failure leaves a node as a NodeApiError (the service answered, or
 * could not be reached) or a NodeOperationError (bad input, a bad Base URL, a cancelled run), with
 * the item index. n8n's own errors are returned as they are, given the index if they lack one
 * (wrapping a NodeApiError in a new one would return the original and drop the new options).
 */
export function toNodeError(context: { getNode(): INode }, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (itemIndex !== undefined && error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	if (error instanceof InvalidInputError) return new NodeOperationError(context.getNode(), error.message, { itemIndex });
	return new NodeOperationError(context.getNode(), error instanceof Error ? error : new Error(String(error)), { itemIndex });
}

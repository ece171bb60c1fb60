/**
 * A user-supplied value that cannot be sent to the service (a malformed address or event
 * signature). Parsing code throws it without knowing which parameter or item the value came
 * from; `toInputError` (parameters/parameterErrors.ts) turns it into the NodeOperationError a user sees.
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

/**
 * JSON Canonicalization Scheme (RFC 8785): the text the service signs.
 * Object keys sorted by UTF-16 code units, no whitespace, strings and numbers
 * serialised exactly as ECMAScript JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
	if (value === null) return 'null';
	switch (typeof value) {
		case 'boolean':
			return value ? 'true' : 'false';
		case 'number':
			// RFC 8785 has no representation for NaN or Infinity (JSON.parse('1e400') yields Infinity).
			if (!Number.isFinite(value)) throw new TypeError('Cannot canonicalise a non-finite number');
			return JSON.stringify(value);
		case 'string':
			return JSON.stringify(value);
		case 'object':
			return Array.isArray(value) ? canonicalArray(value) : canonicalObject(value as object);
		default:
			throw new TypeError(`Cannot canonicalise a value of type ${typeof value}`);
	}
}

function canonicalArray(values: unknown[]): string {
	// JSON.stringify writes undefined inside arrays as null; so does JCS.
	return `[${values.map((element) => (element === undefined ? 'null' : canonicalJson(element))).join(',')}]`;
}

function canonicalObject(object: object): string {
	const record = object as Record<string, unknown>;
	// The default sort compares UTF-16 code units, which is what RFC 8785 asks for.
	const keys = Object.keys(record)
		.filter((key) => record[key] !== undefined)
		.sort();
	const members = keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
	return `{${members.join(',')}}`;
}

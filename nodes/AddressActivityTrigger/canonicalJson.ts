/**
 * JSON Canonicalization Scheme (RFC 8785): the text the service signs.
 * Object keys sorted by UTF-16 code units, no whitespace, strings and numbers serialised exactly
 * as ECMAScript JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
	// Fast path: native JSON.stringify writes strings and numbers as JCS requires; the replacer
	// hands it every object with its keys in sorted order. Objects with integer-like keys cannot
	// keep a sorted order (engines list those keys first, numerically), so they take the slow path.
	let integerKeys = false;
	let nonFiniteNumber = false;
	const text = JSON.stringify(value, (_key: string, member: unknown): unknown => {
		if (typeof member === 'number' && !Number.isFinite(member)) nonFiniteNumber = true;
		if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
		const record = member as Record<string, unknown>;
		// No prototype: a "__proto__" key from JSON.parse stays an ordinary member.
		const sorted = Object.create(null) as Record<string, unknown>;
		for (const key of Object.keys(record).sort()) {
			if (INTEGER_KEY.test(key)) integerKeys = true;
			sorted[key] = record[key];
		}
		return sorted;
	});
	if (nonFiniteNumber) throw nonFinite();
	if (integerKeys || typeof text !== 'string') return canonicalText(value);
	return text;
}

const INTEGER_KEY = /^(0|[1-9][0-9]*)$/;

function nonFinite(): TypeError {
	// RFC 8785 has no representation for NaN or Infinity (JSON.parse('1e400') yields Infinity).
	return new TypeError('Cannot canonicalise a non-finite number');
}

/** The reference serialiser, used for objects the fast path cannot handle. */
function canonicalText(value: unknown): string {
	if (value === null) return 'null';
	switch (typeof value) {
		case 'boolean':
			return value ? 'true' : 'false';
		case 'number':
			if (!Number.isFinite(value)) throw nonFinite();
			return JSON.stringify(value);
		case 'string':
			return JSON.stringify(value);
		case 'object': {
			if (Array.isArray(value)) {
				// JSON.stringify writes undefined inside arrays as null; so does JCS.
				return `[${value.map((element) => (element === undefined ? 'null' : canonicalText(element))).join(',')}]`;
			}
			const record = value as Record<string, unknown>;
			// The default sort compares UTF-16 code units, which is what RFC 8785 asks for.
			const members = Object.keys(record)
				.filter((key) => record[key] !== undefined)
				.sort()
				.map((key) => `${JSON.stringify(key)}:${canonicalText(record[key])}`);
			return `{${members.join(',')}}`;
		}
		default:
			throw new TypeError(`Cannot canonicalise a value of type ${typeof value}`);
	}
}

/**
 * JSON Canonicalization Scheme (RFC 8785): the text the service signs.
 * Object keys sorted by UTF-16 code units, no whitespace, strings and numbers serialised exactly
 * as ECMAScript JSON.stringify does.
 * `escapeFree` says that no string in `value` (key or value) needs escaping, which holds for
 * anything JSON.parse made from text without a backslash: the check per string is then skipped.
 */
export function canonicalJson(value: unknown, escapeFree = false): string {
	// Fast path: one walk over plain JSON data (what JSON.parse returns), writing the text directly.
	// Anything else (toJSON, functions, class instances...) is written as before, by JSON.stringify
	// with sorted keys.
	const text = plainText(value, escapeFree ? bare : quote);
	return text !== undefined ? text : stringifyCanonical(value);
}

/** Strings JSON.stringify writes as they are between quotes: no quote, backslash, control character or surrogate. */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(text: string): string {
	return NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function bare(text: string): string {
	return `"${text}"`;
}

/**
 * Sorted key lists, found by the list they were sorted from. Deliveries repeat a handful of
 * object shapes (every transfer, every log), so sorting each object's keys again would be most
 * of the work; the bound keeps bodies with ever new keys from growing it.
 */
const SORTED_KEYS = new Map<string, Array<{ keys: string[]; sorted: string[] }>>();
const SORTED_KEYS_LIMIT = 256;
const SHAPES_PER_FIRST_KEY = 8;

function sameKeys(left: string[], right: string[]): boolean {
	if (left.length !== right.length) return false;
	for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
	return true;
}

/** The keys in RFC 8785 order: the default sort compares UTF-16 code units, as the RFC asks. */
function sortedKeys(keys: string[]): readonly string[] {
	if (keys.length < 2) return keys;
	const shapes = SORTED_KEYS.get(keys[0]);
	if (shapes !== undefined) {
		for (const shape of shapes) if (sameKeys(shape.keys, keys)) return shape.sorted;
	}
	const sorted = [...keys].sort();
	if (shapes === undefined) {
		if (SORTED_KEYS.size >= SORTED_KEYS_LIMIT) SORTED_KEYS.clear();
		SORTED_KEYS.set(keys[0], [{ keys, sorted }]);
	} else if (shapes.length < SHAPES_PER_FIRST_KEY) {
		shapes.push({ keys, sorted });
	}
	return sorted;
}

/** The canonical text of plain JSON data; undefined when the value holds anything else. */
function plainText(value: unknown, quoted: (text: string) => string): string | undefined {
	switch (typeof value) {
		case 'string':
			return quoted(value);
		case 'number':
			if (!Number.isFinite(value)) throw nonFinite();
			// For finite numbers String() is JSON.stringify's Number::toString (and -0 gives "0").
			return String(value);
		case 'boolean':
			return value ? 'true' : 'false';
		case 'object': {
			if (value === null) return 'null';
			if (Array.isArray(value)) {
				if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
				let text = '[';
				for (let index = 0; index < value.length; index++) {
					const element: unknown = value[index];
					// JSON.stringify writes undefined inside arrays as null; so does JCS.
					const member = element === undefined ? 'null' : plainText(element, quoted);
					if (member === undefined) return undefined;
					text += index === 0 ? member : `,${member}`;
				}
				return `${text}]`;
			}
			const prototype = Object.getPrototypeOf(value) as unknown;
			if (prototype !== Object.prototype && prototype !== null) return undefined;
			const record = value as Record<string, unknown>;
			if (typeof record.toJSON === 'function') return undefined;
			const keys = sortedKeys(Object.keys(record));
			let text = '{';
			let first = true;
			for (const key of keys) {
				const member = record[key];
				if (member === undefined) continue;
				const memberText = plainText(member, quoted);
				if (memberText === undefined) return undefined;
				text += `${first ? '' : ','}${quoted(key)}:${memberText}`;
				first = false;
			}
			return `${text}}`;
		}
		default:
			// undefined at the top, functions, symbols, bigints: not JSON data.
			return undefined;
	}
}

/** JSON.stringify with every object's keys sorted: how values that are not plain JSON data are written. */
function stringifyCanonical(value: unknown): string {
	// The replacer hands JSON.stringify every object with its keys in sorted order. Objects with
	// integer-like keys cannot keep a sorted order (engines list those keys first, numerically),
	// so they take the reference serialiser.
	let integerKeys = false;
	let nonFiniteNumber = false;
	const text = JSON.stringify(value, (_key: string, member: unknown): unknown => {
		if (typeof member === 'number' && !Number.isFinite(member)) nonFiniteNumber = true;
		if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
		const record = member as Record<string, unknown>;
		// No prototype: a "__proto__" key stays an ordinary member.
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

/** The reference serialiser, for objects with integer-like keys. */
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

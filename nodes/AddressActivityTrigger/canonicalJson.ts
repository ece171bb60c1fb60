/**
 * JSON Canonicalization Scheme (RFC 8785) of JSON data (what JSON.parse returns): the text the
 * service signs. Object keys sorted by UTF-16 code units (the default sort), no whitespace,
 * strings and numbers written as ECMAScript JSON.stringify writes them.
 * `escapeFree` says that no string in `value` (key or value) needs escaping, which holds for
 * anything JSON.parse made from text without a backslash: strings are then quoted as they are.
 */
export function canonicalJson(value: unknown, escapeFree = false): string {
	const write = (member: unknown): string => {
		if (typeof member === 'string') return escapeFree ? `"${member}"` : JSON.stringify(member);
		if (typeof member === 'number' && !Number.isFinite(member)) throw new TypeError('RFC 8785 cannot represent NaN or Infinity');
		// String() writes finite numbers (-0 as "0"), booleans and null as JSON.stringify does, at a fraction of its cost.
		if (member === null || typeof member === 'number' || typeof member === 'boolean') return String(member);
		if (typeof member !== 'object') throw new TypeError(`RFC 8785 cannot represent a value of type ${typeof member}`);
		// Written by concatenation: no text is empty, so an empty text means nothing written yet.
		let text = '';
		if (Array.isArray(member)) {
			// JSON.stringify writes undefined (and holes) in arrays as null; so does JCS.
			for (const item of member) text += `${text === '' ? '' : ','}${write(item === undefined ? null : item)}`;
			return `[${text}]`;
		}
		const record = member as Record<string, unknown>;
		for (const key of Object.keys(record).sort()) {
			if (record[key] !== undefined) text += `${text === '' ? '' : ','}${write(key)}:${write(record[key])}`;
		}
		return `{${text}}`;
	};
	return write(value);
}

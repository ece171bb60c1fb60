// Reading ABI-encoded bytes held as hex, with every bound checked: a read past the end, an offset or
// length out of range, or data that is re-read far more than once (a few hundred bytes made to expand
// into millions of values) stops the decoding with a MalformedData saying where and what.

/** Thrown inside the decoder only; the log decoder turns it into a result that says what is wrong. */
export class MalformedData extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'MalformedData';
	}
}

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const ZERO_WORD = '0'.repeat(64);

/** A canonical encoding reads each byte about once; this much re-reading only crafted data does. */
const MAX_READ_RATIO = 8;
const MIN_READ_ALLOWANCE = 4096;

/** The bytes of a log's data or a topic, read as 32-byte words and byte strings. */
export class AbiData {
	readonly length: number;
	/** The furthest byte read so far: an encoding read to its end has no stray bytes after it. */
	furthest = 0;
	private read = 0;
	private readonly allowance: number;
	private readonly hex: string;

	/** `hex` is 0x-prefixed; `what` names it in messages ("the data", "topic1"). */
	constructor(
		hex: string,
		readonly what: string,
	) {
		if (!HEX.test(hex)) {
			throw new MalformedData(`${what} is not 0x-prefixed hex of whole bytes`);
		}
		this.hex = hex.slice(2).toLowerCase();
		this.length = this.hex.length / 2;
		this.allowance = Math.max(MIN_READ_ALLOWANCE, MAX_READ_RATIO * this.length);
	}

	private take(at: number, size: number, path: string): string {
		if (at + size > this.length) {
			throw new MalformedData(
				`${path}: ${this.what} is too short (${this.length} bytes; ${path} needs bytes ${at} to ${at + size})`,
			);
		}
		this.read += size;
		if (this.read > this.allowance) {
			throw new MalformedData(`${path}: ${this.what} points back into itself so often that decoding would expand it more than ${MAX_READ_RATIO} times`);
		}
		this.furthest = Math.max(this.furthest, at + size);
		return this.hex.slice(2 * at, 2 * (at + size));
	}

	/** The 32-byte word at `at`, as 64 lowercase hex digits. */
	word(at: number, path: string): string {
		return this.take(at, 32, path);
	}

	/** `size` bytes at `at`, as hex digits; padded to whole words, the padding present and zero. */
	bytes(at: number, size: number, path: string): string {
		const padded = Math.ceil(size / 32) * 32;
		const all = this.take(at, padded, path);
		if (!/^0*$/.test(all.slice(2 * size))) {
			throw new MalformedData(`${path}: the padding after its ${size} bytes is not zero`);
		}
		return all.slice(0, 2 * size);
	}

	/**
	 * An offset or a length at `at`: a count of bytes or elements that must stay within the data (any
	 * larger value could not be followed, so it is reported rather than read as a number).
	 */
	count(at: number, path: string, what: 'offset' | 'length'): number {
		const word = this.word(at, path);
		const value = word.startsWith(ZERO_WORD.slice(0, 52)) ? parseInt(word.slice(52), 16) : Number.POSITIVE_INFINITY;
		if (value > this.length) {
			const shown = value === Number.POSITIVE_INFINITY ? `0x${word.replace(/^0+/, '')}` : String(value);
			throw new MalformedData(`${path}: its ${what} ${shown} is past the end of ${this.what} (${this.length} bytes)`);
		}
		return value;
	}
}

const UTF8_ERROR = undefined;

/**
 * The text of UTF-8 bytes given as hex, or undefined when they are not valid UTF-8 (a cut sequence,
 * an overlong form, a UTF-16 surrogate, a code point past U+10FFFF): such bytes are no string.
 */
export function decodeUtf8(hex: string): string | undefined {
	const bytes: number[] = [];
	for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
	let text = '';
	for (let i = 0; i < bytes.length; ) {
		const first = bytes[i];
		let extra: number;
		let code: number;
		if (first < 0x80) {
			text += String.fromCharCode(first);
			i++;
			continue;
		} else if (first >= 0xc2 && first <= 0xdf) {
			extra = 1;
			code = first & 0x1f;
		} else if (first >= 0xe0 && first <= 0xef) {
			extra = 2;
			code = first & 0x0f;
		} else if (first >= 0xf0 && first <= 0xf4) {
			extra = 3;
			code = first & 0x07;
		} else {
			return UTF8_ERROR;
		}
		if (i + extra >= bytes.length) return UTF8_ERROR;
		for (let k = 1; k <= extra; k++) {
			const next = bytes[i + k];
			if ((next & 0xc0) !== 0x80) return UTF8_ERROR;
			code = (code << 6) | (next & 0x3f);
		}
		const smallest = [0, 0x80, 0x800, 0x10000][extra];
		if (code < smallest || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return UTF8_ERROR;
		text += String.fromCodePoint(code);
		i += extra + 1;
	}
	return text;
}

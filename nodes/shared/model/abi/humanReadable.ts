// Reads an event written the way explorers and docs show it:
//   event Swap(address indexed sender, uint256 amount0In, (uint256 a, address b)[] legs, address indexed to)
// with `event` optional, `anonymous` after the list, tuples as `(...)` or `tuple(...)`, arrays `T[]` and
// `T[k]`, names optional, and Etherscan's log view form `index_topic_1 address sender` for indexed.

import {
	DefinitionSyntaxError,
	checkDistinctNames,
	elementaryType,
	withArraySuffixes,
	type AbiParameter,
	type AbiType,
} from './abiTypes';

export interface EventParameter extends AbiParameter {
	indexed: boolean;
}

/** An event as written: its name, arguments and whether it is anonymous (no topic0). */
export interface EventShape {
	name: string;
	inputs: EventParameter[];
	anonymous: boolean;
}

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const ARRAY_SUFFIXES = /(?:\s*\[\s*\d*\s*\])*/y;
const ETHERSCAN_INDEXED = /^index_topic_[1-4]$/;

/** Reads text from left to right; every method either consumes what it expects or throws where it stopped. */
class Scanner {
	position = 0;

	constructor(readonly text: string) {}

	skipSpace(): void {
		while (this.position < this.text.length && /\s/.test(this.text[this.position])) this.position++;
	}

	peek(): string {
		this.skipSpace();
		return this.text[this.position] ?? '';
	}

	/** What stands at the current position, for messages. */
	found(): string {
		this.skipSpace();
		if (this.position >= this.text.length) return 'the end';
		return `"${this.text.slice(this.position, this.position + 12)}"`;
	}

	fail(expected: string): never {
		const found = this.found();
		throw new DefinitionSyntaxError(`expected ${expected} at character ${this.position + 1}, found ${found}`, this.position);
	}

	accept(char: string): boolean {
		if (this.peek() !== char) return false;
		this.position++;
		return true;
	}

	expect(char: string, what: string): void {
		if (!this.accept(char)) this.fail(what);
	}

	identifier(): string | undefined {
		this.skipSpace();
		IDENTIFIER.lastIndex = this.position;
		const match = IDENTIFIER.exec(this.text);
		if (!match) return undefined;
		this.position += match[0].length;
		return match[0];
	}

	/** The next identifier, without consuming it. */
	lookAhead(): string | undefined {
		const start = this.position;
		const word = this.identifier();
		this.position = start;
		return word;
	}

	arraySuffixes(): string {
		ARRAY_SUFFIXES.lastIndex = this.position;
		const match = ARRAY_SUFFIXES.exec(this.text) as RegExpExecArray;
		this.position += match[0].length;
		return match[0];
	}
}

function readType(scanner: Scanner): AbiType {
	let base: AbiType;
	const start = scanner.position;
	if (scanner.peek() === '(' || scanner.lookAhead() === 'tuple') {
		if (scanner.peek() !== '(') scanner.identifier();
		base = { kind: 'tuple', components: readList(scanner, false) };
		if (base.components.length === 0) throw new DefinitionSyntaxError('a tuple needs at least one component', start);
		checkDistinctNames(base.components, 'a tuple');
	} else {
		const name = scanner.identifier();
		if (name === undefined) scanner.fail('a type');
		const type = elementaryType(name);
		if (type === undefined) {
			const hint = /^u?fixed/.test(name) ? ' (fixed-point numbers cannot be decoded)' : '';
			throw new DefinitionSyntaxError(`"${name}" is not an ABI type${hint}`, start);
		}
		base = type;
	}
	return withArraySuffixes(base, scanner.arraySuffixes());
}

/** A parenthesised list of parameters; `indexed` only in an event's own list. */
function readList(scanner: Scanner, eventArguments: true): EventParameter[];
function readList(scanner: Scanner, eventArguments: false): AbiParameter[];
function readList(scanner: Scanner, eventArguments: boolean): EventParameter[] {
	scanner.expect('(', '"("');
	const parameters: EventParameter[] = [];
	if (scanner.accept(')')) return parameters;
	do {
		let indexed = false;
		const lead = scanner.lookAhead();
		if (eventArguments && lead !== undefined && ETHERSCAN_INDEXED.test(lead)) {
			scanner.identifier();
			indexed = true;
		}
		const type = readType(scanner);
		let name = scanner.identifier() ?? '';
		if (name === 'indexed') {
			if (!eventArguments) throw new DefinitionSyntaxError('"indexed" is only for the event\'s own arguments, not inside a tuple', scanner.position);
			indexed = true;
			name = scanner.identifier() ?? '';
		}
		if (name === 'indexed') scanner.fail('an argument name');
		parameters.push(eventArguments ? { name, type, indexed } : ({ name, type } as EventParameter));
	} while (scanner.accept(','));
	scanner.expect(')', parameters.length > 0 ? '"," or ")"' : '")"');
	return parameters;
}

/** One event definition; throws DefinitionSyntaxError saying what is wrong and where. */
export function parseHumanReadableEvent(text: string): EventShape {
	const scanner: Scanner = new Scanner(text);
	let name = scanner.identifier();
	if (name === 'event' && scanner.peek() !== '(') name = scanner.identifier();
	if (name === undefined) scanner.fail('an event name');
	if (name === 'function' || name === 'error' || name === 'constructor') {
		throw new DefinitionSyntaxError(`a ${name} is not an event`, 0);
	}
	const inputs = readList(scanner, true);
	checkDistinctNames(inputs, `event ${name}`);
	let anonymous = false;
	if (scanner.lookAhead() === 'anonymous') {
		scanner.identifier();
		anonymous = true;
	}
	scanner.accept(';');
	if (scanner.peek() !== '') scanner.fail('the end of the definition');
	return { name, inputs, anonymous };
}

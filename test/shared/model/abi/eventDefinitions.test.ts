import { EventFragment } from 'ethers';

import { InvalidInputError } from '../../../../nodes/shared/model/invalidInput';
import { parseEventDefinitions } from '../../../../nodes/shared/model/abi/eventDefinitions';
import { generateEvent, humanEvent, randomOf } from './generated';

const SWAP = 'Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)';
const SWAP_TOPIC = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const summary = (text: unknown) =>
	parseEventDefinitions(text).map((definition) => ({
		signature: definition.signature,
		topic0: definition.topic0,
		arguments: definition.inputs.map((input) => `${input.indexed ? 'indexed ' : ''}${input.name}`),
		source: definition.source,
	}));

describe('event definitions in the form people copy from explorers and docs', () => {
	it('reads a signature with names and indexed, and gives its canonical signature and topic0', () => {
		expect(summary(SWAP)).toEqual([
			{
				signature: 'Swap(address,uint256,uint256,uint256,uint256,address)',
				topic0: SWAP_TOPIC,
				arguments: ['indexed sender', 'amount0In', 'amount1In', 'amount0Out', 'amount1Out', 'indexed to'],
				source: 'line 1',
			},
		]);
	});

	it('takes the `event` keyword, `uint`/`int` for 256 bits, a trailing semicolon and spaces anywhere', () => {
		expect(summary('  event  Transfer ( address indexed from ,address indexed to, uint value ) ;')[0]).toMatchObject({
			signature: 'Transfer(address,address,uint256)',
			topic0: TRANSFER_TOPIC,
		});
	});

	it("takes Etherscan's log view form, index_topic_N before the type", () => {
		expect(summary('Swap (index_topic_1 address sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, index_topic_2 address to)')).toEqual(summary(SWAP));
	});

	it('reads tuples as (...) or tuple(...), arrays T[] and T[k], nested, and anonymous events', () => {
		expect(summary('event Settled(tuple(uint a, address b)[2] indexed legs, (bool ok, (string note, bytes32[] ids)[] inner) result, uint8[3][] grid) anonymous')).toEqual([
			{
				signature: 'Settled((uint256,address)[2],(bool,(string,bytes32[])[]),uint8[3][])',
				topic0: null,
				arguments: ['indexed legs', 'result', 'grid'],
				source: 'line 1',
			},
		]);
	});

	it('reads several definitions, one per line; one may run over several lines; blank lines and comments are skipped', () => {
		const text = `// Uniswap V2 pair
${SWAP}

event Sync(
  uint112 reserve0,
  uint112 reserve1
);
# ERC-20
Transfer(address indexed from, address indexed to, uint256 value); Approval(address indexed owner, address indexed spender, uint256 value)`;
		expect(summary(text).map(({ signature, source }) => `${source}: ${signature}`)).toEqual([
			'line 2: Swap(address,uint256,uint256,uint256,uint256,address)',
			'line 4: Sync(uint112,uint112)',
			'line 9: Transfer(address,address,uint256)',
			'line 9: Approval(address,address,uint256)',
		]);
	});

	it('keeps ERC-20 and ERC-721 Transfer apart (same topic0, 2 or 3 indexed arguments) and drops an exact repeat', () => {
		const erc20 = 'Transfer(address indexed from, address indexed to, uint256 value)';
		const erc721 = 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)';
		expect(summary([erc20, erc721, erc20]).map((definition) => definition.arguments.length)).toEqual([3, 3]);
	});

	it('takes a JSON ABI pasted whole, its events only; a build artifact with an "abi" field; one event entry; an ABI from an expression', () => {
		const abi = [
			{ type: 'function', name: 'transfer', inputs: [{ name: 'to', type: 'address' }], outputs: [] },
			{ type: 'event', name: 'Swap', anonymous: false, inputs: [
				{ name: 'sender', type: 'address', indexed: true },
				...['amount0In', 'amount1In', 'amount0Out', 'amount1Out'].map((name) => ({ name, type: 'uint256', indexed: false })),
				{ name: 'to', type: 'address', indexed: true },
			] },
			{ type: 'error', name: 'Nope', inputs: [] },
		];
		const expected = summary(SWAP).map((definition) => ({ ...definition, source: 'ABI entry 2' }));
		expect(summary(JSON.stringify(abi, null, 2))).toEqual(expected);
		expect(summary(JSON.stringify({ contractName: 'Pair', abi }))).toEqual(expected);
		expect(summary(abi)).toEqual(expected);
		expect(summary(JSON.stringify(abi[1]))).toEqual(expected.map((definition) => ({ ...definition, source: 'ABI entry 1' })));
	});

	it('reads JSON ABI tuples from "components", with array suffixes on "tuple"', () => {
		const entry = { type: 'event', name: 'Batch', inputs: [{ name: 'orders', type: 'tuple[][2]', indexed: false, components: [{ name: 'id', type: 'uint' }, { name: 'who', type: 'address' }] }] };
		expect(summary([entry])[0].signature).toBe('Batch((uint256,address)[][2])');
	});

	it('gives no definitions for empty input', () => {
		expect(parseEventDefinitions('')).toEqual([]);
		expect(parseEventDefinitions('  \n // nothing yet\n')).toEqual([]);
		expect(parseEventDefinitions(undefined)).toEqual([]);
	});
});

describe('a bad definition is named with what is wrong', () => {
	it.each([
		['Swap(adress indexed sender, uint256 amount)', 'line 1 of the event definitions ("Swap(adress indexed sender, uint256 amount)"): "adress" is not an ABI type'],
		['Sync(uint112 a)\nFoo(uint7 x)', 'line 2 of the event definitions ("Foo(uint7 x)"): "uint7" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8'],
		['Foo(bytes33 x)', '"bytes33" is not a type: bytesN takes a size from 1 to 32'],
		['Foo(uint256 a, uint256 b\nBar(uint c)', 'line 1 of the event definitions ("Foo(uint256 a, uint256 b"): expected "," or ")" at character 25, found the end'],
		['Foo(uint[0] a)', '"[0]" is not an array length'],
		['Foo((uint indexed a, bool b) t)', '"indexed" is only for the event\'s own arguments, not inside a tuple'],
		['Foo(uint a, bool a)', 'event Foo has two parameters named "a"'],
		['Foo(() t)', 'a tuple needs at least one component'],
		['Foo(fixed128x18 price)', '"fixed128x18" is not an ABI type (fixed-point numbers cannot be decoded)'],
		['function transfer(address to, uint256 amount)', 'a function is not an event'],
		['Foo(uint indexed a, uint indexed b, uint indexed c, uint indexed d)', 'it has 4 indexed arguments; a log has room for 3 (4 in an anonymous event)'],
		['Foo(uint a) payable', 'expected the end of the definition at character 13, found "payable"'],
		['Foo(uint indexed a, bool b)\nFoo(uint a, bool indexed b)', 'line 2 of the event definitions ("Foo(uint a, bool indexed b)"): a log of it cannot be told apart from one of line 1 ("Foo(uint indexed a, bool b)")'],
		['[{"type":"event","name":"X","inputs":[', 'the event definitions look like a JSON ABI but are not valid JSON'],
		['[{"type":"function","name":"x","inputs":[]}]', 'the JSON ABI has no events'],
		['[{"type":"event","name":"X","inputs":[{"name":"a","type":"uint7"}]}]', 'ABI entry 1 of the JSON ABI (event X): "uint7" is not a type'],
		['[{"type":"event","name":"X","inputs":[{"name":"t","type":"tuple"}]}]', 'ABI entry 1 of the JSON ABI (event X): argument 1 is a tuple without "components"'],
		['[1, {"type":"event","name":"X","inputs":[]}]', 'ABI entry 1 of the JSON ABI (1): not an object'],
		['{"name":"X"}', 'the top level of the JSON ABI ({"name":"X"}): not an ABI'],
	])('%j', (text, message) => {
		let error: unknown;
		try {
			parseEventDefinitions(text);
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(InvalidInputError);
		expect((error as Error).message).toContain(message);
	});
});

describe('canonical signatures and topic0 agree with ethers v6 on generated definitions', () => {
	const DEFINITIONS = 1_000;
	const random = randomOf(3535);
	const events = Array.from({ length: DEFINITIONS }, () => generateEvent(random));

	it(`${DEFINITIONS} definitions, read from their human-readable text and from their JSON ABI entry`, () => {
		for (const event of events) {
			const oracle = EventFragment.from(event);
			const expected = { signature: oracle.format('sighash'), topic0: oracle.anonymous ? null : oracle.topicHash, anonymous: oracle.anonymous, indexed: oracle.inputs.map((input) => input.indexed) };
			const fromText = parseEventDefinitions(humanEvent(event, random))[0];
			const fromJson = parseEventDefinitions(JSON.stringify([event]))[0];
			for (const ours of [fromText, fromJson]) {
				expect({ signature: ours.signature, topic0: ours.topic0, anonymous: ours.anonymous, indexed: ours.inputs.map((input) => input.indexed) }).toEqual(expected);
			}
		}
	});

	it(`ethers reads our human-readable text of the ${DEFINITIONS} definitions (anonymous ones aside) to the same signature`, () => {
		let read = 0;
		for (const event of events.filter((candidate) => !candidate.anonymous)) {
			const text = humanEvent(event, random).replace(/;$/, '');
			const oracle = EventFragment.from(text.startsWith('event ') ? text : `event ${text}`);
			expect(parseEventDefinitions(text)[0].topic0).toBe(oracle.topicHash);
			read++;
		}
		expect(read).toBeGreaterThan(800);
	});
});

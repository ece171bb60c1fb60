import { canonicalType } from '../../../../nodes/shared/model/abi/abiTypes';
import { jsonAbiEvents } from '../../../../nodes/shared/model/abi/jsonAbi';

const transfer = {
	type: 'event',
	name: 'Transfer',
	anonymous: false,
	inputs: [
		{ name: 'from', type: 'address', indexed: true },
		{ name: 'to', type: 'address', indexed: true },
		{ name: 'value', type: 'uint256', indexed: false },
	],
};
const swap = {
	type: 'event',
	name: 'Swap',
	anonymous: true,
	inputs: [{ name: 'legs', type: 'tuple[]', components: [{ name: 'amount', type: 'uint' }, { name: 'pool', type: 'address' }] }, { type: 'bytes32' }],
};

function events(abi: unknown) {
	const read = jsonAbiEvents(abi);
	if (!('events' in read)) throw new Error(read.problem);
	return read.events;
}

describe('jsonAbiEvents', () => {
	it('reads every event of an ABI array, skipping functions and errors, saying where each stood', () => {
		const abi = [{ type: 'function', name: 'transfer', inputs: [] }, transfer, { type: 'error', name: 'E', inputs: [] }, swap];
		const read = events(abi);
		expect(read.map((event) => [event.where, event.text])).toEqual([
			['ABI entry 2', 'event Transfer'],
			['ABI entry 4', 'event Swap'],
		]);
		expect(read[0].shape).toEqual({
			name: 'Transfer',
			anonymous: false,
			inputs: [
				{ name: 'from', type: { kind: 'address' }, indexed: true },
				{ name: 'to', type: { kind: 'address' }, indexed: true },
				{ name: 'value', type: { kind: 'uint', bits: 256 }, indexed: false },
			],
		});
		expect(read[1].shape.anonymous).toBe(true);
		expect(read[1].shape.inputs.map((input) => [input.name, canonicalType(input.type), input.indexed])).toEqual([
			['legs', '(uint256,address)[]', false],
			['', 'bytes32', false],
		]);
	});

	it('reads a build artifact with an "abi" field, and one event entry alone', () => {
		expect(events({ contractName: 'Token', abi: [transfer] }).map((event) => event.shape.name)).toEqual(['Transfer']);
		expect(events(transfer).map((event) => event.where)).toEqual(['ABI entry 1']);
		expect(events([])).toEqual([]);
	});

	it('refuses what is no ABI at all', () => {
		expect(jsonAbiEvents({ name: 'Transfer' })).toEqual({
			where: 'the top level',
			text: '{"name":"Transfer"}',
			problem: 'not an ABI: expected an array of ABI entries, an object with an "abi" array, or one event entry',
		});
	});

	it.each([
		['an entry that is no object', [transfer, 'event X()'], { where: 'ABI entry 2', text: '"event X()"', problem: 'not an object' }],
		['an event without a name', [{ type: 'event', inputs: [] }], { where: 'ABI entry 1', text: '{"type":"event","inputs":[]}', problem: 'the event has no valid "name"' }],
		['an event without inputs', [{ type: 'event', name: 'E' }], { where: 'ABI entry 1', text: 'event E', problem: 'the event has no "inputs" list' }],
		['an unknown type', [{ type: 'event', name: 'E', inputs: [{ name: 'x', type: 'uint7' }] }], { problem: '"uint7" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8' }],
		['a type that is no ABI type', [{ type: 'event', name: 'E', inputs: [{ name: 'x', type: 'mapping(address=>uint)' }] }], { problem: 'argument 1 has the type "mapping(address=>uint)", which is not an ABI type' }],
		['a tuple without components', [{ type: 'event', name: 'E', inputs: [{ name: 'x', type: 'tuple' }] }], { problem: 'argument 1 is a tuple without "components"' }],
		['a bad component', [{ type: 'event', name: 'E', inputs: [{ name: 'x', type: 'tuple', components: [{ name: 'a' }] }] }], { problem: 'argument 1, component 1 has no "type"' }],
		['indexed that is no boolean', [{ type: 'event', name: 'E', inputs: [{ name: 'x', type: 'uint8', indexed: 'yes' }] }], { problem: 'argument 1 has "indexed" "yes", not true or false' }],
		['a name that is no text', [{ type: 'event', name: 'E', inputs: [{ name: 5, type: 'uint8' }] }], { problem: 'argument 1 has a "name" that is not text' }],
		['two arguments of one name', [{ type: 'event', name: 'E', inputs: [{ name: 'a', type: 'uint8' }, { name: 'a', type: 'bool' }] }], { problem: 'event E has two parameters named "a"' }],
	])('names the first bad event entry: %s', (_what, abi, expected) => {
		expect(jsonAbiEvents(abi)).toMatchObject(expected);
	});

	it('cuts a long entry short in messages', () => {
		const read = jsonAbiEvents([{ type: 'event', note: 'x'.repeat(100), inputs: [] }]);
		expect('text' in read && read.text).toMatch(/^.{57}\.\.\.$/);
	});
});

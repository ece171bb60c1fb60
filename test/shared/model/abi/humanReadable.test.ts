import { canonicalType } from '../../../../nodes/shared/model/abi/abiTypes';
import { parseHumanReadableEvent, type EventShape } from '../../../../nodes/shared/model/abi/humanReadable';

/** The event as name(canonical types) with indexed marks, for short expectations. */
function summary(shape: EventShape): string {
	const inputs = shape.inputs.map((input) => `${canonicalType(input.type)}${input.indexed ? ' indexed' : ''}${input.name ? ` ${input.name}` : ''}`);
	return `${shape.name}(${inputs.join(', ')})${shape.anonymous ? ' anonymous' : ''}`;
}

describe('parseHumanReadableEvent', () => {
	it.each([
		['event Transfer(address indexed from, address indexed to, uint256 value)', 'Transfer(address indexed from, address indexed to, uint256 value)'],
		['Transfer(address indexed,address indexed,uint)', 'Transfer(address indexed, address indexed, uint256)'],
		['event Swap(address indexed sender, (uint a, address b)[] legs);', 'Swap(address indexed sender, (uint256,address)[] legs)'],
		['event Legs(tuple(uint256 a, bytes b)[2] legs, string memo) anonymous', 'Legs((uint256,bytes)[2] legs, string memo) anonymous'],
		['Grid( uint8 [2] [ ] cells )', 'Grid(uint8[2][] cells)'],
		['event Empty()', 'Empty()'],
		// Etherscan's log view writes indexed arguments so.
		['Approval (index_topic_1 address owner, index_topic_2 address spender, uint256 value)', 'Approval(address indexed owner, address indexed spender, uint256 value)'],
		// "event" may also be the event's name.
		['event(uint256 x)', 'event(uint256 x)'],
	])('reads %s', (text, expected) => {
		expect(summary(parseHumanReadableEvent(text))).toBe(expected);
	});

	it.each([
		['function transfer(address to, uint256 value)', 'a function is not an event'],
		['error Unauthorized()', 'a error is not an event'],
		['event Transfer(address from, uint256 fixedAmount, fixed128x18 rate)', '"fixed128x18" is not an ABI type (fixed-point numbers cannot be decoded)'],
		['event Transfer(address from, addres to)', '"addres" is not an ABI type'],
		['event Transfer(address from', 'expected "," or ")" at character 28, found the end'],
		['event Transfer address from', 'expected "(" at character 16, found "address from"'],
		['event Transfer(address a, uint256 a)', 'event Transfer has two parameters named "a"'],
		['event Swap((uint256 indexed a) legs)', '"indexed" is only for the event\'s own arguments, not inside a tuple'],
		['event Swap(() legs)', 'a tuple needs at least one component'],
		['event Swap(uint256 x) extra', 'expected the end of the definition at character 23, found "extra"'],
		['event Swap(uint256 indexed indexed)', 'expected an argument name at character 35, found ")"'],
		['', 'expected an event name at character 1, found the end'],
		['event E(uint7 x)', '"uint7" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8'],
	])('refuses %j: %s', (text, message) => {
		expect(() => parseHumanReadableEvent(text)).toThrow(message);
	});
});

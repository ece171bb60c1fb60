import { InvalidEntriesError } from '../../../nodes/shared/model/invalidInput';
import { AddressSet } from '../../../nodes/shared/model/addresses';
import { decimalTextOfNumber } from '../../../nodes/shared/model/amounts';
import { avaxToNavax } from '../../../nodes/shared/model/primaryNetwork';
import { toInputError } from '../../../nodes/shared/parameters/parameterErrors';

const GOOD = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

function refusal(value: unknown): InvalidEntriesError {
	let caught: unknown;
	try {
		AddressSet.parse(value);
	} catch (error) {
		caught = error;
	}
	if (caught instanceof InvalidEntriesError) return caught;
	throw new Error(`${String(value)} was accepted, or refused otherwise: ${String(caught)}`);
}

describe('every refused entry of a list at once', () => {
	it('says a one-entry list as a single value', () => {
		expect(refusal('0x12').message).toBe('"0x12" is not a valid address (expected 0x followed by 40 hexadecimal characters)');
	});

	it('counts the refused entries of a longer list and names each with its position, in the order given', () => {
		const error = refusal([GOOD, '0x12', `${GOOD}, not-an-address`, 'x']);
		expect(error.message).toBe('3 of 5 are not valid addresses (expected 0x followed by 40 hexadecimal characters): #2 "0x12", #4 "not-an-address", #5 "x"');
		expect(error.value).toEqual(['0x12', 'not-an-address', 'x']);
	});

	it('quotes ten of a long list of refused entries and counts the rest', () => {
		const bad = Array.from({ length: 25 }, (_, index) => `bad${index + 1}`);
		const message = refusal([GOOD, ...bad].join('\n')).message;
		expect(message).toBe(
			`25 of 26 are not valid addresses (expected 0x followed by 40 hexadecimal characters): ${bad
				.slice(0, 10)
				.map((entry, index) => `#${index + 2} "${entry}"`)
				.join(', ')} and 15 more`,
		);
	});

	it('describes a list error as entries in the node error, and names the item', () => {
		const node = { id: '1', name: 'Add', type: 'n8n-nodes-address-activity.addressActivity', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		const error = toInputError(node, refusal(`0x12, ${GOOD}, 0x34`), 'Addresses', 4, 'addresses');
		expect(error.message).toBe('Invalid Addresses in item 5: 2 of 3 are not valid addresses (expected 0x followed by 40 hexadecimal characters): #1 "0x12", #3 "0x34"');
		expect(error.description).toBe('The 2 entries named above in "Addresses" were rejected before any request was sent.');
		expect(error.context.itemIndex).toBe(4);
		const single = toInputError(node, refusal(`0x12, ${GOOD}`), 'Addresses', 0, 'addresses');
		expect(single.description).toBe('The value "0x12" in "Addresses" was rejected before any request was sent.');
	});
});

describe('a number field read as the decimal it was typed as', () => {
	it.each([
		[25000, '25000'],
		[25000.5, '25000.5'],
		[0.000000001, '0.000000001'],
		[1.5e-7, '0.00000015'],
		[1e21, '1000000000000000000000'],
		[999999.999999999, '999999.999999999'],
	])('%p is %p', (value, text) => {
		expect(decimalTextOfNumber(value)).toBe(text);
	});

	it.each([[0.1 + 0.2], [Number('123456789.123456789')], [Number.NaN], [Number.POSITIVE_INFINITY]])('%p has no exact decimal', (value) => {
		expect(decimalTextOfNumber(value)).toBeUndefined();
	});

	it('gives AVAX from a number field in nAVAX exactly, and refuses a number it cannot keep exactly', () => {
		expect(avaxToNavax(25000.5)).toBe('25000500000000');
		expect(avaxToNavax(1.5e-7)).toBe('150');
		expect(avaxToNavax('25000.5')).toBe('25000500000000');
		expect(() => avaxToNavax(0.1 + 0.2)).toThrow('has more than 15 significant digits');
		expect(() => avaxToNavax(1e-10)).toThrow('has more than 9 decimals');
	});
});

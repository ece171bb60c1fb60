import { parseChainId, parseChainIds } from '../../../nodes/shared/model/chainIds';
import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';

function refusal(parse: () => unknown): InvalidInputError {
	try {
		parse();
	} catch (error) {
		return error as InvalidInputError;
	}
	throw new Error('the value was accepted');
}

describe('parseChainId', () => {
	it('takes a decimal chain ID as text or number and gives it as text', () => {
		expect(parseChainId('43114')).toBe('43114');
		expect(parseChainId(' 43113\n')).toBe('43113');
		expect(parseChainId(43114)).toBe('43114');
	});

	it.each([['0xa86a'], ['C-Chain'], [''], ['-1'], ['43114.0'], [1.5], [null], [undefined], [{ value: '43114' }]])(
		'refuses %p, naming it',
		(value) => {
			const error = refusal(() => parseChainId(value));
			expect(error).toBeInstanceOf(InvalidInputError);
			expect(error.value).toBe(value);
			expect(error.message).toMatch(/^".*" is not a chain ID \(expected a decimal number such as 43114\)$/);
		},
	);

	it('quotes the value it refuses', () => {
		expect(refusal(() => parseChainId('C-Chain')).message).toBe('"C-Chain" is not a chain ID (expected a decimal number such as 43114)');
	});
});

describe('parseChainIds', () => {
	it('takes a list or text separated by commas, spaces or new lines; each once, in the order given', () => {
		expect(parseChainIds(['43114', 43113, '43114'])).toEqual(['43114', '43113']);
		expect(parseChainIds('43113, 43114\n43113 99999')).toEqual(['43113', '43114', '99999']);
		expect(parseChainIds(43114)).toEqual(['43114']);
	});

	it('refuses an empty choice', () => {
		for (const value of [[], '', ' , ']) {
			const error = refusal(() => parseChainIds(value));
			expect(error.message).toBe('no chain is selected (pick at least one)');
			expect(error.value).toEqual(value);
		}
	});

	it('names every entry that is not a chain ID at once, with its position', () => {
		const error = refusal(() => parseChainIds(['43114', 'fuji', 43113, { id: 1 }]));
		expect(error.message).toBe('2 of 4 are not chain IDs (expected a decimal number such as 43114): #2 "fuji", #4 "{"id":1}"');
		expect(error.value).toEqual(['fuji', '{"id":1}']);
	});

	it('words a one-entry list as a single value', () => {
		const error = refusal(() => parseChainIds('fuji'));
		expect(error.message).toBe('"fuji" is not a chain ID (expected a decimal number such as 43114)');
		expect(error.value).toBe('fuji');
	});
});

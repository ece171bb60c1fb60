import { keccak256 as referenceKeccak } from 'js-sha3';

import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';
import { canonicalEventSignature, parseEventSignatures } from '../../../nodes/shared/model/eventSignatures';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

describe('parseEventSignatures', () => {
	it('hashes a canonical signature with keccak-256', () => {
		expect(parseEventSignatures('Transfer(address,address,uint256)')).toEqual([TRANSFER]);
	});

	it('passes 0x 32-byte hashes through in lower case', () => {
		expect(parseEventSignatures(TRANSFER.toUpperCase().replace('0X', '0x'))).toEqual([TRANSFER]);
	});

	it('reads several signatures from text: commas between them, new lines, semicolons', () => {
		expect(
			parseEventSignatures(`Transfer(address,address,uint256), Approval(address,address,uint256)\n${TRANSFER}`),
		).toEqual([TRANSFER, APPROVAL]);
		expect(parseEventSignatures(['Approval(address,address,uint256)', TRANSFER])).toEqual([APPROVAL, TRANSFER]);
	});

	it('tolerates spaces after commas and writes uint/int in canonical form', () => {
		expect(parseEventSignatures('Transfer(address, address, uint)')).toEqual([TRANSFER]);
		expect(canonicalEventSignature('Foo( (uint,int8)[2], bytes32 ,string[] )')).toBe('Foo((uint256,int8)[2],bytes32,string[])');
		expect(parseEventSignatures('Foo((uint,bool)[],bytes32)')).toEqual([
			`0x${referenceKeccak('Foo((uint256,bool)[],bytes32)')}`,
		]);
	});

	it.each([
		['Transfer(address from, address to, uint256 value)', 'argument names'],
		['Transfer(address,address,uint256', 'unbalanced parenthesis'],
		['Transfer(adress,address,uint256)', 'misspelt type'],
		['Transfer(address,address,uint7)', 'impossible integer size'],
		['0x1234', 'short hash'],
		['Transfer', 'no argument list'],
	])('rejects %s (%s), naming it', (bad) => {
		let error: InvalidInputError | undefined;
		try {
			parseEventSignatures(bad);
		} catch (caught) {
			error = caught as InvalidInputError;
		}
		expect(error).toBeInstanceOf(InvalidInputError);
		expect(error?.message).toContain('is not an event signature');
	});

	it('returns nothing for empty input', () => {
		expect(parseEventSignatures('')).toEqual([]);
		expect(parseEventSignatures(undefined)).toEqual([]);
	});
});

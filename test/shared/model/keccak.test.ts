import { keccak256 as referenceKeccak } from 'js-sha3';

import { keccak256, keccak256Hex, utf8Bytes } from '../../../nodes/shared/model/keccak';
import { seededRandom } from '../../harness/random';

const random = seededRandom;

describe('keccak-256', () => {
	it.each([
		['', '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
		['abc', '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
		['Transfer(address,address,uint256)', '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
		['Approval(address,address,uint256)', '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'],
		['ApprovalForAll(address,address,bool)', '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'],
		[
			'TransferSingle(address,address,address,uint256,uint256)',
			'0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
		],
		[
			'TransferBatch(address,address,address,uint256[],uint256[])',
			'0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
		],
		['Deposit(address,uint256)', '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c'],
		['Withdrawal(address,uint256)', '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'],
		['Sync(uint112,uint112)', '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1'],
	])('hashes %j to the published value', (input, expected) => {
		expect(keccak256Hex(input)).toBe(expected);
	});

	it('agrees with js-sha3 on 2,000 random byte strings of 0 to 700 bytes', () => {
		const next = random(20261122);
		for (let run = 0; run < 2000; run++) {
			const bytes = new Uint8Array(Math.floor(next() * 701));
			for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
			expect(keccak256Hex(bytes)).toBe(`0x${referenceKeccak(bytes)}`);
		}
	});

	it('agrees with js-sha3 at every length around the 136-byte block boundaries', () => {
		for (const length of [0, 1, 134, 135, 136, 137, 271, 272, 273, 407, 408, 409, 1000, 4096]) {
			const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
			expect(keccak256Hex(bytes)).toBe(`0x${referenceKeccak(bytes)}`);
		}
	});

	it('hashes text as UTF-8, including characters outside the BMP', () => {
		const next = random(7);
		const alphabet = ['a', 'Z', '(', ',', 'é', 'ß', '€', '中', '😀', '\u0000', '\n'];
		for (let run = 0; run < 500; run++) {
			let text = '';
			const length = Math.floor(next() * 200);
			for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
			// Compared on Node's UTF-8 bytes: js-sha3 0.9.3's own string encoding goes wrong when a
			// multi-byte character straddles a 136-byte block (e.g. run 26 of this seed).
			const bytes = Buffer.from(text, 'utf8');
			expect(keccak256Hex(text)).toBe(`0x${referenceKeccak(bytes)}`);
			expect(Buffer.from(utf8Bytes(text)).equals(bytes)).toBe(true);
		}
	});

	it('returns 32 bytes', () => {
		expect(keccak256('x')).toHaveLength(32);
	});
});

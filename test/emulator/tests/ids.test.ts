// The emulator's own identifier rules (primary/ids.ts) against published vectors: BIP 173's
// bech32 test vectors, Avalanche addresses with their payload bytes, avalanchego's node ID
// vectors and the well-known 32-byte IDs the vendor SDK lists (BlockchainId).
import {
	bech32Decode,
	bech32Encode,
	cb58,
	cb58Decode,
	nodeId,
	parseNodeId,
	parsePChainAddress,
	parseSubnetId,
	pChainAddress,
	subnetId,
} from '../primary/ids';

describe('bech32 (BIP 173 test vectors)', () => {
	it.each([
		'A12UEL5L',
		'a12uel5l',
		'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
		'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
		`11${'q'.repeat(82)}c8247j`,
		'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
		'?1ezyfcl',
	])('accepts the valid string %s', (text) => {
		expect(bech32Decode(text)?.hrp).toBe(text.slice(0, text.lastIndexOf('1')).toLowerCase());
	});

	it.each([
		['\x201nwldj5', 'HRP character out of range'],
		['\x7f1axkwrx', 'HRP character out of range'],
		['\x801eym55h', 'HRP character out of range'],
		['an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx', 'overall max length exceeded'],
		['pzry9x0s0muk', 'no separator character'],
		['1pzry9x0s0muk', 'empty HRP'],
		['x1b4n0q5v', 'invalid data character'],
		['li1dgmt3', 'too short checksum'],
		['de1lg7wt\xff', 'invalid character in checksum'],
		['A1G7SGD8', 'checksum calculated with uppercase form of HRP'],
		['10a06t8', 'empty HRP'],
		['1qzzfhee', 'empty HRP'],
		['a12UEL5L', 'mixed case'],
	])('refuses %j (%s)', (text) => {
		expect(bech32Decode(text)).toBeUndefined();
	});

	it('decodes the payload bytes of BIP 173\'s abcdef vector and encodes them back', () => {
		const bytes = [0, 68, 50, 20, 199, 66, 84, 182, 53, 207, 132, 101, 58, 86, 215, 198, 117, 190, 119, 223];
		expect([...(bech32Decode('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw')?.bytes ?? [])]).toEqual(bytes);
		expect(bech32Encode('abcdef', Uint8Array.from(bytes))).toBe('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw');
	});
});

describe('P-Chain addresses', () => {
	it.each([
		['P-avax1crd8dgf44zajru3975vwe3xzqy70n0afu3kk9m', 'c0da76a135a8bb21f225f518ecc4c2013cf9bfa9'],
		['P-avax15aeuzqj7pst2r2npmewarfme62rw8y4w2yz4n3', 'a773c1025e0c16a1aa61de5dd1a779d286e392ae'],
		['P-avax1qrnwnhmychyqmqx5xe0s786fvhtd675q9cr557', '00e6e9df64c5c80d80d4365f0f1f4965d6dd7a80'],
		['P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t', '3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c'],
	])('%s holds the 20 bytes %s', (address, hex) => {
		expect(bech32Decode(address.slice(2))?.bytes?.toString('hex')).toBe(hex);
		expect(`P-${bech32Encode(address.slice(2, address.indexOf('1')), Buffer.from(hex, 'hex'))}`).toBe(address);
		expect(parsePChainAddress(address)).toBe(address);
	});

	it('answers P- and the address in lower case, whatever the letter case given', () => {
		const address = 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t';
		expect(parsePChainAddress(address.toUpperCase())).toBe(address);
		expect(parsePChainAddress(`  p-${address.slice(2)} `)).toBe(address);
		expect(parsePChainAddress(address, 'fuji')).toBe(address);
	});

	it.each([
		['a changed character', 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4u'],
		['two swapped characters', 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wm4ut'],
		['no P- prefix', 'fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t'],
		['an X-Chain prefix', 'X-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t'],
		['another network (local)', 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u'],
		['a 21-byte payload', `P-${bech32Encode('fuji', Buffer.alloc(21, 7))}`],
		['a 19-byte payload', `P-${bech32Encode('avax', Buffer.alloc(19, 7))}`],
		['an EVM address', 'P-0x3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c'],
		['not a string', 42],
	])('refuses %s', (_what, value) => {
		expect(() => parsePChainAddress(value)).toThrow('is not a P-Chain address');
	});

	it("refuses an address of the other network when the network is given", () => {
		expect(() => parsePChainAddress('P-avax1crd8dgf44zajru3975vwe3xzqy70n0afu3kk9m', 'fuji')).toThrow('is not a fuji P-Chain address (P-fuji1...)');
	});

	it('makes valid addresses from a seed', () => {
		expect(parsePChainAddress(pChainAddress('mainnet', 1))).toBe(pChainAddress('mainnet', 1));
		expect(pChainAddress('fuji', 1)).toMatch(/^P-fuji1[02-9ac-hj-np-z]{38}$/);
	});
});

describe('cb58: node IDs and 32-byte IDs', () => {
	it.each([
		['NodeID-111111111111111111116DBWJs', Buffer.alloc(20)],
		['NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz', Buffer.concat([Buffer.from('ava labs'), Buffer.alloc(12)])],
		['NodeID-3BuDc2d1Efme5Apba6SJ8w3Tz7qeh6mHt', Buffer.concat([Buffer.from([24]), Buffer.alloc(19)])],
	])('%s (avalanchego vector) is the node ID of its 20 bytes', (text, bytes) => {
		expect(`NodeID-${cb58(bytes)}`).toBe(text);
		expect(cb58Decode(text.slice('NodeID-'.length))).toEqual(bytes);
		expect(parseNodeId(text)).toBe(text);
	});

	it.each(['', 'foo', 'NodeID-', 'NodeID-1', 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz1', 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsZ', 'nodeid-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz', 'NodeID-0tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz'])(
		'refuses the node ID %j',
		(text) => {
			expect(() => parseNodeId(text)).toThrow('is not a node ID');
		},
	);

	it('refuses a subnet ID as a node ID and a node ID as a subnet ID (their lengths differ)', () => {
		expect(() => parseNodeId(`NodeID-${subnetId(1)}`)).toThrow('is not a node ID');
		expect(() => parseSubnetId(nodeId(1).slice('NodeID-'.length))).toThrow('is not a subnet ID');
	});

	it.each([
		['11111111111111111111111111111111LpoYY', 'the P-Chain and primary network (32 zero bytes)'],
		['2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', 'the X-Chain on mainnet'],
		['2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', 'the C-Chain on mainnet'],
		['2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', 'the X-Chain on fuji'],
		['yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp', 'the C-Chain on fuji'],
		['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', 'the AVAX asset on mainnet'],
	])('%s (%s) is a 32-byte ID and encodes back to itself', (text) => {
		const bytes = cb58Decode(text)!;
		expect(bytes).toHaveLength(32);
		expect(cb58(bytes)).toBe(text);
		expect(parseSubnetId(text)).toBe(text);
	});

	it('knows the 32 zero bytes as 11111111111111111111111111111111LpoYY', () => {
		expect(cb58(Buffer.alloc(32))).toBe('11111111111111111111111111111111LpoYY');
	});

	it.each(['11111111111111111111111111111111LpoYZ', '11111111111111111111111111111111LpoY', 'my-l1', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q6'])('refuses the subnet ID %j', (text) => {
		expect(() => parseSubnetId(text)).toThrow('is not a subnet ID');
	});
});

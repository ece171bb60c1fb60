// The primary network's values against published vectors (Avalanche addresses with their bytes,
// avalanchego's node IDs, the well-known 32-byte chain IDs), never against the product's own output.
import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';
import { INEXACT_NUMBER } from '../../../nodes/shared/model/amounts';
import { avaxToNavax, navaxToAvax, parseNodeId, parsePChainAddress, parseSubnetId, P_CHAIN_ID } from '../../../nodes/shared/model/primaryNetwork';

function refusal(parse: () => unknown): InvalidInputError {
	try {
		parse();
	} catch (error) {
		return error as InvalidInputError;
	}
	throw new Error('the value was accepted');
}

describe('avaxToNavax', () => {
	it.each([
		['1.5', '1500000000'],
		['25000', '25000000000000'],
		['0.000000001', '1'],
		['0', '0'],
		[' 2 ', '2000000000'],
		['.5', '500000000'],
		[7, '7000000000'],
		// Beyond a double's exact integers: computed in BigInt.
		['123456789012.123456789', '123456789012123456789'],
	])('%p AVAX is %s nAVAX', (avax, navax) => {
		expect(avaxToNavax(avax)).toBe(navax);
	});

	it('reads a number from a number field as the decimal it was typed as', () => {
		expect(avaxToNavax(1e-7)).toBe('100');
		expect(avaxToNavax(0.1)).toBe('100000000');
		expect(avaxToNavax(1e21)).toBe('1000000000000000000000000000000');
	});

	it('refuses a number with more digits than a number keeps exactly', () => {
		const error = refusal(() => avaxToNavax(0.1 + 0.2));
		expect(error.message).toBe(INEXACT_NUMBER);
		expect(error.value).toBe(0.1 + 0.2);
	});

	it.each([['-1'], ['1e3'], [-1], ['abc'], [''], [null], [undefined], [{}]])('refuses %p, keeping the value', (value) => {
		const error = refusal(() => avaxToNavax(value));
		expect(error.message).toBe('is not an amount of AVAX (a number such as 25 or 0.5)');
		expect(error.value).toBe(value);
	});

	it('refuses more than 9 decimals (a fraction of a nAVAX)', () => {
		expect(refusal(() => avaxToNavax('0.0000000001')).message).toBe('has more than 9 decimals (1 nAVAX = 0.000000001 AVAX)');
	});
});

describe('navaxToAvax', () => {
	it.each([
		['1500000000', '1.5'],
		['1', '0.000000001'],
		['0', '0'],
		['-2500000000', '-2.5'],
		['25000000000000', '25000'],
	])('%s nAVAX is %s AVAX', (navax, avax) => {
		expect(navaxToAvax(navax)).toBe(avax);
	});
});

describe('parsePChainAddress', () => {
	it.each([
		'P-avax1crd8dgf44zajru3975vwe3xzqy70n0afu3kk9m',
		'P-avax15aeuzqj7pst2r2npmewarfme62rw8y4w2yz4n3',
		'P-avax1qrnwnhmychyqmqx5xe0s786fvhtd675q9cr557',
		'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t',
	])('accepts the published address %s', (address) => {
		expect(parsePChainAddress(address)).toBe(address);
	});

	it('answers P- and the rest in lower case, whatever the letter case and spacing given', () => {
		const address = 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t';
		expect(parsePChainAddress(address.toUpperCase())).toBe(address);
		expect(parsePChainAddress(`  p-${address.slice(2)}\n`)).toBe(address);
	});

	it.each([
		['a changed character', 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4u'],
		['two swapped characters', 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wm4ut'],
		['the other network\'s prefix with the same data', 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t'],
		['no P- prefix', 'fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t'],
		['an X-Chain prefix', 'X-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t'],
		['a character outside bech32 (b)', 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4b'],
		['one character short', 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4'],
		['an EVM address', '0x3cb7d3842e8cee6a0ebd09f1fe884f6861e1b29c'],
		['a number', 42],
	])('refuses %s', (_what, value) => {
		const error = refusal(() => parsePChainAddress(value));
		expect(error).toBeInstanceOf(InvalidInputError);
		expect(error.message).toBe('is not a P-Chain address (P-avax1... on mainnet, P-fuji1... on fuji)');
		expect(error.value).toBe(value);
	});
});

describe('parseNodeId', () => {
	it.each(['NodeID-111111111111111111116DBWJs', 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz', 'NodeID-3BuDc2d1Efme5Apba6SJ8w3Tz7qeh6mHt'])(
		'accepts avalanchego\'s node ID %s',
		(nodeId) => {
			expect(parseNodeId(` ${nodeId} `)).toBe(nodeId);
		},
	);

	it.each([
		'',
		'NodeID-',
		'NodeID-1',
		'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsZ',
		'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz1',
		'nodeid-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz',
		'NodeID-0tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz',
		'9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz',
		// A 32-byte ID is a subnet ID, not a node ID.
		`NodeID-${P_CHAIN_ID}`,
	])('refuses %j', (text) => {
		expect(() => parseNodeId(text)).toThrow('is not a node ID (NodeID- followed by 32 or 33 letters and digits)');
	});
});

describe('parseSubnetId', () => {
	it.each([
		[P_CHAIN_ID, 'the primary network (32 zero bytes)'],
		['2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', 'the X-Chain on mainnet'],
		['2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', 'the C-Chain on mainnet'],
		['yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp', 'the C-Chain on fuji'],
	])('accepts %s (%s)', (text) => {
		expect(parseSubnetId(text)).toBe(text);
	});

	it.each([
		'11111111111111111111111111111111LpoYZ',
		'11111111111111111111111111111111LpoY',
		'2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q6',
		'my-l1',
		'9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz',
	])('refuses %j', (text) => {
		expect(() => parseSubnetId(text)).toThrow('is not a subnet ID (49 or 50 letters and digits, cb58)');
	});
});

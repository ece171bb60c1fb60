import { canonicalJson } from '../../../nodes/shared/model/canonicalJson';

/** A double from its IEEE 754 bit pattern, as RFC 8785 Appendix B lists them. */
function fromBits(hex: string): number {
	const view = new DataView(new ArrayBuffer(8));
	view.setBigUint64(0, BigInt(`0x${hex}`));
	return view.getFloat64(0);
}

describe('JSON canonicalisation (RFC 8785)', () => {
	it('matches the RFC 3.2.2 example (whitespace, literals, numbers, string escapes)', () => {
		const input =
			'{\n  "numbers": [333333333.33333329, 1E30, 4.50,\n              2e-3, 0.000000000000000000000000001],\n' +
			'  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}';
		const expected =
			'{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
			'"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}';
		expect(canonicalJson(JSON.parse(input))).toBe(expected);
	});

	it('sorts keys by UTF-16 code units as in the RFC 3.2.3 example', () => {
		const input =
			'{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh",' +
			'"1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control",' +
			'"\\u00f6":"Latin Small Letter O With Diaeresis"}';
		const output = canonicalJson(JSON.parse(input));
		expect(output).toBe(
			'{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
				'"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
		);
		// The RFC gives the UTF-8 bytes of the sorted keys' first characters.
		expect(Buffer.from(output, 'utf8').toString('hex')).toContain('22e282ac223a'); // "€":
	});

	it.each([
		['0000000000000000', '0'],
		['8000000000000000', '0'],
		['0000000000000001', '5e-324'],
		['8000000000000001', '-5e-324'],
		['7fefffffffffffff', '1.7976931348623157e+308'],
		['ffefffffffffffff', '-1.7976931348623157e+308'],
		['4340000000000000', '9007199254740992'],
		['c340000000000000', '-9007199254740992'],
		['4430000000000000', '295147905179352830000'],
		['44b52d02c7e14af5', '9.999999999999997e+22'],
		['44b52d02c7e14af6', '1e+23'],
		['44b52d02c7e14af7', '1.0000000000000001e+23'],
		['444b1ae4d6e2ef4e', '999999999999999700000'],
		['444b1ae4d6e2ef4f', '999999999999999900000'],
		['444b1ae4d6e2ef50', '1e+21'],
		['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
		['3eb0c6f7a0b5ed8d', '0.000001'],
		['41b3de4355555553', '333333333.3333332'],
		['41b3de4355555554', '333333333.33333325'],
		['41b3de4355555555', '333333333.3333333'],
		['41b3de4355555556', '333333333.3333334'],
		['41b3de4355555557', '333333333.33333343'],
		['becbf647612f3696', '-0.0000033333333333333333'],
		['43143ff3c1cb0959', '1424953923781206.2'],
	])('serialises the double with bits %s as %s (Appendix B)', (bits, expected) => {
		expect(canonicalJson(fromBits(bits))).toBe(expected);
	});

	it('rejects NaN and Infinity, which RFC 8785 cannot represent', () => {
		expect(() => canonicalJson(fromBits('7fffffffffffffff'))).toThrow(TypeError);
		expect(() => canonicalJson(fromBits('7ff0000000000000'))).toThrow(TypeError);
		expect(() => canonicalJson(JSON.parse('[1e400]'))).toThrow(TypeError);
	});

	it('sorts integer-like keys as text, also deep inside', () => {
		expect(canonicalJson({ z: [{ 10: 'ten', 9: 'nine', a: 'letter' }], 2: 'two', 10: 'ten' })).toBe(
			'{"10":"ten","2":"two","z":[{"10":"ten","9":"nine","a":"letter"}]}',
		);
	});

	it('keeps a "__proto__" member parsed from JSON', () => {
		expect(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2,"b":1}');
	});

	it('leaves out undefined members and writes undefined array elements as null, as JSON.stringify does', () => {
		// eslint-disable-next-line no-sparse-arrays -- a hole, as JSON.stringify meets it
		expect(canonicalJson({ b: undefined, a: [undefined, 1, , 2] })).toBe('{"a":[null,1,null,2]}');
	});

	it('rejects values JSON cannot hold', () => {
		expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError);
		expect(() => canonicalJson([BigInt(1)])).toThrow(TypeError);
	});

	it('writes the same text when told that no string needs escaping', () => {
		const text = '{"b":"😀 €","a":["x\u2028",-0,1.5e300,{"z":null,"10":true,"2":"é"}]}';
		expect(canonicalJson(JSON.parse(text), true)).toBe(canonicalJson(JSON.parse(text)));
	});

	it('escapes quotes, control characters and a lone surrogate', () => {
		expect(canonicalJson({ note: 'say "hi"\n', emoji: '\ud83d' })).toBe('{"emoji":"\\ud83d","note":"say \\"hi\\"\\n"}');
	});

	it('keeps array order, sorts nested objects and writes no whitespace', () => {
		expect(canonicalJson({ b: [3, { z: 1, a: 'x' }, null], a: { d: false, c: 'é' } })).toBe(
			'{"a":{"c":"é","d":false},"b":[3,{"a":"x","z":1},null]}',
		);
	});
});

import { jcs } from './harness';

// The deliveries tests check signatures with the test's own RFC 8785 canonicaliser; these are
// the RFC's own examples, so that independent implementation is itself anchored to the standard.
describe("the tests' independent JCS (RFC 8785)", () => {
	it('serialises numbers, strings and literals like the RFC example (section 3.2.2)', () => {
		const input = JSON.parse(
			'{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
		);
		expect(jcs(input)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
	});

	it('sorts members by UTF-16 code units like the RFC example (section 3.2.3)', () => {
		const input = JSON.parse(
			'{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}',
		);
		const order = [...jcs(input).matchAll(/"([^"]+)":/g)].map((match) => match[1]);
		expect(order).toEqual(['\\r', '1', '\u0080', 'ö', '€', '😀', '\ufb33']);
	});
});

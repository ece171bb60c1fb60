import { formatUnits } from '../../nodes/shared/amounts';
import { canonicalJson } from '../../nodes/AddressActivityTrigger/canonicalJson';
import { parseDelivery, type Delivery } from '../../nodes/shared/deliverySchema';
import { isSignatureValid } from '../../nodes/AddressActivityTrigger/signature';
import { signDelivery } from '../harness/signing';
import { mentionsMonitored, monitoredSet } from '../../nodes/shared/monitored';
import { toTransfers } from '../../nodes/shared/transfers';

const alice = '0x1111111111111111111111111111111111111111';
const bob = '0x2222222222222222222222222222222222222222';
const carol = '0x3333333333333333333333333333333333333333';
const secret = 'ab'.repeat(32);

function delivery(transaction: Record<string, unknown>, logs?: Array<{ address: string }>): Delivery {
	const parsed = parseDelivery({
		webhookId: 'w-1',
		eventType: 'address_activity',
		messageId: 'm-1',
		event: {
			transaction: { txHash: '0xfeed', blockNumber: '7', blockTimestamp: 1700000000, from: alice, to: bob, ...transaction },
			...(logs ? { logs } : {}),
		},
	});
	if (!parsed.ok) throw new Error(parsed.problem);
	return parsed.delivery;
}

describe('canonical text of bodies without a backslash', () => {
	it('is the same whether or not the strings are checked for escaping', () => {
		const text = '{"b":"😀 €","a":["x\u2028\u007f",1.5e300,{"z":null,"10":true,"2":"é"}],"__proto__":{"k":-0}}';
		const body = JSON.parse(text) as unknown;
		expect(canonicalJson(body, true)).toBe(canonicalJson(body));
		expect(canonicalJson(body, true)).toBe('{"__proto__":{"k":0},"a":["x\u2028\u007f",1.5e+300,{"10":true,"2":"é","z":null}],"b":"😀 €"}');
	});

	it('still escapes strings when the raw body has a backslash', () => {
		const body = { note: 'say "hi"\n', emoji: '\ud83d' };
		const raw = Buffer.from(JSON.stringify(body));
		const signature = signDelivery(body, secret);
		expect(canonicalJson(body)).toBe('{"emoji":"\\ud83d","note":"say \\"hi\\"\\n"}');
		expect(isSignatureValid({ signature, rawBody: raw, body: JSON.parse(raw.toString('utf8')) }, secret)).toBe(true);
	});

	it('accepts the documented scheme for a body sent with unsorted keys and no backslash', () => {
		const body = { z: 'last', a: { y: [1, 'two'], b: null } };
		const raw = Buffer.from(JSON.stringify(body));
		expect(isSignatureValid({ signature: signDelivery(body, secret), rawBody: raw, body }, secret)).toBe(true);
		expect(isSignatureValid({ signature: signDelivery({ ...body, z: 'other' }, secret), rawBody: raw, body }, secret)).toBe(false);
	});
});

describe('amount text', () => {
	it.each([
		['000100', 2, '1'],
		['0000', 6, '0'],
		['0', 0, '0'],
		['007', 0, '7'],
		['5', 3, '0.005'],
		['123456789012345678901234567890', 18, '123456789012.34567890123456789'],
		['1000', 3, '1'],
		['1050', 3, '1.05'],
	])('writes %s with %d decimals as %s', (raw, decimals, expected) => {
		expect(formatUnits(raw, decimals)).toBe(expected);
	});
});

describe('monitored addresses', () => {
	it('looks addresses up case-insensitively and reuses a set it made', () => {
		const set = monitoredSet([alice.toUpperCase().replace('0X', '0x'), bob]);
		expect(set.has(alice) && set.has(bob)).toBe(true);
		expect(set.has(alice.toUpperCase())).toBe(false);
		expect(monitoredSet(set)).toBe(set);
		// A set made elsewhere may hold upper-case addresses: it is lowered like any list.
		const foreign = new Set([alice.toUpperCase().replace('0X', '0x')]);
		expect(monitoredSet(foreign)).not.toBe(foreign);
		expect(monitoredSet(foreign).has(alice)).toBe(true);
	});

	it('says a delivery mentions a monitored address whenever Transfers would yield items, and also for a token contract or a log emitter', () => {
		const token = { address: carol, symbol: 'TKN', decimals: 0 };
		const cases: Array<[Delivery, string[], boolean]> = [
			[delivery({ value: '10' }), [alice], true],
			[delivery({ value: '0' }), [alice], true],
			[delivery({ value: '10' }), [carol], false],
			[delivery({ value: '10', txStatus: '0' }), [alice], true],
			[delivery({ value: '0', internalTransactions: [{ from: bob, to: carol, value: '5' }] }), [carol], true],
			[delivery({ value: '0', erc20Transfers: [{ from: bob, to: bob, value: '5', erc20Token: token }] }), [carol], true],
			[delivery({ value: '0' }, [{ address: carol }]), [carol], true],
		];
		for (const [body, addresses, expected] of cases) {
			expect(mentionsMonitored(body, addresses)).toBe(expected);
			// Never an item about an address the delivery does not mention.
			if (toTransfers(body.event.transaction, body, addresses).length > 0) expect(mentionsMonitored(body, addresses)).toBe(true);
		}
	});
});

describe('canonical key order for repeated object shapes', () => {
	it('sorts every object, whether its shape was seen before or not', () => {
		const shapes = Array.from({ length: 600 }, (_, index) => ({ [`k${index % 300}`]: 1, b: 2, a: 3 }));
		const body = { items: [...shapes, { b: 1, a: 2 }, { a: 1, b: 2 }, { b: 3, a: 4 }] };
		expect(canonicalJson(body)).toBe(canonicalJson(JSON.parse(JSON.stringify(body))));
		const texts = body.items.map((item) => canonicalJson(item));
		expect(texts.slice(-3)).toEqual(['{"a":2,"b":1}', '{"a":1,"b":2}', '{"a":4,"b":3}']);
		expect(texts[0]).toBe('{"a":3,"b":2,"k0":1}');
		expect(texts[599]).toBe('{"a":3,"b":2,"k299":1}');
		// Same keys in another order: a different list, sorted on its own.
		expect(canonicalJson({ k0: 1, a: 3, b: 2 })).toBe('{"a":3,"b":2,"k0":1}');
	});
});

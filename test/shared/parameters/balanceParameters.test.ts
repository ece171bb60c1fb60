// The Balances collection of both triggers' Transfers output, read and checked. Each trigger words
// a refused value its own way around the field `parsed` was running when the check failed.
import { parseDecimal } from '../../../nodes/shared/model/amounts';
import { readBalanceOptions } from '../../../nodes/shared/parameters/balanceParameters';

const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';

let checking: string | undefined;
const parsed = <T>(field: string, parse: () => T): T => {
	checking = field;
	return parse();
};
const read = (values: Record<string, unknown>) => {
	checking = undefined;
	return readBalanceOptions(values as never, parsed);
};

describe('readBalanceOptions', () => {
	it('asks for no balance when nothing is set, and for the balance after with Include Balance After', () => {
		expect(read({})).toEqual({ includeBalanceAfter: false });
		expect(read({ includeBalanceAfter: false, alertWhen: '' })).toEqual({ includeBalanceAfter: false });
		expect(read({ includeBalanceAfter: true })).toEqual({ includeBalanceAfter: true });
		// An expression may give the boolean as text.
		expect(read({ includeBalanceAfter: 'true' })).toEqual({ includeBalanceAfter: true });
	});

	it('reads an alert from its threshold: falls below, on the native token, by default', () => {
		expect(read({ alertThreshold: ' 50 ' })).toEqual({
			includeBalanceAfter: false,
			alert: { when: 'below', threshold: parseDecimal('50'), thresholdText: '50', contract: null },
		});
	});

	it('reads a direction, a threshold given as a number and an ERC-20 contract in lower case', () => {
		expect(read({ includeBalanceAfter: true, alertWhen: 'either', alertThreshold: 0.25, alertContract: USDC })).toEqual({
			includeBalanceAfter: true,
			alert: { when: 'either', threshold: parseDecimal('0.25'), thresholdText: '0.25', contract: USDC.toLowerCase() },
		});
	});

	it('reads a number field\'s threshold as typed, 1e-7 as 0.0000001', () => {
		expect(read({ alertThreshold: 50 }).alert).toMatchObject({ threshold: parseDecimal('50'), thresholdText: '50' });
		expect(read({ alertThreshold: 1e-7 }).alert).toMatchObject({ threshold: parseDecimal('0.0000001'), thresholdText: '0.0000001' });
	});

	it.each([
		[{ alertWhen: 'above' }, 'Alert Threshold', 'no threshold given: an alert needs the line its balance crosses'],
		// The number field added and left empty.
		[{ alertThreshold: null }, 'Alert Threshold', 'no threshold given: an alert needs the line its balance crosses'],
		[{ alertThreshold: 0.1 + 0.2 }, 'Alert Threshold', 'has more than 15 significant digits'],
		[{ alertThreshold: 'lots' }, 'Alert Threshold', '"lots" is not an amount (a number of 0 or more, in the token\'s units, such as 50 or 0.5)'],
		[{ alertThreshold: '-5' }, 'Alert Threshold', '"-5" is not an amount'],
		[{ alertThreshold: '50', alertWhen: 'sideways' }, 'Alert When Balance', '"sideways" is not one of "below", "above", "either"'],
		[{ alertThreshold: '50', alertContract: `${USDC}, 0x1111111111111111111111111111111111111111` }, 'Alert Token Contract', `"${USDC}, 0x${'1'.repeat(31)}..." holds 2 contracts; an alert watches one token`],
		[{ alertThreshold: '50', alertContract: '0x12ab' }, 'Alert Token Contract', '"0x12ab" is not a valid address'],
	])('refuses %j in %s, naming the value', (values, field, message) => {
		expect(() => read(values)).toThrow(message);
		expect(checking).toBe(field);
	});
});

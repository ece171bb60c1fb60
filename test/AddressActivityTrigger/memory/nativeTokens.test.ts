import { forgetNativeTokens, knownNativeToken, rememberNativeToken } from '../../../nodes/AddressActivityTrigger/memory/nativeTokens';

afterEach(() => forgetNativeTokens());

describe('native tokens', () => {
	it('remembers a chain\'s native token until the process forgets', () => {
		expect(knownNativeToken('43114')).toBeUndefined();
		rememberNativeToken('43114', { name: 'Avalanche', symbol: 'AVAX', decimals: 18 });
		rememberNativeToken('432204', { symbol: 'ALOT' });
		expect(knownNativeToken('43114')).toEqual({ name: 'Avalanche', symbol: 'AVAX', decimals: 18 });
		expect(knownNativeToken('432204')).toEqual({ symbol: 'ALOT' });
		forgetNativeTokens();
		expect(knownNativeToken('43114')).toBeUndefined();
	});

	it('keeps 200 chains, forgetting the one learned longest ago', () => {
		for (let chain = 0; chain <= 200; chain++) rememberNativeToken(String(chain), { decimals: chain % 19 });
		expect(knownNativeToken('0')).toBeUndefined();
		expect(knownNativeToken('1')).toEqual({ decimals: 1 });
		expect(knownNativeToken('200')).toEqual({ decimals: 200 % 19 });
	});
});

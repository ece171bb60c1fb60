import { AddressSet } from '../../../nodes/shared/model/addresses';
import { forgetAddressLists, rememberAddressList, rememberedAddressList } from '../../../nodes/AddressActivityTrigger/memory/parsedAddressLists';

afterEach(() => forgetAddressLists());

const A = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

describe('parsed address lists', () => {
	it('finds the list parsed from exactly the same text only', () => {
		const parsed = AddressSet.parse(A);
		rememberAddressList(A, parsed);
		expect(rememberedAddressList(A)).toBe(parsed);
		expect(rememberedAddressList(` ${A}`)).toBeUndefined();
		expect(rememberedAddressList(A.toLowerCase())).toBeUndefined();
		forgetAddressLists();
		expect(rememberedAddressList(A)).toBeUndefined();
	});

	it('keeps the 8 lists remembered last', () => {
		const texts = Array.from({ length: 9 }, (_, index) => `${A}${' '.repeat(index)}`);
		for (const text of texts) rememberAddressList(text, AddressSet.parse(text));
		expect(rememberedAddressList(texts[0])).toBeUndefined();
		expect(texts.slice(1).every((text) => rememberedAddressList(text) !== undefined)).toBe(true);
	});
});

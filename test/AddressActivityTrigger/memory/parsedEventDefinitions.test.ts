import { parseEventDefinitions } from '../../../nodes/shared/model/abi/eventDefinitions';
import { EventDecoder } from '../../../nodes/shared/model/abi/eventLogs';
import { forgetEventDefinitions, rememberEventDefinitions, rememberedEventDefinitions } from '../../../nodes/AddressActivityTrigger/memory/parsedEventDefinitions';

afterEach(() => forgetEventDefinitions());

const TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 value)';
const decoderOf = (text: string) => new EventDecoder(parseEventDefinitions(text));

describe('parsed event definitions', () => {
	it('finds the decoder read from exactly the same text only', () => {
		const decoder = decoderOf(TRANSFER);
		rememberEventDefinitions(TRANSFER, decoder);
		expect(rememberedEventDefinitions(TRANSFER)).toBe(decoder);
		expect(rememberedEventDefinitions(`${TRANSFER}\n`)).toBeUndefined();
		forgetEventDefinitions();
		expect(rememberedEventDefinitions(TRANSFER)).toBeUndefined();
	});

	it('keeps the 64 remembered last', () => {
		const texts = Array.from({ length: 65 }, (_, index) => `event E${index}(uint256 value)`);
		for (const text of texts) rememberEventDefinitions(text, decoderOf(text));
		expect(rememberedEventDefinitions(texts[0])).toBeUndefined();
		expect(rememberedEventDefinitions(texts[1])).toBeDefined();
		expect(rememberedEventDefinitions(texts[64])).toBeDefined();
	});
});

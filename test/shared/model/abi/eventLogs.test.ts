import { AbiCoder, id } from 'ethers';

import { parseEventDefinitions } from '../../../../nodes/shared/model/abi/eventDefinitions';
import { EventDecoder, type EventLog, type LogDecoding } from '../../../../nodes/shared/model/abi/eventLogs';

const coder = AbiCoder.defaultAbiCoder();
const SENDER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
const TO = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const word = (value: string | number | bigint) => BigInt(value).toString(16).padStart(64, '0');
const topic = (value: string | number | bigint) => `0x${word(value)}`;

const decoder = (text: string) => new EventDecoder(parseEventDefinitions(text));
const SWAP = 'Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)';

/** What a user sees of a result: the arguments, or the status and the problem. */
function outcome(result: LogDecoding): unknown {
	if (result.status === 'decoded') return { event: result.definition.name, arguments: result.arguments };
	return { status: result.status, problem: result.problem };
}

describe('decoding a log against the definitions', () => {
	const swaps = decoder(SWAP);
	const swapTopic0 = parseEventDefinitions(SWAP)[0].topic0 as string;

	it('decodes a Swap: addresses in lower case, integers as exact decimal strings, every argument by name', () => {
		const data = coder.encode(['uint256', 'uint256', 'uint256', 'uint256'], [BigInt('1000000000000000000000000000001'), 0, 0, BigInt(2) ** BigInt(256) - BigInt(1)]);
		expect(outcome(swaps.decode({ topics: [swapTopic0, topic(SENDER), topic(TO.toUpperCase().replace('0X', '0x')), null], data }))).toEqual({
			event: 'Swap',
			arguments: {
				sender: SENDER,
				amount0In: '1000000000000000000000000000001',
				amount1In: '0',
				amount0Out: '0',
				amount1Out: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
				to: TO,
			},
		});
	});

	it('tells the ERC-20 Transfer from the ERC-721 one by its number of topics', () => {
		const both = decoder('Transfer(address indexed from, address indexed to, uint256 value)\nTransfer(address indexed from, address indexed to, uint256 indexed tokenId)');
		const transfer = id('Transfer(address,address,uint256)');
		expect(outcome(both.decode({ topics: [transfer, topic(SENDER), topic(TO)], data: `0x${word(5)}` }))).toEqual({ event: 'Transfer', arguments: { from: SENDER, to: TO, value: '5' } });
		expect(outcome(both.decode({ topics: [transfer, topic(SENDER), topic(TO), topic(77)], data: '0x' }))).toEqual({ event: 'Transfer', arguments: { from: SENDER, to: TO, tokenId: '77' } });
	});

	it('gives negative integers, bools, bytesN, bytes, strings, arrays and tuples (unnamed parts keyed by position)', () => {
		const types = ['int8', 'bool', 'bytes4', 'bytes', 'string', 'uint16[]', 'tuple(address who, int24)[2]'];
		const values = [-128, true, '0xdeadbeef', '0x00ff', 'héllo 😀', [1, 65535], [[SENDER, -1], [TO, 8388607]]];
		const data = coder.encode(types, values);
		expect(outcome(decoder('Mixed(int8 a, bool b, bytes4 c, bytes d, string e, uint16[] f, (address who, int24)[2] g)').decode({ topics: [id('Mixed(int8,bool,bytes4,bytes,string,uint16[],(address,int24)[2])')], data }))).toEqual({
			event: 'Mixed',
			arguments: { a: '-128', b: true, c: '0xdeadbeef', d: '0x00ff', e: 'héllo 😀', f: ['1', '65535'], g: [{ who: SENDER, 1: '-1' }, { who: TO, 1: '8388607' }] },
		});
	});

	it('keys an argument without a name by its position', () => {
		expect(outcome(decoder('Paid(address indexed, uint256)').decode({ topics: [id('Paid(address,uint256)'), topic(TO)], data: `0x${word(3)}` }))).toEqual({ event: 'Paid', arguments: { 0: TO, 1: '3' } });
	});

	it('says an indexed string, bytes, array or tuple is a hash: the chain keeps nothing else of it', () => {
		const tagHash = id('gold');
		const tagged = decoder('Tagged(string indexed tag, uint256[] indexed ids, (uint a) indexed pair, uint8 level)');
		expect(outcome(tagged.decode({ topics: [id('Tagged(string,uint256[],(uint256),uint8)'), tagHash, topic(1), topic(2)], data: `0x${word(9)}` }))).toEqual({
			event: 'Tagged',
			arguments: { tag: { hash: tagHash }, ids: { hash: topic(1) }, pair: { hash: topic(2) }, level: '9' },
		});
	});

	it('decodes an anonymous event when it alone fits the topics and data, and says so when two fit', () => {
		const one = decoder('Ping(address indexed from, uint256 nonce) anonymous');
		expect(outcome(one.decode({ topics: [topic(SENDER)], data: `0x${word(4)}` }))).toEqual({ event: 'Ping', arguments: { from: SENDER, nonce: '4' } });
		expect(outcome(one.decode({ topics: [topic(SENDER)], data: `0x${word(4)}${word(0)}` }))).toEqual({ status: 'unmatched', problem: `no event definition is for a log with topic0 ${topic(SENDER)}` });
		const two = decoder('Ping(address indexed from, uint256 nonce) anonymous\nPong(address indexed to, int64 delta) anonymous');
		expect(outcome(two.decode({ topics: [topic(SENDER)], data: `0x${word(4)}` }))).toEqual({
			status: 'unmatched',
			problem: 'the log fits 2 anonymous event definitions (Ping(address,uint256) on line 1, Pong(address,int64) on line 2); it is not decoded',
		});
	});

	it('leaves a log of another event unmatched', () => {
		expect(outcome(swaps.decode({ topics: [id('Sync(uint112,uint112)')], data: `0x${word(1)}${word(2)}` }))).toEqual({
			status: 'unmatched',
			problem: `no event definition is for a log with topic0 ${id('Sync(uint112,uint112)')}`,
		});
	});
});

describe('a log whose topics or data do not fit its definition says what is wrong, never a wrong value', () => {
	const one = (definition: string, log: EventLog) => outcome(decoder(definition).decode(log));
	const t0 = (signature: string) => id(signature);

	it.each<[string, string, EventLog, string]>([
		['data too short', 'A(uint256 a, uint256 b)', { topics: [t0('A(uint256,uint256)')], data: `0x${word(1)}` }, 'b: the data is too short (32 bytes; b needs bytes 32 to 64)'],
		['offset past the end', 'B(string s)', { topics: [t0('B(string)')], data: `0x${word(4096)}` }, 's: its offset 4096 is past the end of the data (32 bytes)'],
		['length past the end', 'C(bytes b)', { topics: [t0('C(bytes)')], data: `0x${word(32)}${word(1000)}` }, 'b: its length 1000 is past the end of the data (64 bytes)'],
		['huge length', 'D(uint8[] xs)', { topics: [t0('D(uint8[])')], data: `0x${word(32)}${'f'.repeat(64)}` }, `xs: its length 0x${'f'.repeat(64)} is past the end`],
		['array longer than the data', 'E(uint256[] xs)', { topics: [t0('E(uint256[])')], data: `0x${word(32)}${word(3)}${word(1)}` }, 'xs: 3 elements need 96 bytes from byte 64, past the end of the data (96 bytes)'],
		['bool of 2', 'F(bool ok)', { topics: [t0('F(bool)')], data: `0x${word(2)}` }, 'ok: 0x0000000000000000000000000000000000000000000000000000000000000002 is not a bool (neither 0 nor 1)'],
		['address with high bits', 'G(address who)', { topics: [t0('G(address)')], data: `0x01${'0'.repeat(22)}${SENDER.slice(2)}` }, 'who: 0x01', ],
		['uint8 with high bits', 'H(uint8 x)', { topics: [t0('H(uint8)')], data: `0x${word(256)}` }, 'is not a uint8 (bits set above its 8)'],
		['int8 not sign-extended', 'I(int8 x)', { topics: [t0('I(int8)')], data: `0x${word(255)}` }, 'is not an int8 (not sign-extended from its 8 bits)'],
		['bytes4 with bytes after', 'J(bytes4 x)', { topics: [t0('J(bytes4)')], data: `0xdeadbeef${'0'.repeat(55)}1` }, 'is not a bytes4 (bytes set after its 4)'],
		['string not UTF-8', 'K(string s)', { topics: [t0('K(string)')], data: `0x${word(32)}${word(2)}c328${'0'.repeat(60)}` }, 's: its 2 bytes are not valid UTF-8 text'],
		['bytes with padding set', 'L(bytes b)', { topics: [t0('L(bytes)')], data: `0x${word(32)}${word(1)}ff${'0'.repeat(61)}1` }, 'b: the padding after its 1 bytes is not zero'],
		['topic count', 'M(address indexed a, uint256 b)', { topics: [t0('M(address,uint256)')], data: `0x${word(1)}` }, 'the log has 0 indexed argument topics, M(address,uint256) has 1 indexed argument'],
		['indexed address with high bits', 'N(address indexed a)', { topics: [t0('N(address)'), `0x${'f'.repeat(64)}`], data: '0x' }, 'a: 0xffff'],
		['topic not hex', 'O(uint256 indexed a)', { topics: [t0('O(uint256)'), '0x12'], data: '0x' }, 'topic1 is "0x12", not 32 bytes of 0x hex'],
		['topic gap', 'P(uint256 indexed a, uint256 indexed b)', { topics: [t0('P(uint256,uint256)'), null, topic(1)], data: '0x' }, 'topic1 is missing while a later topic is set'],
		['data not hex', 'Q(uint256 a)', { topics: [t0('Q(uint256)')], data: '0xzz' }, 'the data is not 0x-prefixed hex of whole bytes'],
		['data of half a byte', 'R(uint256 a)', { topics: [t0('R(uint256)')], data: '0x123' }, 'the data is not 0x-prefixed hex of whole bytes'],
	])('%s', (_, definition, log, problem) => {
		expect(one(definition, log)).toEqual({ status: 'malformed', problem: expect.stringContaining(problem) });
	});

	it('refuses data made to expand: a few hundred bytes pointing back into themselves', () => {
		// uint256[][][][]: each level's 8 elements all point at the one array of the next level, so
		// 1,216 bytes would decode to 8^4 = 4,096 numbers.
		const n = 8;
		let data = word(32);
		for (let level = 0; level < 4; level++) {
			data += word(n);
			for (let i = 0; i < n; i++) data += word(level < 3 ? 32 * n : i);
		}
		const result = one('S(uint256[][][][] xs)', { topics: [t0('S(uint256[][][][])')], data: `0x${data}` });
		expect(result).toEqual({ status: 'malformed', problem: expect.stringContaining('would expand it more than 8 times') });
	});

	it('never throws, whatever the log holds', () => {
		const defs = decoder(`${SWAP}\nT(string s, (bytes b, uint8[2] c)[] d) anonymous`);
		const strange = [null, undefined, '', '0x', '0X00', 42, {}, [], `0x${'00'.repeat(1000)}`, `0x${'ff'.repeat(200)}`] as unknown as string[];
		for (const data of strange) {
			for (const topics of [[], [null], [undefined, topic(1)], [id('nothing')], [parseEventDefinitions(SWAP)[0].topic0 as string, 7]] as unknown as string[][]) {
				expect(() => defs.decode({ topics, data })).not.toThrow();
			}
		}
	});
});

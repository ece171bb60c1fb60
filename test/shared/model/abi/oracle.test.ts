// Our decoder against ethers v6 over generated events of every ABI type: what ethers encodes we decode
// to the same values, and on mutated encodings we never give a value ethers would not.

import { parseEventDefinitions, type EventDefinition } from '../../../../nodes/shared/model/abi/eventDefinitions';
import { decodeLogAs, EventDecoder, type LogDecoding } from '../../../../nodes/shared/model/abi/eventLogs';
import { between, generateEvent, humanEvent, pick, randomOf, type GeneratedEvent, type Random } from './generated';
import { expectedArguments, oracleDecode, oracleLog, type OracleLog } from './oracle';

const EVENTS = 2_000;
const MUTATIONS_PER_EVENT = 6;

interface Case {
	event: GeneratedEvent;
	definition: EventDefinition;
	log: OracleLog;
}

/** Our definition of a generated event, read from its human-readable text or its JSON ABI entry. */
function ourDefinition(event: GeneratedEvent, random: Random): EventDefinition {
	const text = random() < 0.5 ? humanEvent(event, random) : JSON.stringify([event]);
	const [definition] = parseEventDefinitions(text);
	return definition;
}

function generateCases(seed: number, count: number): Case[] {
	const random = randomOf(seed);
	return Array.from({ length: count }, () => {
		const event = generateEvent(random);
		return { event, definition: ourDefinition(event, random), log: oracleLog(event, random) };
	});
}

const decoded = (result: LogDecoding) => (result.status === 'decoded' ? result.arguments : { status: result.status, problem: 'problem' in result ? result.problem : undefined });

describe('decoding agrees with ethers v6 on generated events of every ABI type', () => {
	const cases = generateCases(35, EVENTS);

	it(`generates ${EVENTS} events that together use every ABI type, nested and indexed`, () => {
		const types = new Set<string>();
		const walk = (type: string) => types.add(type.replace(/\d+/g, 'N').replace(/\[N?\]/g, '[]'));
		for (const { event } of cases) {
			const visit = (parameter: { type: string; components?: Array<{ type: string }> }, indexed = false) => {
				walk(`${indexed ? 'indexed ' : ''}${parameter.type}`);
				for (const component of parameter.components ?? []) visit(component);
			};
			event.inputs.forEach((input) => visit(input, input.indexed));
			if (event.anonymous) types.add('anonymous');
		}
		for (const type of ['address', 'bool', 'uintN', 'intN', 'bytesN', 'bytes', 'string', 'tuple', 'tuple[]', 'string[]', 'uintN[][]', 'indexed string', 'indexed bytes', 'indexed tuple', 'indexed uintN[]', 'indexed address', 'anonymous']) {
			expect([...types]).toContain(type);
		}
	});

	it(`decodes the ${EVENTS} logs ethers encoded to the values they were made of, as ethers decodes them`, () => {
		for (const { definition, log } of cases) {
			const result = decodeLogAs(definition, log);
			expect({ signature: definition.signature, result: decoded(result) }).toEqual({ signature: log.fragment.format('sighash'), result: expectedArguments(log) });
			expect(decoded(result)).toEqual(oracleDecode(log.fragment, log.topics, log.data));
		}
	});

	it('routes each log to its own definition when all are given at once, anonymous ones only when they alone fit', () => {
		const group = cases.slice(0, 300);
		const decoder = new EventDecoder(group.map((item) => item.definition));
		let anonymousDecoded = 0;
		for (const { definition, log } of group) {
			const result = decoder.decode(log);
			if (!definition.anonymous) {
				expect(result).toEqual({ status: 'decoded', definition, arguments: expectedArguments(log) });
				continue;
			}
			if (result.status === 'decoded') {
				anonymousDecoded++;
				expect(result.definition).toBe(definition);
				expect(result.arguments).toEqual(expectedArguments(log));
			} else {
				expect(result.status).toBe('unmatched');
			}
		}
		expect(anonymousDecoded).toBeGreaterThan(10);
	});
});

// What we may refuse although ethers reads a value: encodings that are not canonical (ethers masks
// integers, reads any non-zero word as true, skips padding), more topics than indexed arguments, data
// re-read many times over.
const STRICTER = /is not an? (u?int\d+|address|bool|bytes\d+|function) |the padding after|would expand it|indexed argument topic/;

function mutate(log: OracleLog, random: Random): { topics: string[]; data: string; how: string } {
	let data = log.data.slice(2);
	const topics = [...log.topics];
	const words = data.length / 64;
	const word = () => between(random, 0, Math.max(0, words - 1));
	const setWord = (index: number, value: string) => {
		data = data.slice(0, 64 * index) + value.padStart(64, '0').slice(-64) + data.slice(64 * (index + 1));
	};
	const how = pick(random, ['flip byte', 'truncate', 'small number', 'huge number', 'extend', 'topic', 'high bits', 'odd tail']);
	switch (how) {
		case 'flip byte': {
			if (data.length === 0) break;
			const at = 2 * between(random, 0, data.length / 2 - 1);
			data = data.slice(0, at) + between(random, 0, 255).toString(16).padStart(2, '0') + data.slice(at + 2);
			break;
		}
		case 'truncate':
			data = data.slice(0, 2 * between(random, 0, Math.max(0, data.length / 2 - 1)));
			break;
		case 'small number':
			if (words > 0) setWord(word(), between(random, 0, 4 * data.length).toString(16));
			break;
		case 'huge number':
			if (words > 0) setWord(word(), pick(random, ['ff'.repeat(32), '1'.padEnd(17, '0'), '8'.padEnd(64, '0'), '2']));
			break;
		case 'extend':
			data += '00'.repeat(pick(random, [1, 31, 32, 64]));
			break;
		case 'topic':
			if (topics.length > 0) topics[between(random, 0, topics.length - 1)] = `0x${'f'.repeat(24)}${topics[0].slice(26)}`;
			else topics.push(`0x${'0'.repeat(64)}`);
			break;
		case 'high bits':
			if (words > 0) setWord(word(), `01${'0'.repeat(62)}`);
			break;
		default:
			if (words > 0) data = data.slice(0, 64 * (words - 1)) + 'ab'.repeat(between(random, 1, 31));
	}
	return { topics, data: `0x${data}`, how };
}

describe(`mutated encodings (${EVENTS * MUTATIONS_PER_EVENT} cases): never a value ethers would not give, malformed where ethers fails`, () => {
	const cases = generateCases(3535, EVENTS);
	const random = randomOf(353535);
	const outcomes = { same: 0, oracleFailed: 0, stricter: 0 };
	const how = new Map<string, number>();

	beforeAll(() => {
		for (const { definition, log } of cases) {
			for (let i = 0; i < MUTATIONS_PER_EVENT; i++) {
				const mutated = mutate(log, random);
				how.set(mutated.how, (how.get(mutated.how) ?? 0) + 1);
				const ours = decodeLogAs(definition, mutated);
				let oracle: { value: Record<string, unknown> } | { error: unknown };
				try {
					oracle = { value: oracleDecode(log.fragment, mutated.topics, mutated.data) };
				} catch (error) {
					oracle = { error };
				}
				// expect() only on a disagreement, which it then shows with the case (12,000 passing expects are slow).
				const context = { signature: definition.signature, topics: mutated.topics, data: mutated.data, how: mutated.how };
				if ('error' in oracle) {
					if (ours.status !== 'malformed') expect({ ...context, status: ours.status }).toEqual({ ...context, status: 'malformed' });
					outcomes.oracleFailed++;
				} else if (ours.status === 'decoded') {
					if (JSON.stringify(ours.arguments) !== JSON.stringify(oracle.value)) expect({ ...context, value: ours.arguments }).toEqual({ ...context, value: oracle.value });
					outcomes.same++;
				} else {
					const problem = ours.status === 'malformed' ? ours.problem : '';
					if (!STRICTER.test(problem)) expect({ ...context, problem }).toEqual({ ...context, problem: expect.stringMatching(STRICTER) });
					outcomes.stricter++;
				}
			}
		}
	});

	it('covers each kind of damage and each kind of outcome many times', () => {
		expect(outcomes.same + outcomes.oracleFailed + outcomes.stricter).toBe(EVENTS * MUTATIONS_PER_EVENT);
		for (const count of how.values()) expect(count).toBeGreaterThan(500);
		expect(how.size).toBe(8);
		expect(outcomes.same).toBeGreaterThan(500);
		expect(outcomes.oracleFailed).toBeGreaterThan(1000);
		expect(outcomes.stricter).toBeGreaterThan(500);
	});
});

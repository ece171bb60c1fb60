// The oracle: ethers v6 encodes generated events and decodes logs, so our decoder can be compared
// with a well-known ABI library over many cases.

import { AbiCoder, EventFragment, ParamType, concat, id, keccak256 } from 'ethers';

import { generateValue, plainValue, type GeneratedEvent, type Random } from './generated';

const coder = AbiCoder.defaultAbiCoder();

/** ethers keeps an indexed string, bytes, array or tuple as a hash (a bytes32 in the topic). */
const isHashed = (param: ParamType) => param.type === 'string' || param.type === 'bytes' || param.baseType === 'tuple' || param.baseType === 'array';

export interface OracleLog {
	fragment: EventFragment;
	values: unknown[];
	topics: string[];
	data: string;
}

const randomWord = (random: Random) => `0x${Array.from({ length: 32 }, () => Math.floor(random() * 256).toString(16).padStart(2, '0')).join('')}`;

/**
 * A log of the event with random values, encoded by ethers: indexed value types with its ABI coder,
 * indexed strings and bytes as their keccak-256 (as Solidity stores them), indexed arrays and tuples
 * as a random hash (ethers cannot encode those; the decoder only passes the topic on).
 */
export function oracleLog(event: GeneratedEvent, random: Random): OracleLog {
	const fragment = EventFragment.from(event);
	const values = event.inputs.map((input) => generateValue(input, random));
	const topics: string[] = fragment.anonymous ? [] : [fragment.topicHash];
	const dataTypes: ParamType[] = [];
	const dataValues: unknown[] = [];
	fragment.inputs.forEach((param, index) => {
		const value = values[index];
		if (!param.indexed) {
			dataTypes.push(param);
			dataValues.push(value);
		} else if (param.type === 'string') {
			topics.push(id(value as string));
		} else if (param.type === 'bytes') {
			topics.push(keccak256(value as string));
		} else if (isHashed(param)) {
			topics.push(randomWord(random));
		} else {
			topics.push(coder.encode([param], [value]));
		}
	});
	return { fragment, values, topics, data: coder.encode(dataTypes, dataValues) };
}

/**
 * ethers' decoding of a log (Interface.decodeEventLog's steps, with the data read strictly: ethers
 * reads event data "loose", accepting a last string or bytes without its padding), as our decoder's
 * arguments object. Throws where ethers does, including on reading a value it could not decode.
 */
export function oracleDecode(fragment: EventFragment, topics: string[], data: string): Record<string, unknown> {
	let argumentTopics = topics;
	if (!fragment.anonymous) {
		if (topics[0]?.toLowerCase() !== fragment.topicHash) throw new Error('fragment/topic mismatch');
		argumentTopics = topics.slice(1);
	}
	const indexed = fragment.inputs.filter((param) => param.indexed);
	const indexedTypes = indexed.map((param) => (isHashed(param) ? ParamType.from({ type: 'bytes32', name: param.name }) : param));
	const fromTopics = coder.decode(indexedTypes, concat(argumentTopics));
	const fromData = coder.decode(
		fragment.inputs.filter((param) => !param.indexed),
		data,
	);
	const record: Record<string, unknown> = {};
	let topicIndex = 0;
	let dataIndex = 0;
	fragment.inputs.forEach((param, index) => {
		const key = param.name === '' ? String(index) : param.name;
		if (!param.indexed) {
			record[key] = plainValue(fromData[dataIndex++], param);
		} else if (isHashed(param)) {
			record[key] = { hash: fromTopics[topicIndex++] as string };
		} else {
			record[key] = plainValue(fromTopics[topicIndex++], param);
		}
	});
	return record;
}

/** The generated values in our decoder's form (what a correct round trip gives back). */
export function expectedArguments(log: OracleLog): Record<string, unknown> {
	let topicIndex = log.fragment.anonymous ? 0 : 1;
	const record: Record<string, unknown> = {};
	log.fragment.inputs.forEach((param, index) => {
		const key = param.name === '' ? String(index) : param.name;
		if (param.indexed && isHashed(param)) {
			record[key] = { hash: log.topics[topicIndex++] };
			return;
		}
		if (param.indexed) topicIndex++;
		record[key] = inOurForm(log.values[index], param);
	});
	return record;
}

function inOurForm(value: unknown, param: ParamType): unknown {
	if (param.baseType === 'tuple') {
		const record: Record<string, unknown> = {};
		(param.components ?? []).forEach((component, index) => {
			record[component.name === '' ? String(index) : component.name] = inOurForm((value as unknown[])[index], component);
		});
		return record;
	}
	if (param.baseType === 'array') return (value as unknown[]).map((element) => inOurForm(element, param.arrayChildren as ParamType));
	if (typeof value === 'bigint') return value.toString();
	if (typeof value === 'string' && param.type !== 'string') return value.toLowerCase();
	return value;
}

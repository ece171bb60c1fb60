// A transaction's logs as Decoded Events items: one item per log a definition matches, in the order
// the chain logged them (logIndex), with the event's arguments by name; a log whose topics or data
// do not fit its definition gives an item saying why; a log no definition matches is left out or
// kept raw.

import type { IDataObject } from 'n8n-workflow';

import type { AbiValue } from './abiValues';
import type { EventDecoder, LogDecoding } from './eventLogs';

/** A log as a delivery carries it: topic0 to topic3 (absent ones null), data, where it stands. */
export interface DeliveredLog {
	address?: unknown;
	topic0?: unknown;
	topic1?: unknown;
	topic2?: unknown;
	topic3?: unknown;
	data?: unknown;
	logIndex?: unknown;
	removed?: unknown;
}

/** Where the logs came from: their transaction and the delivery that brought it. */
export interface EventSource {
	txHash: string;
	blockNumber: string;
	/** ISO 8601, or null when the block time is no date. */
	time: string | null;
	chainId: string | null;
	messageId: string | null;
	webhookId: string | null;
}

/** One item of the Decoded Events output. */
export interface DecodedEventItem extends IDataObject {
	/** The event's name; null for a log no definition matched. */
	event: string | null;
	/** Every argument by name (by position when it has none); null when the log was not decoded. */
	args: Record<string, AbiValue> | null;
	/** The contract that emitted the log. */
	contract: string | null;
	logIndex: number | null;
	txHash: string;
	blockNumber: string;
	time: string | null;
	chainId: string | null;
	/** The definition's canonical signature, e.g. Swap(address,uint256,uint256,uint256,uint256,address). */
	signature: string | null;
	/** True when every argument is in args; false for a log that does not fit its definition or matches none. */
	decoded: boolean;
	/** Why the log was not decoded; null when it was. */
	problem: string | null;
	/** The log's topics and data as delivered, only when it was not decoded (so nothing is lost). */
	topics?: Array<string | null>;
	data?: string | null;
	/** True when a chain reorganisation dropped the log. */
	removed: boolean;
	messageId: string | null;
	webhookId: string | null;
}

export type UnmatchedLogs = 'leaveOut' | 'keepRaw';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function topicsOf(log: DeliveredLog): Array<string | null> {
	return [log.topic0, log.topic1, log.topic2, log.topic3].map(text);
}

/** Logs in the order the chain logged them; a log without a logIndex keeps its place after those with one. */
function inLogOrder(logs: readonly DeliveredLog[]): DeliveredLog[] {
	const index = (log: DeliveredLog) => (typeof log.logIndex === 'number' && Number.isFinite(log.logIndex) ? log.logIndex : Number.POSITIVE_INFINITY);
	return logs
		.map((log, position) => ({ log, position }))
		.sort((a, b) => index(a.log) - index(b.log) || a.position - b.position)
		.map(({ log }) => log);
}

function item(log: DeliveredLog, result: LogDecoding, source: EventSource): DecodedEventItem {
	const definition = result.status === 'unmatched' ? null : result.definition;
	// Field order is column order in the Table view: what happened first, then where and the hashes.
	const decoded: DecodedEventItem = {
		event: definition?.name ?? null,
		args: result.status === 'decoded' ? result.arguments : null,
		contract: text(log.address),
		logIndex: typeof log.logIndex === 'number' ? log.logIndex : null,
		txHash: source.txHash,
		blockNumber: source.blockNumber,
		time: source.time,
		chainId: source.chainId,
		signature: definition?.signature ?? null,
		decoded: result.status === 'decoded',
		problem: result.status === 'decoded' ? null : result.problem,
		removed: log.removed === true,
		messageId: source.messageId,
		webhookId: source.webhookId,
	};
	if (result.status !== 'decoded') {
		decoded.topics = topicsOf(log);
		decoded.data = text(log.data);
	}
	return decoded;
}

/**
 * The Decoded Events items of one transaction's logs: decoded and malformed ones always, unmatched
 * ones only with `keepRaw`.
 */
export function decodedEventItems(
	logs: readonly DeliveredLog[] | null | undefined,
	decoder: EventDecoder,
	source: EventSource,
	unmatched: UnmatchedLogs,
): DecodedEventItem[] {
	const items: DecodedEventItem[] = [];
	for (const log of inLogOrder(logs ?? [])) {
		const result = decoder.decode({ topics: topicsOf(log), data: typeof log.data === 'string' ? log.data : log.data === undefined || log.data === null ? '0x' : '' });
		if (result.status === 'unmatched' && unmatched === 'leaveOut') continue;
		items.push(item(log, result, source));
	}
	return items;
}

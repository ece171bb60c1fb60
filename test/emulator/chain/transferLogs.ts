import { TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC, type ChainTx, type LogEntry } from './model';

export function word(hexOrDecimal: string | bigint): string {
	const value = typeof hexOrDecimal === 'bigint' ? hexOrDecimal.toString(16) : hexOrDecimal.replace(/^0x/, '');
	return value.toLowerCase().padStart(64, '0');
}

const topicOf = (address: string) => `0x${word(address)}`;

/**
 * Gives each token transfer its standard log (Transfer, or TransferSingle for ERC-1155) and a
 * block-wide logIndex, followed by the transaction's other logs, like a real receipt.
 */
export function assignLogs(tx: ChainTx, extraLogs: Omit<LogEntry, 'logIndex'>[], firstLogIndex: number): number {
	let logIndex = firstLogIndex;
	const logs: LogEntry[] = [];
	for (const move of tx.erc20) {
		move.logIndex = logIndex;
		logs.push({
			address: move.token.address,
			topics: [TRANSFER_TOPIC, topicOf(move.from), topicOf(move.to)],
			data: `0x${word(BigInt(move.value))}`,
			logIndex: logIndex++,
		});
	}
	for (const move of tx.erc721) {
		move.logIndex = logIndex;
		logs.push({
			address: move.token.address,
			topics: [TRANSFER_TOPIC, topicOf(move.from), topicOf(move.to), `0x${word(BigInt(move.tokenId))}`],
			data: '0x',
			logIndex: logIndex++,
		});
	}
	for (const move of tx.erc1155) {
		move.logIndex = logIndex;
		logs.push({
			address: move.token.address,
			topics: [TRANSFER_SINGLE_TOPIC, topicOf(tx.from), topicOf(move.from), topicOf(move.to)],
			data: `0x${word(BigInt(move.tokenId))}${word(BigInt(move.value))}`,
			logIndex: logIndex++,
		});
	}
	for (const log of extraLogs) logs.push({ ...log, logIndex: logIndex++ });
	tx.logs = logs;
	return logIndex;
}

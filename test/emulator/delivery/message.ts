import { randomUUID } from 'node:crypto';

import type { Chain } from '../chain/chain';
import type { ChainTx, LogEntry } from '../chain/model';
import type { WebhookRecord } from '../store';

/** Decimal string of `value` scaled down by `decimals`, without trailing zeros ("1.5", "1000"). */
export function withDecimals(value: string, decimals: number): string {
	const raw = BigInt(value);
	if (decimals === 0) return raw.toString();
	const base = 10n ** BigInt(decimals);
	const whole = raw / base;
	const fraction = (raw % base).toString().padStart(decimals, '0').replace(/0+$/, '');
	return fraction ? `${whole}.${fraction}` : whole.toString();
}

const topic = (log: LogEntry, index: number) => log.topics[index] ?? null;

/** Whether a webhook fires for a transaction: active, same chain, a monitored address takes part, signatures match. */
export function webhookMatches(webhook: WebhookRecord, chainId: string, tx: ChainTx, participants: Set<string>): boolean {
	if (webhook.eventType !== 'address_activity' || webhook.status !== 'active' || webhook.chainId !== chainId) return false;
	if (!webhook.addresses.some((address) => participants.has(address))) return false;
	if (!webhook.eventSignatures?.length) return true;
	return matchingLogs(webhook, tx).length > 0;
}

/** The transaction's logs the webhook's event signatures select (all of them without a filter). */
function matchingLogs(webhook: WebhookRecord, tx: ChainTx): LogEntry[] {
	const signatures = webhook.eventSignatures;
	if (!signatures?.length) return tx.logs;
	return tx.logs.filter((log) => log.topics[0] !== undefined && signatures.includes(log.topics[0].toLowerCase()));
}

/** What a delivery's body is for every event type: the event differs per type. */
export type EventMessage = {
	webhookId: string;
	eventType: string;
	messageId: string;
	event: Record<string, unknown>;
};

/** The Event message of the specification for one webhook and one transaction. */
export function buildEventMessage(webhook: WebhookRecord, chain: Chain, tx: ChainTx): EventMessage {
	const block = chain.blockOf(tx);
	const timestamp = block.timestamp;
	const { networkToken } = chain.info;
	const transaction: Record<string, unknown> = {
		blockHash: block.hash,
		blockNumber: String(tx.blockNumber),
		from: tx.from,
		to: tx.to,
		gas: String(tx.gasLimit),
		gasPrice: tx.gasPrice.toString(),
		maxFeePerGas: tx.maxFeePerGas.toString(),
		maxPriorityFeePerGas: tx.maxPriorityFeePerGas.toString(),
		txHash: tx.hash,
		txStatus: tx.success ? '1' : '0',
		input: tx.input,
		nonce: String(tx.nonce),
		transactionIndex: tx.blockIndex,
		value: tx.value,
		type: tx.type,
		chainId: chain.id,
		receiptCumulativeGasUsed: String(tx.cumulativeGasUsed),
		receiptGasUsed: String(tx.gasUsed),
		receiptEffectiveGasPrice: tx.gasPrice.toString(),
		receiptRoot: `0x${'0'.repeat(64)}`,
		blockTimestamp: timestamp,
	};
	if (tx.contractAddress) transaction.contractAddress = tx.contractAddress;
	if (tx.erc20.length) {
		transaction.erc20Transfers = tx.erc20.map((move) => ({
			transactionHash: tx.hash,
			type: 'ERC20',
			from: move.from,
			to: move.to,
			value: move.value,
			blockTimestamp: timestamp,
			logIndex: move.logIndex,
			erc20Token: {
				address: move.token.address,
				name: move.token.name,
				symbol: move.token.symbol,
				decimals: move.token.decimals,
				valueWithDecimals: withDecimals(move.value, move.token.decimals),
			},
		}));
	}
	if (tx.erc721.length) {
		transaction.erc721Transfers = tx.erc721.map((move) => ({
			transactionHash: tx.hash,
			type: 'ERC721',
			from: move.from,
			to: move.to,
			tokenId: move.tokenId,
			blockTimestamp: timestamp,
			logIndex: move.logIndex,
			erc721Token: { address: move.token.address, name: move.token.name ?? '', symbol: move.token.symbol ?? '' },
		}));
	}
	if (tx.erc1155.length) {
		transaction.erc1155Transfers = tx.erc1155.map((move) => ({
			transactionHash: tx.hash,
			type: 'ERC1155',
			from: move.from,
			to: move.to,
			tokenId: move.tokenId,
			value: move.value,
			blockTimestamp: timestamp,
			logIndex: move.logIndex,
			erc1155Token: { address: move.token.address, name: move.token.name ?? '', symbol: move.token.symbol ?? '' },
		}));
	}
	if (webhook.includeInternalTxs) {
		transaction.internalTransactions = tx.internal.map((move) => ({
			from: move.from,
			to: move.to,
			internalTxType: move.internalTxType,
			value: move.value,
			gasUsed: move.gasUsed,
			gasLimit: move.gasLimit,
			transactionHash: tx.hash,
		}));
	}
	transaction.networkToken = {
		tokenName: networkToken.name,
		tokenSymbol: networkToken.symbol,
		tokenDecimals: networkToken.decimals,
		valueWithDecimals: withDecimals(tx.value, networkToken.decimals),
	};
	const event: Record<string, unknown> = { transaction };
	if (webhook.includeLogs) {
		event.logs = matchingLogs(webhook, tx).map((log) => ({
			address: log.address,
			topic0: log.topics[0],
			topic1: topic(log, 1),
			topic2: topic(log, 2),
			topic3: topic(log, 3),
			data: log.data,
			transactionIndex: tx.blockIndex,
			logIndex: log.logIndex,
			removed: false,
		}));
	}
	return { webhookId: webhook.id, eventType: 'address_activity', messageId: randomUUID(), event };
}

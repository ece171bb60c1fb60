import type { EventMessage } from '../delivery/message';
import type { WebhookRecord } from '../store';
import { amountText, avaxText, groupDigits, inUnits } from './units';

// What a delivery carries, in a person's words: each transfer with its amount in the token's
// units, its direction relative to the webhook's monitored addresses, and who sent it to whom.

export interface TransferLine {
	/** in: to a monitored address; out: from one; self: both; '' when the event has no direction */
	direction: 'in' | 'out' | 'self' | '';
	amount: string;
	from?: string;
	to?: string;
	/** what else the event says (a balance after the change, a threshold crossed) */
	note?: string;
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function directionOf(monitored: Set<string>, from: string, to: string): TransferLine['direction'] {
	const incoming = monitored.has(to.toLowerCase());
	const outgoing = monitored.has(from.toLowerCase());
	return incoming && outgoing ? 'self' : incoming ? 'in' : outgoing ? 'out' : '';
}

/** The lines of one delivery; `webhook` is undefined once the webhook is deleted. */
export function transferLines(body: EventMessage, webhook: WebhookRecord | undefined): TransferLine[] {
	const event = body.event;
	if (body.eventType === 'address_activity') return evmLines(event.transaction as Json | undefined, new Set(webhook?.addresses ?? []));
	return primaryLines(event);
}

function evmLines(transaction: Json | undefined, monitored: Set<string>): TransferLine[] {
	if (!transaction) return [];
	const native = (transaction.networkToken ?? {}) as Json;
	const symbol = text(native.tokenSymbol);
	const decimals = Number(native.tokenDecimals ?? 18);
	const moves: Array<{ from: string; to: string; amount: string }> = [];
	if (text(transaction.value) !== '0' && text(transaction.value) !== '') {
		moves.push({ from: text(transaction.from), to: text(transaction.to), amount: amountText(inUnits(text(transaction.value), decimals), symbol) });
	}
	for (const move of (transaction.internalTransactions ?? []) as Json[]) {
		if (text(move.value) === '0') continue;
		moves.push({ from: text(move.from), to: text(move.to), amount: amountText(inUnits(text(move.value), decimals), symbol) });
	}
	for (const move of (transaction.erc20Transfers ?? []) as Json[]) {
		const token = (move.erc20Token ?? {}) as Json;
		moves.push({ from: text(move.from), to: text(move.to), amount: amountText(text(token.valueWithDecimals), text(token.symbol)) });
	}
	for (const move of (transaction.erc721Transfers ?? []) as Json[]) {
		const token = (move.erc721Token ?? {}) as Json;
		moves.push({ from: text(move.from), to: text(move.to), amount: `${text(token.symbol) || 'NFT'} #${text(move.tokenId)}` });
	}
	for (const move of (transaction.erc1155Transfers ?? []) as Json[]) {
		const token = (move.erc1155Token ?? {}) as Json;
		moves.push({ from: text(move.from), to: text(move.to), amount: `${groupDigits(text(move.value))} × ${text(token.symbol) || 'token'} #${text(move.tokenId)}` });
	}
	const lines = moves.map((move) => ({ ...move, direction: directionOf(monitored, move.from, move.to) }));
	const ours = lines.filter((line) => line.direction !== '');
	if (ours.length) return ours;
	// A monitored address took part without moving value (a contract call, an approval).
	return [{ direction: directionOf(monitored, text(transaction.from), text(transaction.to)), amount: 'no transfer', from: text(transaction.from), to: text(transaction.to) }];
}

/** P-Chain and validator events: the change in AVAX, its sign as the direction, and the balance after it. */
function primaryLines(event: Json): TransferLine[] {
	const addresses = ((event.addresses as string[] | undefined) ?? [event.nodeId]).filter(Boolean).map(String);
	const who = addresses.join(', ');
	// a change's sign is its direction: "out 10,000 AVAX" rather than "-10,000 AVAX"
	const signed = (navax: unknown): Pick<TransferLine, 'direction' | 'amount'> => {
		const change = BigInt(text(navax) || '0');
		return { direction: change < 0n ? 'out' : 'in', amount: avaxText(change < 0n ? -change : change) };
	};
	switch (event.eventType) {
		case 'balance_change':
			return [{ ...signed(event.balanceChange), to: who, note: `${text(event.balanceType)} balance ${avaxText(text(event.balance))}` }];
		case 'balance_threshold':
			return [
				{
					...signed(event.balanceChange),
					to: who,
					note: `${text(event.balanceType)} balance ${avaxText(text(event.balance))}, crossed ${text(event.crossed)} ${avaxText(text(event.balanceThreshold))}`,
				},
			];
		case 'reward_distribution':
			return [{ ...signed(event.rewardAmount), to: who, note: `${text(event.rewardType)} reward for ${text(event.nodeId)}` }];
		case 'l1_validator_balance_increased':
			return [{ ...signed(event.amount), to: who, note: `fee balance ${avaxText(text(event.feeBalance))}` }];
		case 'l1_validator_balance_threshold':
			return [{ direction: '', amount: avaxText(text(event.feeBalance)), to: who, note: `fee balance at or below ${avaxText(text(event.feeBalanceThreshold))}` }];
		case 'l1_validator_disabled':
		case 'l1_validator_removed':
			return [{ direction: '', amount: avaxText(text(event.feeBalance)), to: who, note: `fee balance; validator ${text(event.eventType).replace('l1_validator_', '')}` }];
		default:
			return [{ direction: '', amount: event.amount === undefined ? '' : avaxText(text(event.amount)), to: who }];
	}
}

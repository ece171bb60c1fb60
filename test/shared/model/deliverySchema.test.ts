import { decimalAmount, parseDelivery } from '../../../nodes/shared/model/deliverySchema';

const FROM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const TO = '0x000000000000000000000000000000000000dEaD';
const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';

function delivery(transaction: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
	return {
		webhookId: 'w-1',
		eventType: 'address_activity',
		messageId: 'm-1',
		event: {
			transaction: { txHash: '0xabc', txStatus: '1', blockNumber: '100', blockTimestamp: 1_700_000_000, from: FROM, to: TO, value: '5', ...transaction },
			logs: [{ address: USDC, topics: ['0x1'], data: '0x' }],
		},
		...extra,
	};
}

function problemOf(body: unknown): string {
	const result = parseDelivery(body);
	if (result.ok) throw new Error('the delivery was accepted');
	return result.problem;
}

describe('parseDelivery', () => {
	it('accepts a delivery and keeps only what the Transfers mapping reads', () => {
		const result = parseDelivery(delivery({ gasUsed: '21000' }, { extra: true }));
		expect(result).toEqual({
			ok: true,
			delivery: {
				webhookId: 'w-1',
				eventType: 'address_activity',
				messageId: 'm-1',
				event: {
					transaction: { txHash: '0xabc', txStatus: '1', blockNumber: '100', blockTimestamp: 1_700_000_000, from: FROM, to: TO, value: '5' },
					logs: [{ address: USDC }],
				},
			},
		});
	});

	it('reads numbers where the service may send them: block number and chain ID as text, small amounts as decimal text', () => {
		const result = parseDelivery(delivery({ blockNumber: 100, chainId: 43114, value: 7, txStatus: 0 }));
		expect(result.ok && result.delivery.event.transaction).toMatchObject({ blockNumber: '100', chainId: '43114', value: '7', txStatus: 0 });
	});

	it('accepts transfers without a counterparty (a mint) and with no lists at all', () => {
		expect(parseDelivery(delivery({ to: null, erc20Transfers: null, internalTransactions: undefined })).ok).toBe(true);
	});

	it('reads the token transfers with their amounts and NFT token IDs as text', () => {
		const result = parseDelivery(
			delivery({
				erc20Transfers: [{ from: FROM, to: TO, value: '2500000', erc20Token: { address: USDC, symbol: 'USDC', decimals: 6 }, logIndex: 3 }],
				erc721Transfers: [{ from: FROM, to: TO, tokenId: 12, erc721Token: { address: USDC } }],
				erc1155Transfers: [{ from: FROM, to: TO, value: '2', erc1155Token: { address: USDC, tokenId: '9' } }],
			}),
		);
		if (!result.ok) throw new Error(result.problem);
		expect(result.delivery.event.transaction.erc20Transfers?.[0]).toEqual({ from: FROM, to: TO, value: '2500000', logIndex: 3, erc20Token: { address: USDC, symbol: 'USDC', decimals: 6 } });
		expect(result.delivery.event.transaction.erc721Transfers?.[0].tokenId).toBe('12');
		expect(result.delivery.event.transaction.erc1155Transfers?.[0].erc1155Token.tokenId).toBe('9');
	});

	it('says a missing field is required, naming its path', () => {
		const body = delivery();
		delete (body.event.transaction as Record<string, unknown>).txHash;
		expect(problemOf(body)).toBe('event.transaction.txHash: Required');
		expect(problemOf({ ...delivery(), messageId: undefined })).toBe('messageId: Required');
	});

	it('refuses a value of the wrong type, and names a body that is no object as "body"', () => {
		expect(problemOf(delivery({ value: '-5' }))).toBe('event.transaction.value: Invalid input');
		expect(problemOf(delivery({ blockTimestamp: '1700000000' }))).toBe('event.transaction.blockTimestamp: Invalid input: expected number, received string');
		expect(problemOf('[]')).toBe('body: Invalid input: expected object, received string');
		expect(problemOf(null)).toBe('body: Invalid input: expected object, received null');
	});

	it('refuses an ERC-20 transfer without its token, and decimals beyond 255', () => {
		expect(problemOf(delivery({ erc20Transfers: [{ from: FROM, to: TO, value: '1' }] }))).toBe('event.transaction.erc20Transfers.0.erc20Token: Required');
		expect(problemOf(delivery({ erc20Transfers: [{ from: FROM, to: TO, value: '1', erc20Token: { address: USDC, decimals: 256 } }] }))).toMatch(
			/^event\.transaction\.erc20Transfers\.0\.erc20Token\.decimals: /,
		);
	});
});

describe('decimalAmount', () => {
	it('takes decimal text and safe non-negative integers, as text', () => {
		expect(decimalAmount.parse('123456789012345678901234567890')).toBe('123456789012345678901234567890');
		expect(decimalAmount.parse(42)).toBe('42');
	});

	it.each([['1.5'], ['0x10'], [-1], [1.5], [Number.MAX_SAFE_INTEGER + 1], ['']])('refuses %p', (value) => {
		expect(decimalAmount.safeParse(value).success).toBe(false);
	});
});

import { AddressSet } from '../../../nodes/shared/model/addresses';
import { formatUnits, isAtLeast, parseDecimal } from '../../../nodes/shared/model/amounts';
import { parseDelivery, type Delivery } from '../../../nodes/shared/model/deliverySchema';
import { toTransfers as mapTransaction, type NativeToken, type TransferFilters } from '../../../nodes/shared/model/transfers';

/** The mapping of a delivery's transaction, as the webhook trigger calls it. */
const toTransfers = (message: Delivery, addresses: string[], nativeToken?: NativeToken, filters?: TransferFilters) =>
	mapTransaction(message.event.transaction, message, new AddressSet(addresses), nativeToken, filters);

const alice = '0x1111111111111111111111111111111111111111';
const bob = '0x2222222222222222222222222222222222222222';
const carol = '0x3333333333333333333333333333333333333333';
const usdc = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
const nft = '0x4444444444444444444444444444444444444444';
const multi = '0x5555555555555555555555555555555555555555';

function delivery(transaction: Record<string, unknown>): Delivery {
	const parsed = parseDelivery({
		webhookId: 'd8a1b0c2-0000-4000-8000-000000000001',
		eventType: 'address_activity',
		messageId: 'a7c4f1e2-0000-4000-8000-000000000002',
		event: {
			transaction: {
				blockHash: '0xabc',
				blockNumber: '4242',
				from: alice,
				to: bob,
				value: '0',
				txHash: '0xfeed',
				txStatus: '1',
				chainId: '43114',
				blockTimestamp: 1700000000,
				...transaction,
			},
			logs: [],
		},
	});
	if (!parsed.ok) throw new Error(parsed.problem);
	return parsed.delivery;
}

describe('amounts', () => {
	it('writes raw amounts with decimals exactly', () => {
		expect(formatUnits('1500000000000000000', 18)).toBe('1.5');
		expect(formatUnits('123456789012345678901234567890', 18)).toBe('123456789012.34567890123456789');
		expect(formatUnits('1', 18)).toBe('0.000000000000000001');
		expect(formatUnits('1000000', 6)).toBe('1');
		expect(formatUnits('0', 6)).toBe('0');
		expect(formatUnits('7', 0)).toBe('7');
	});

	it.each([
		['000100', 2, '1'],
		['0000', 6, '0'],
		['007', 0, '7'],
		['5', 3, '0.005'],
		['1050', 3, '1.05'],
	])('writes %s with %d decimals as %s (leading zeros and trailing fraction zeros dropped)', (raw, decimals, expected) => {
		expect(formatUnits(raw, decimals)).toBe(expected);
	});

	it('compares against a decimal minimum exactly', () => {
		const half = parseDecimal('0.5');
		if (half === undefined) throw new Error('0.5 did not parse');
		expect(isAtLeast('500000000000000000', 18, half)).toBe(true);
		expect(isAtLeast('499999999999999999', 18, half)).toBe(false);
		expect(isAtLeast('1', 0, half)).toBe(true);
		expect(parseDecimal('abc')).toBeUndefined();
		expect(parseDecimal('.')).toBeUndefined();
		expect(parseDecimal('10')).toEqual({ digits: BigInt(10), scale: 0 });
	});
});

describe('Transfers output', () => {
	it('gives a native transfer seen from the receiving monitored address', () => {
		const items = toTransfers(
			delivery({ value: '2500000000000000000', networkToken: { tokenSymbol: 'AVAX', valueWithDecimals: '2.5' } }),
			[bob.toUpperCase().replace('0X', '0x')],
		);
		expect(items).toEqual([
			{
				direction: 'in',
				monitoredAddress: bob,
				counterparty: alice,
				from: alice,
				to: bob,
				assetType: 'native',
				symbol: 'AVAX',
				tokenName: null,
				contract: null,
				decimals: 18,
				tokenId: null,
				amountRaw: '2500000000000000000',
				amount: '2.5',
				txHash: '0xfeed',
				blockNumber: '4242',
				time: '2023-11-14T22:13:20.000Z',
				chainId: '43114',
				messageId: 'a7c4f1e2-0000-4000-8000-000000000002',
				webhookId: 'd8a1b0c2-0000-4000-8000-000000000001',
			},
		]);
	});

	it('lists every kind of transfer that touches a monitored address, and nothing else', () => {
		const items = toTransfers(
			delivery({
				value: '1000000000000000000',
				erc20Transfers: [
					{
						transactionHash: '0xfeed',
						type: 'ERC20',
						from: alice,
						to: carol,
						value: '2500000',
						blockTimestamp: 1700000000,
						logIndex: 0,
						erc20Token: { address: usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6, valueWithDecimals: '2.5' },
					},
					{
						from: bob,
						to: carol,
						value: '1',
						erc20Token: { address: usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
					},
				],
				erc721Transfers: [{ from: carol, to: alice, tokenId: '77', erc721Token: { address: nft, name: 'Kitties', symbol: 'KIT' } }],
				erc1155Transfers: [
					{ from: alice, to: alice, tokenId: '5', value: '3', erc1155Token: { address: multi, name: 'Items', symbol: 'ITM' } },
				],
				internalTransactions: [
					{ from: alice, to: bob, internalTxType: 'CALL', value: '1000000000000000000', gasUsed: '1', gasLimit: '1' },
					{ from: bob, to: alice, internalTxType: 'CALL', value: '250000000000000000' },
					{ from: bob, to: alice, internalTxType: 'DELEGATECALL', value: '9' },
					{ from: bob, to: alice, internalTxType: 'CALL', value: '0' },
				],
			}),
			[alice],
			{ symbol: 'AVAX', decimals: 18 },
		);
		expect(items.map((item) => [item.assetType, item.direction, item.counterparty, item.amount, item.symbol, item.tokenId])).toEqual([
			['native', 'out', bob, '1', 'AVAX', null],
			['internal', 'in', bob, '0.25', 'AVAX', null],
			['erc20', 'out', carol, '2.5', 'USDC', null],
			['erc721', 'in', carol, '1', 'KIT', '77'],
			['erc1155', 'self', alice, '3', 'ITM', '5'],
		]);
		expect(items[2]).toMatchObject({ contract: usdc, decimals: 6, amountRaw: '2500000', tokenName: 'USD Coin' });
	});

	it('gives two items when both ends of a transfer are monitored', () => {
		const items = toTransfers(delivery({ value: '5' }), [alice, bob]);
		expect(items.map((item) => [item.direction, item.monitoredAddress, item.counterparty])).toEqual([
			['out', alice, bob],
			['in', bob, alice],
		]);
	});

	it('reads NFT token ids kept on the token object', () => {
		const items = toTransfers(
			delivery({ erc721Transfers: [{ from: carol, to: alice, erc721Token: { address: nft, tokenId: '9' } }] }),
			[alice],
		);
		expect(items[0]).toMatchObject({ assetType: 'erc721', tokenId: '9', symbol: null, amount: '1' });
	});

	it('gives nothing for a failed transaction', () => {
		expect(toTransfers(delivery({ value: '5', txStatus: '0' }), [alice])).toEqual([]);
	});

	describe('filters', () => {
		const message = delivery({
			value: '3000000000000000000',
			erc20Transfers: [
				{ from: carol, to: alice, value: '100000', erc20Token: { address: usdc, symbol: 'USDC', decimals: 6 } },
				{ from: alice, to: carol, value: '7000000', erc20Token: { address: usdc, symbol: 'USDC', decimals: 6 } },
			],
		});
		const summary = (filters: TransferFilters) =>
			toTransfers(message, [alice], {}, filters).map((item) => `${item.assetType}:${item.direction}:${item.amount}`);

		it('keeps only the chosen directions', () => {
			expect(summary({ directions: ['in'] })).toEqual(['erc20:in:0.1']);
		});
		it('keeps only the chosen asset types', () => {
			expect(summary({ assetTypes: ['native'] })).toEqual(['native:out:3']);
		});
		it('keeps only amounts at or above the minimum, in token units', () => {
			expect(summary({ minimumAmount: parseDecimal('3') })).toEqual(['native:out:3', 'erc20:out:7']);
		});
		it('keeps only the chosen token contracts, ignoring letter case', () => {
			expect(summary({ tokenContracts: new AddressSet([usdc.toUpperCase().replace('0X', '0x')]) })).toEqual(['erc20:in:0.1', 'erc20:out:7']);
		});
	});
});

describe('delivery body validation', () => {
	it.each([
		['not an object', 'hello'],
		['no messageId', { webhookId: 'w', eventType: 'address_activity', event: { transaction: {} } }],
		[
			'an amount that is not a decimal integer',
			{
				webhookId: 'w',
				eventType: 'address_activity',
				messageId: 'm',
				event: { transaction: { txHash: '0x1', blockNumber: '1', blockTimestamp: 1, from: alice, value: '1.5' } },
			},
		],
	])('rejects a body with %s', (_case, body) => {
		const parsed = parseDelivery(body);
		expect(parsed.ok).toBe(false);
	});

	it('names the field that is wrong', () => {
		const parsed = parseDelivery({ webhookId: 'w', eventType: 'address_activity', messageId: 'm', event: {} });
		expect(parsed).toEqual({ ok: false, problem: 'event.transaction: Required' });
	});
});

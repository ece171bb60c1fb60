import { parseChainTransaction, toDeliveryTransaction, type ChainTransaction } from '../../../nodes/shared/model/chainTransaction';

const FROM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const TO = '0x000000000000000000000000000000000000dEaD';
const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';

/** One item of GET /v1/chains/{chainId}/addresses/{address}/transactions, with rich addresses. */
function listed(native: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) {
	return {
		nativeTransaction: {
			txHash: '0xabc',
			txStatus: '1',
			blockNumber: '100',
			blockTimestamp: 1_700_000_000,
			blockIndex: 2,
			chainId: '43114',
			from: { address: FROM, name: 'Treasury' },
			to: { address: TO },
			value: '5',
			gasUsed: '21000',
			...native,
		},
		...rest,
	};
}

function parsed(item: unknown): ChainTransaction {
	const result = parseChainTransaction(item);
	if (!result.ok) throw new Error(result.problem);
	return result.transaction;
}

describe('parseChainTransaction', () => {
	it('reads rich addresses as their text and the block number as a number', () => {
		expect(parsed(listed()).nativeTransaction).toEqual({
			txHash: '0xabc',
			txStatus: '1',
			blockNumber: 100,
			blockTimestamp: 1_700_000_000,
			blockIndex: 2,
			chainId: '43114',
			from: FROM,
			to: TO,
			value: '5',
		});
	});

	it('accepts plain-text addresses, a numeric chain ID and a contract creation (no to)', () => {
		expect(parsed(listed({ from: FROM, to: null, chainId: 43113, blockNumber: 7 })).nativeTransaction).toMatchObject({ from: FROM, to: null, chainId: '43113', blockNumber: 7 });
	});

	it('reads token transfers with rich parties', () => {
		const transaction = parsed(listed({}, { erc20Transfers: [{ from: { address: FROM }, to: { address: TO }, value: '10', erc20Token: { address: USDC, decimals: 6 } }] }));
		expect(transaction.erc20Transfers).toEqual([{ from: FROM, to: TO, value: '10', erc20Token: { address: USDC, decimals: 6 } }]);
	});

	it.each([
		['a block number that is no number', listed({ blockNumber: 'latest' }), 'nativeTransaction.blockNumber: Invalid input'],
		['no hash', listed({ txHash: '' }), 'nativeTransaction.txHash: Too small: expected string to have >=1 characters'],
		['no native transaction', {}, 'nativeTransaction: Invalid input: expected object, received undefined'],
		['something that is no object', 'tx', 'transaction: Invalid input: expected object, received string'],
	])('refuses %s, naming the problem', (_what, item, problem) => {
		expect(parseChainTransaction(item)).toEqual({ ok: false, problem });
	});
});

describe('toDeliveryTransaction', () => {
	const internal = [
		{ from: FROM, to: TO, value: '3', internalTxType: 'CALL' },
		{ from: FROM, to: TO, value: '4', isReverted: true },
	];

	it('gives the transaction in the shape of a delivery\'s event.transaction', () => {
		const transaction = parsed(listed({}, { erc721Transfers: [{ from: FROM, to: TO, erc721Token: { address: USDC, tokenId: '9' } }], internalTransactions: internal }));
		expect(toDeliveryTransaction(transaction, false)).toEqual({
			txHash: '0xabc',
			txStatus: '1',
			blockNumber: '100',
			blockTimestamp: 1_700_000_000,
			from: FROM,
			to: TO,
			value: '5',
			chainId: '43114',
			erc20Transfers: undefined,
			erc721Transfers: [{ from: FROM, to: TO, erc721Token: { address: USDC, tokenId: '9' } }],
			erc1155Transfers: undefined,
			internalTransactions: undefined,
		});
	});

	it('keeps internal transactions only when asked for, without the reverted ones', () => {
		const transaction = parsed(listed({}, { internalTransactions: internal }));
		expect(toDeliveryTransaction(transaction, true).internalTransactions).toEqual([{ from: FROM, to: TO, value: '3', internalTxType: 'CALL' }]);
	});
});

import { badRequest, notFound } from '../http/errors';
import type { Route } from '../http/router';
import { HASH_PATTERN } from '../http/validation';
import { fullTransaction, nativeTransaction } from '../chain/resources';
import { chainFor, readEnumParam, walk } from './chainAccess';

/** Latest transactions of a chain (optionally only successful or failed ones), and one transaction. */
export const transactionRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/chains/{chainId}/transactions',
		privilege: 'read',
		handle(context) {
			const chain = chainFor(context);
			const status = readEnumParam(context, 'status', ['success', 'failed'] as const);
			const page = context.page((cursor = chain.transactions.length - 1, pageSize) => {
				const { positions, next } = walk(
					cursor,
					-1,
					-1,
					pageSize,
					(position) => status === undefined || chain.transactions[position].success === (status === 'success'),
				);
				return { items: positions.map((position) => nativeTransaction(chain, chain.transactions[position])), next };
			});
			return {
				body: { transactions: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) },
			};
		},
	},
	{
		method: 'GET',
		path: '/v1/chains/{chainId}/transactions/{txHash}',
		privilege: 'read',
		handle(context) {
			const chain = chainFor(context);
			const { txHash } = context.params;
			if (!HASH_PATTERN.test(txHash)) {
				throw badRequest(`txHash must be 0x followed by 64 hexadecimal characters (got '${txHash}')`);
			}
			const tx = chain.findTransaction(txHash);
			if (!tx) throw notFound(`transaction ${txHash} was not found on chain ${chain.id}`);
			return { body: fullTransaction(chain, tx) };
		},
	},
];

import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { ADDRESS_PATTERN } from '../http/validation';
import { transactionDetails } from '../chain/resources';
import { chainFor, readBlockParam, readEnumParam, walk } from './chainAccess';

/** Transactions an address takes part in, within an optional block range, newest first by default. */
export const addressTransactionRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/chains/{chainId}/addresses/{address}/transactions',
		privilege: 'read',
		handle(context) {
			const chain = chainFor(context);
			const { address } = context.params;
			if (!ADDRESS_PATTERN.test(address)) {
				throw badRequest(`invalid address format: '${address}' must be 0x followed by 40 hexadecimal characters`);
			}
			const startBlock = readBlockParam(context, 'startBlock');
			const endBlock = readBlockParam(context, 'endBlock');
			if (startBlock !== undefined && endBlock !== undefined && startBlock > endBlock) {
				throw badRequest(`startBlock (${startBlock}) must not be greater than endBlock (${endBlock})`);
			}
			const sortOrder = readEnumParam(context, 'sortOrder', ['asc', 'desc'] as const) ?? 'desc';
			const positions = chain.transactionsOf(address);
			const inRange = (position: number) => {
				const { blockNumber } = chain.transactions[positions[position]];
				return (startBlock === undefined || blockNumber >= startBlock) && (endBlock === undefined || blockNumber <= endBlock);
			};
			// The cursor is a position in the address's own list, which only grows at its end:
			// ascending walks stay stable, and descending walks continue below where they stopped.
			const page = context.page((cursor, pageSize) => {
				const walked =
					sortOrder === 'asc'
						? walk(cursor ?? 0, positions.length, 1, pageSize, inRange)
						: walk(cursor ?? positions.length - 1, -1, -1, pageSize, inRange);
				return {
					items: walked.positions.map((position) => transactionDetails(chain, chain.transactions[positions[position]])),
					next: walked.next,
				};
			});
			return {
				body: { transactions: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) },
			};
		},
	},
];

import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { pChainBalances, pChainTransaction } from '../primary/historyShapes';
import { PRIMARY_NETWORK_TX_TYPES } from '../primary/vocabulary';
import { readEnumParam, walk } from './chainAccess';
import { readBlockchain, readList, readNetwork, readPrimaryAddresses, readTimestamp } from './primaryAccess';

/**
 * The primary network's history, made from the activity the emulator delivers: P-Chain
 * transactions of addresses (or of an L1 validation) in a time window, and balances at a moment.
 * The emulator has no X-Chain or C-Chain activity: those answer empty lists and balances.
 */
export const primaryHistoryRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
		privilege: 'read',
		handle(context) {
			const network = readNetwork(context);
			const chain = readBlockchain(context, network);
			const addresses = readPrimaryAddresses(context, network, chain, false);
			const txTypes = readList(context, 'txTypes', PRIMARY_NETWORK_TX_TYPES);
			const startTimestamp = readTimestamp(context, 'startTimestamp');
			const endTimestamp = readTimestamp(context, 'endTimestamp');
			if (startTimestamp !== undefined && endTimestamp !== undefined && startTimestamp > endTimestamp) {
				throw badRequest(`startTimestamp (${startTimestamp}) must not be greater than endTimestamp (${endTimestamp})`);
			}
			const l1ValidationId = context.query.get('l1ValidationId') || undefined;
			const sortOrder = readEnumParam(context, 'sortOrder', ['asc', 'desc'] as const) ?? 'desc';
			const history = chain === 'p-chain' ? context.emulator.pChain.history.list(network) : [];
			const wanted = addresses && new Set(addresses);
			const accept = (position: number) => {
				const tx = history[position];
				return (
					(wanted === undefined || tx.addresses.some((address) => wanted.has(address))) &&
					(txTypes === undefined || (txTypes as readonly string[]).includes(tx.txType)) &&
					(startTimestamp === undefined || tx.blockTimestamp >= startTimestamp) &&
					(endTimestamp === undefined || tx.blockTimestamp <= endTimestamp) &&
					(l1ValidationId === undefined || tx.l1Validator?.validationId === l1ValidationId)
				);
			};
			// The cursor is a position in the network's history, which only grows at its end: a walk
			// stays stable while new transactions arrive (asc reaches them, desc continues below).
			const page = context.page((cursor, pageSize) => {
				const walked =
					sortOrder === 'asc' ? walk(cursor ?? 0, history.length, 1, pageSize, accept) : walk(cursor ?? history.length - 1, -1, -1, pageSize, accept);
				return { items: walked.positions.map((position) => pChainTransaction(history[position])), next: walked.next };
			});
			return {
				body: {
					transactions: page.items,
					...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
					chainInfo: { chainName: chain, network },
				},
			};
		},
	},
	{
		method: 'GET',
		path: '/v1/networks/{network}/blockchains/{blockchainId}/balances',
		privilege: 'read',
		handle(context) {
			const network = readNetwork(context);
			const chain = readBlockchain(context, network);
			const addresses = readPrimaryAddresses(context, network, chain, true) ?? [];
			const at = readTimestamp(context, 'blockTimestamp') ?? Math.floor(context.emulator.clock.now() / 1000);
			const chainInfo = { chainName: chain, network };
			if (chain === 'x-chain') return { body: { balances: { locked: [], unlocked: [], atomicMemoryUnlocked: [], atomicMemoryLocked: [] }, chainInfo } };
			if (chain === 'c-chain') return { body: { balances: { atomicMemoryUnlocked: [], atomicMemoryLocked: [] }, chainInfo } };
			return { body: { balances: pChainBalances(context.emulator.pChain.history, network, addresses, at), chainInfo } };
		},
	},
];

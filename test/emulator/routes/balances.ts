import { holdingsAt, type Holdings } from '../chain/balances';
import type { Chain } from '../chain/chain';
import { badRequest } from '../http/errors';
import type { RequestContext, Route } from '../http/router';
import { ADDRESS_PATTERN } from '../http/validation';
import { chainFor, readEnumParam } from './chainAccess';

/** The SDK's CurrencyCode: accepted, though the emulator has no prices to convert with. */
const CURRENCIES = ['usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd'] as const;

function readAddress(context: RequestContext): string {
	const { address } = context.params;
	if (!ADDRESS_PATTERN.test(address)) throw badRequest(`invalid address format: '${address}' must be 0x followed by 40 hexadecimal characters`);
	return address;
}

function readContract(raw: string, name: string): string {
	if (!ADDRESS_PATTERN.test(raw)) throw badRequest(`${name} must hold contract addresses, 0x followed by 40 hexadecimal characters (got '${raw}')`);
	return raw.toLowerCase();
}

/** The holdings of the path's address at `blockNumber` (the newest block when omitted), on the path's chain. */
function holdings(context: RequestContext, chain: Chain, address: string, withBlockNumber: boolean): Holdings {
	const head = chain.head?.number ?? 0;
	const raw = context.query.get('blockNumber');
	if (raw !== null && raw !== '' && !withBlockNumber) throw badRequest('property blockNumber should not exist: this list is of the newest block only');
	if (raw === null || raw === '') return holdingsAt(chain, address, head);
	if (!/^\d{1,15}$/.test(raw)) throw badRequest(`blockNumber must be a block number, a non-negative integer (got '${raw}')`);
	if (Number(raw) > head) throw badRequest(`blockNumber ${raw} is after the newest block of chain ${chain.id} (${head})`);
	return holdingsAt(chain, address, Number(raw));
}

function nativeTokenBalance(chain: Chain, balance: bigint) {
	const { name, symbol, decimals, logoUri } = chain.info.networkToken;
	return { name, symbol, decimals, logoUri, chainId: chain.id, balance: balance.toString() };
}

const nftMetadata = (token: { name?: string; symbol?: string }) => ({
	indexStatus: 'UNINDEXED',
	...(token.name ? { name: token.name } : {}),
	...(token.symbol ? { symbol: token.symbol } : {}),
});

/** Where the emulator says a token's metadata lives; it serves none (no network traffic). */
const tokenUri = (contract: string, tokenId: string) => `ipfs://emulator/${contract.toLowerCase()}/${tokenId}`;

/** Shared by the four routes: chain, address, currency, and the page's list with the native balance beside it. */
function balanceRoute(path: string, list: (context: RequestContext, chain: Chain, address: string) => { body: Record<string, unknown> }): Route {
	return {
		method: 'GET',
		path: `/v1/chains/{chainId}/addresses/{address}/${path}`,
		privilege: 'read',
		handle(context) {
			const chain = chainFor(context);
			const address = readAddress(context);
			readEnumParam(context, 'currency', CURRENCIES);
			return list(context, chain, address);
		},
	};
}

/** Pages through a list by offset (the list is recomputed for each page, at the block asked). */
function paged<T>(context: RequestContext, items: T[]) {
	return context.page((cursor = 0, pageSize) => ({
		items: items.slice(cursor, cursor + pageSize),
		next: cursor + pageSize < items.length ? cursor + pageSize : undefined,
	}));
}

const withToken = (page: { items: unknown[]; nextPageToken?: string }, field: string) => ({
	[field]: page.items,
	...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
});

/** Balances of an EVM address, now or at a block, from the emulator's own chain history. */
export const balanceRoutes: Route[] = [
	balanceRoute('balances:getNative', (context, chain, address) => ({
		body: { nativeTokenBalance: nativeTokenBalance(chain, holdings(context, chain, address, true).native) },
	})),
	balanceRoute('balances:listErc20', (context, chain, address) => {
		const held = holdings(context, chain, address, true);
		const contracts = context.query.get('contractAddresses')?.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => readContract(entry, 'contractAddresses'));
		readEnumParam(context, 'filterSpamTokens', ['true', 'false'] as const);
		const tokens = [...held.erc20.entries()]
			.filter(([contract, { balance }]) => balance !== 0n && (contracts === undefined || contracts.includes(contract)))
			.map(([, { token, balance }]) => ({
				address: token.address,
				name: token.name,
				symbol: token.symbol,
				decimals: token.decimals,
				ercType: 'ERC-20',
				chainId: chain.id,
				balance: balance.toString(),
				tokenReputation: null,
			}));
		const page = paged(context, tokens);
		return { body: { ...withToken(page, 'erc20TokenBalances'), nativeTokenBalance: nativeTokenBalance(chain, held.native) } };
	}),
	balanceRoute('balances:listErc721', (context, chain, address) => {
		const held = holdings(context, chain, address, false);
		const contract = context.query.get('contractAddress') ? readContract(context.query.get('contractAddress')!, 'contractAddress') : undefined;
		const tokens = [...held.erc721.values()]
			.filter(({ token }) => contract === undefined || token.address.toLowerCase() === contract)
			.map(({ token, tokenId }) => ({
				address: token.address,
				name: token.name ?? '',
				symbol: token.symbol ?? '',
				ercType: 'ERC-721',
				tokenId,
				tokenUri: tokenUri(token.address, tokenId),
				metadata: nftMetadata(token),
				ownerAddress: address,
				chainId: chain.id,
			}));
		const page = paged(context, tokens);
		return { body: { ...withToken(page, 'erc721TokenBalances'), nativeTokenBalance: nativeTokenBalance(chain, held.native) } };
	}),
	balanceRoute('balances:listErc1155', (context, chain, address) => {
		const held = holdings(context, chain, address, true);
		if (context.query.get('contractAddresses')) throw badRequest('property contractAddresses should not exist: this list takes one contractAddress');
		const contract = context.query.get('contractAddress') ? readContract(context.query.get('contractAddress')!, 'contractAddress') : undefined;
		const tokens = [...held.erc1155.values()]
			.filter(({ token, balance }) => balance !== 0n && (contract === undefined || token.address.toLowerCase() === contract))
			.map(({ token, tokenId, balance }) => ({
				address: token.address,
				ercType: 'ERC-1155',
				tokenId,
				tokenUri: tokenUri(token.address, tokenId),
				metadata: nftMetadata(token),
				chainId: chain.id,
				balance: balance.toString(),
			}));
		const page = paged(context, tokens);
		return { body: { ...withToken(page, 'erc1155TokenBalances'), nativeTokenBalance: nativeTokenBalance(chain, held.native) } };
	}),
];

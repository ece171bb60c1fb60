/** The set-up the Balance operations' tests share: an emulator per file with one history of transfers. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { AddressActivityCredentialData } from '../../../harness/credentials';
import { addressHistory } from '../../../harness/chainHistory';
import { randomAddress, useTestService, type TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

export const FUJI = '43113';
export const ETHER = 10n ** 18n;
export const USDC = { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
export const WAVAX = { address: '0xd00ae08403B9bbb9124bB305C09058E32C39A48c', name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 };
export const PUNKS = { address: '0x7a9fe22691c811ea339d9b73150e6911a5343dca', name: 'Punks', symbol: 'PUNK' };
export const ITEMS = { address: '0x1111111111111111111111111111111111111aaa', name: 'Game Items', symbol: 'ITEM' };

export interface BalanceHistory {
	readonly service: TestService;
	/** The file's account (made before all). */
	readonly credentials: AddressActivityCredentialData;
	readonly owner: string;
	readonly funder: string;
	readonly friend: string;
	/** The block of each injected transaction, in order. */
	readonly blocks: number[];
	/** Puts a transaction on Fuji; its block. */
	inject(activity: Record<string, unknown>): Promise<number>;
	/** The address's transactions as chain data lists them (up to `endBlock`). */
	history(address: string, endBlock?: number): ReturnType<typeof addressHistory>;
	/** Runs a Balance operation with `parameters` (on `items`); its items (it must not fail). */
	run(parameters: Record<string, unknown>, items?: IDataObject[]): Promise<INodeExecutionData[]>;
}

/**
 * An emulator for the file (started before all, stopped after all), an account, and before all the
 * same history: AVAX, USDC and WAVAX to the owner, some of it on to a friend; two NFTs, one passed
 * on; ten ERC-1155 items, four passed on.
 */
export function useBalanceHistory(): BalanceHistory {
	const service = useTestService();
	let credentials: AddressActivityCredentialData | undefined;
	const [owner, funder, friend] = [randomAddress(), randomAddress(), randomAddress()];
	const blocks: number[] = [];
	const inject = async (activity: Record<string, unknown>): Promise<number> => {
		const { blockNumber } = await service.control.activity({ chainId: FUJI, ...activity });
		return Number(blockNumber);
	};
	beforeAll(async () => {
		credentials = await service.newAccount();
		const steps: Array<Record<string, unknown>> = [
			{ from: funder, to: owner, value: String(5n * ETHER) },
			{ from: funder, to: USDC.address, erc20Transfers: [{ token: USDC, from: funder, to: owner, value: '1000000000' }] },
			{ from: owner, to: friend, value: String(2n * ETHER) },
			{ from: owner, to: USDC.address, erc20Transfers: [{ token: USDC, from: owner, to: friend, value: '250500000' }] },
			{ from: funder, to: WAVAX.address, erc20Transfers: [{ token: WAVAX, from: funder, to: owner, value: '1500000000000000001' }] },
			{ from: funder, to: PUNKS.address, erc721Transfers: [{ token: PUNKS, from: funder, to: owner, tokenId: '7' }, { token: PUNKS, from: funder, to: owner, tokenId: '8' }] },
			{ from: owner, to: PUNKS.address, erc721Transfers: [{ token: PUNKS, from: owner, to: friend, tokenId: '7' }] },
			{ from: funder, to: ITEMS.address, erc1155Transfers: [{ token: ITEMS, from: funder, to: owner, tokenId: '3', value: '10' }] },
			{ from: owner, to: ITEMS.address, erc1155Transfers: [{ token: ITEMS, from: owner, to: friend, tokenId: '3', value: '4' }] },
		];
		for (const step of steps) blocks.push(await inject(step));
	});
	const account = (): AddressActivityCredentialData => {
		if (credentials === undefined) throw new Error('the account is made in beforeAll');
		return credentials;
	};
	return {
		service,
		get credentials() {
			return account();
		},
		owner,
		funder,
		friend,
		blocks,
		inject,
		history: async (address, endBlock) => await addressHistory(account(), FUJI, address, endBlock),
		run: async (parameters, items) => {
			const result = await runNode({ credentials: account(), parameters: { resource: 'balance', ...parameters } as never, items });
			expect(result.error).toBeUndefined();
			return result.items;
		},
	};
}

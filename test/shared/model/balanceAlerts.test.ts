// Balances on Transfers items and balance alerts, with the balance reads handed in: a table of
// balances after each block stands for the service, and the reads asked of it are what it would be
// sent (one per address, asset and block; the balance before only when the one after can alert).
import { parseDecimal } from '../../../nodes/shared/model/amounts';
import {
	assetOf,
	balanceCrossings,
	balancesWanted,
	withBalancesAfter,
	type BalanceAlert,
	type BalanceQuery,
	type BalanceReading,
	type CrossingDirection,
} from '../../../nodes/shared/model/balanceAlerts';
import type { Transfer } from '../../../nodes/shared/model/transfers';

const WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const wallet = WALLET.toLowerCase();
const SENDER = '0x1111111111111111111111111111111111111111';
const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
const usdc = USDC.toLowerCase();

/** `amount` whole tokens of `decimals` as a raw amount. */
const units = (amount: number, decimals = 18) => `${amount}${'0'.repeat(decimals)}`;

function transfer(overrides: Partial<Transfer> = {}): Transfer {
	return {
		from: SENDER,
		to: WALLET,
		assetType: 'native',
		symbol: 'AVAX',
		tokenName: null,
		contract: null,
		decimals: 18,
		tokenId: null,
		amountRaw: units(1),
		direction: 'in',
		monitoredAddress: WALLET,
		counterparty: SENDER,
		amount: '1',
		txHash: '0xaa',
		blockNumber: '10',
		time: null,
		chainId: '43114',
		messageId: 'm-1',
		webhookId: 'w-1',
		...overrides,
	};
}

/** The service's balances after each block (`asset|block` of the wallet), and the reads asked of it. */
function service(balances: Record<string, BalanceReading>) {
	const reads: string[] = [];
	const read = async (query: BalanceQuery): Promise<BalanceReading> => {
		const asset = query.asset.kind === 'native' ? 'native' : query.asset.contract;
		const key = `${asset}|${query.blockNumber}`;
		reads.push(`${query.chainId} ${query.address} ${key}`);
		const reading = balances[key];
		if (reading === undefined) throw new Error(`no balance ${key}`);
		return reading;
	};
	return { read, reads };
}

const alert = (when: CrossingDirection, thresholdText: string, contract: string | null = null): BalanceAlert => ({
	when,
	threshold: parseDecimal(thresholdText)!,
	thresholdText,
	contract,
});

describe('balancesWanted', () => {
	it('is true with Include Balance After or an alert only', () => {
		expect(balancesWanted({ includeBalanceAfter: false })).toBe(false);
		expect(balancesWanted({ includeBalanceAfter: true })).toBe(true);
		expect(balancesWanted({ includeBalanceAfter: false, alert: alert('below', '50') })).toBe(true);
	});
});

describe('assetOf', () => {
	it('is the native token for native and internal transfers, the contract (lower case) for ERC-20, with the token ID for ERC-1155', () => {
		expect(assetOf(transfer())).toEqual({ kind: 'native' });
		expect(assetOf(transfer({ assetType: 'internal' }))).toEqual({ kind: 'native' });
		expect(assetOf(transfer({ assetType: 'erc20', contract: USDC }))).toEqual({ kind: 'erc20', contract: usdc });
		expect(assetOf(transfer({ assetType: 'erc1155', contract: USDC, tokenId: '7' }))).toEqual({ kind: 'erc1155', contract: usdc, tokenId: '7' });
	});

	it('has none for ERC-721 (the service lists those at the newest block only) or a token transfer without its contract', () => {
		expect(assetOf(transfer({ assetType: 'erc721', contract: USDC, tokenId: '7' }))).toBeUndefined();
		expect(assetOf(transfer({ assetType: 'erc20', contract: null }))).toBeUndefined();
		expect(assetOf(transfer({ assetType: 'erc1155', contract: USDC, tokenId: null }))).toBeUndefined();
	});
});

describe('withBalancesAfter', () => {
	it('puts the balance after each transfer\'s block on its item, exact and raw, read for the monitored address in lower case', async () => {
		const { read, reads } = service({ 'native|10': { raw: '1500000000000000000' }, [`${usdc}|11`]: { raw: '2500000', decimals: 6 } });
		const items = await withBalancesAfter([transfer(), transfer({ assetType: 'erc20', contract: USDC, decimals: 0, blockNumber: '11' })], read);
		expect(items.map((item) => [item.balanceAfter, item.balanceAfterRaw])).toEqual([
			['1.5', '1500000000000000000'],
			// The decimals the service gives win over the item's.
			['2.5', '2500000'],
		]);
		expect(items[0]).toMatchObject(transfer());
		expect(reads).toEqual([`43114 ${wallet} native|10`, `43114 ${wallet} ${usdc}|11`]);
	});

	it('gives an ERC-721 transfer, or one without a whole block number, null balances without a read', async () => {
		const { read, reads } = service({});
		const items = await withBalancesAfter([transfer({ assetType: 'erc721', contract: USDC, tokenId: '1' }), transfer({ blockNumber: 'pending' })], read);
		expect(items.map((item) => [item.balanceAfter, item.balanceAfterRaw])).toEqual([
			[null, null],
			[null, null],
		]);
		expect(reads).toEqual([]);
	});
});

describe('balanceCrossings', () => {
	it('puts out a transfer whose block took the balance below the threshold, with the balance before and after', async () => {
		const { read, reads } = service({ 'native|9': { raw: units(60) }, 'native|10': { raw: '40500000000000000000' } });
		const found = await balanceCrossings([transfer({ direction: 'out', to: SENDER, from: WALLET })], alert('below', '50'), read);
		expect(found).toEqual([
			{
				crossing: `43114|${wallet}|native|10`,
				item: {
					...transfer({ direction: 'out', to: SENDER, from: WALLET }),
					crossed: 'below',
					threshold: '50',
					balanceBefore: '60',
					balanceBeforeRaw: units(60),
					balanceAfter: '40.5',
					balanceAfterRaw: '40500000000000000000',
				},
			},
		]);
		expect(reads).toEqual([`43114 ${wallet} native|10`, `43114 ${wallet} native|9`]);
	});

	it('alerts once for the transfers of one address and block, on the first of them', async () => {
		const { read, reads } = service({ 'native|9': { raw: units(60) }, 'native|10': { raw: units(40) } });
		const found = await balanceCrossings([transfer({ txHash: '0x01' }), transfer({ txHash: '0x02', assetType: 'internal' })], alert('below', '50'), read);
		expect(found.map(({ item }) => item.txHash)).toEqual(['0x01']);
		expect(reads).toHaveLength(2);
	});

	it('reads the balance before only when the balance after is on the side the alert watches for', async () => {
		const staysAbove = service({ 'native|10': { raw: units(70) } });
		expect(await balanceCrossings([transfer()], alert('below', '50'), staysAbove.read)).toEqual([]);
		expect(staysAbove.reads).toEqual([`43114 ${wallet} native|10`]);

		const staysBelow = service({ 'native|9': { raw: units(45) }, 'native|10': { raw: units(40) } });
		expect(await balanceCrossings([transfer()], alert('below', '50'), staysBelow.read)).toEqual([]);
		expect(staysBelow.reads).toHaveLength(2);
	});

	it('counts a balance that reaches the threshold as at or above it', async () => {
		const { read } = service({ 'native|9': { raw: '49999999999999999999' }, 'native|10': { raw: units(50) } });
		expect((await balanceCrossings([transfer()], alert('above', '50'), read)).map(({ item }) => item.crossed)).toEqual(['above']);
		expect(await balanceCrossings([transfer()], alert('below', '50'), read)).toEqual([]);
	});

	it('with Crosses Either Way, alerts on a fall and on a rise', async () => {
		const { read } = service({ 'native|9': { raw: units(60) }, 'native|10': { raw: units(40) }, 'native|11': { raw: units(55) } });
		const found = await balanceCrossings([transfer(), transfer({ blockNumber: '11', txHash: '0xbb' })], alert('either', '50'), read);
		expect(found.map(({ item }) => [item.txHash, item.crossed, item.balanceBefore, item.balanceAfter])).toEqual([
			['0xaa', 'below', '60', '40'],
			['0xbb', 'above', '40', '55'],
		]);
	});

	it('watches only the alert\'s token: an ERC-20 alert its contract, however the transfer writes it', async () => {
		const { read, reads } = service({ [`${usdc}|9`]: { raw: '100000000', decimals: 6 }, [`${usdc}|10`]: { raw: '20000000', decimals: 6 } });
		const items = [
			transfer({ txHash: '0x01' }),
			transfer({ txHash: '0x02', assetType: 'erc20', contract: SENDER, decimals: 6 }),
			transfer({ txHash: '0x03', assetType: 'erc20', contract: USDC, decimals: 6 }),
		];
		const found = await balanceCrossings(items, alert('below', '50', usdc), read);
		expect(found.map(({ item }) => [item.txHash, item.balanceBefore, item.balanceAfter])).toEqual([['0x03', '100', '20']]);
		expect(reads).toEqual([`43114 ${wallet} ${usdc}|10`, `43114 ${wallet} ${usdc}|9`]);
	});

	it('takes the balance before block 0 as 0, without a read', async () => {
		const { read, reads } = service({ 'native|0': { raw: units(5) } });
		const found = await balanceCrossings([transfer({ blockNumber: '0' })], alert('above', '1'), read);
		expect(found.map(({ item }) => [item.balanceBefore, item.balanceAfter])).toEqual([['0', '5']]);
		expect(reads).toEqual([`43114 ${wallet} native|0`]);
	});

	it('passes over transfers without a whole block number', async () => {
		const { read, reads } = service({});
		expect(await balanceCrossings([transfer({ blockNumber: 'x' }), transfer({ blockNumber: '1.5' }), transfer({ blockNumber: '-1' })], alert('either', '1'), read)).toEqual([]);
		expect(reads).toEqual([]);
	});
});

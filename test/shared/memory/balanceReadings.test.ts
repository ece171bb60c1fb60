// The balances a process read, against the emulator over HTTP through n8n-core's
// LoadOptionsContext: each balance of an address, asset and block costs one request however often
// it is asked for, a failed read is asked again, and Transfers items get the balances their options
// ask for (none read with the options off).
import { parseDecimal } from '../../../nodes/shared/model/amounts';
import { AddressSet } from '../../../nodes/shared/model/addresses';
import { parseDelivery } from '../../../nodes/shared/model/deliverySchema';
import { toTransfers, type Transfer } from '../../../nodes/shared/model/transfers';
import { forgetBalanceReadings, rememberedBalanceReader, transfersWithBalances } from '../../../nodes/shared/memory/balanceReadings';
import { ONE_ATTEMPT } from '../../../nodes/shared/service/transport';
import { loadOptionsContext } from '../../harness/contexts';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { randomAddress, startTestService, type TestService } from '../../harness/fixtures';

const FUJI = '43113';
const AVAX = 10n ** 18n;
const ITEMS = { address: '0x1111111111111111111111111111111111111aaa', name: 'Game Items', symbol: 'ITEM' };

let service: TestService;
let credentials: AddressActivityCredentialData;
const context = () => loadOptionsContext(credentials);

beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
});
afterAll(async () => {
	await service.close();
});
afterEach(() => forgetBalanceReadings());

/** A transfer of `avax` from `from` to `to` at the emulator; its block number. */
async function pay(from: string, to: string, avax: bigint): Promise<{ blockNumber: number; txHash: string }> {
	const sent = await service.control.activity({ chainId: FUJI, from, to, value: String(avax * AVAX) });
	return { blockNumber: Number(sent.blockNumber), txHash: sent.txHash };
}

/** The transfers of `wallet` in a payment, as the webhook trigger maps its delivery. */
function transfersOf(wallet: string, from: string, to: string, avax: bigint, sent: { blockNumber: number; txHash: string }): Transfer[] {
	const parsed = parseDelivery({
		webhookId: 'd8a1b0c2-0000-4000-8000-000000000001',
		eventType: 'address_activity',
		messageId: 'a7c4f1e2-0000-4000-8000-000000000002',
		event: {
			transaction: { blockHash: '0xabc', blockNumber: String(sent.blockNumber), from, to, value: String(avax * AVAX), txHash: sent.txHash, txStatus: '1', chainId: FUJI, blockTimestamp: 1700000000 },
			logs: [],
		},
	});
	if (!parsed.ok) throw new Error(parsed.problem);
	return toTransfers(parsed.delivery.event.transaction, parsed.delivery, new AddressSet([wallet]), { symbol: 'AVAX', decimals: 18 });
}

const balanceRequests = async () => (await service.control.requests()).filter((request) => request.path.includes('/balances:')).map((request) => `${request.path.split('/').pop()} ${request.query.blockNumber ?? 'newest'}`);

describe('rememberedBalanceReader', () => {
	it('reads a balance of an address, asset and block once, however often and however at once it is asked for', async () => {
		const [wallet, funder] = [randomAddress(), randomAddress()];
		const funded = await pay(funder, wallet, 100n);
		const paid = await pay(wallet, funder, 30n);
		await service.control.clearRequests();
		const read = rememberedBalanceReader(context(), {});
		const query = { chainId: FUJI, address: wallet, asset: { kind: 'native' as const }, blockNumber: funded.blockNumber };
		const [first, second] = await Promise.all([read(query), read(query)]);
		expect(first).toEqual({ raw: String(100n * AVAX), decimals: 18 });
		expect(second).toEqual(first);
		expect(await rememberedBalanceReader(context(), {})(query)).toEqual(first);
		const after = await read({ ...query, blockNumber: paid.blockNumber });
		expect(BigInt(after.raw)).toBeLessThanOrEqual(70n * AVAX);
		expect(await balanceRequests()).toEqual([`balances:getNative ${funded.blockNumber}`, `balances:getNative ${paid.blockNumber}`]);
	});

	it('reads the token IDs of one ERC-1155 contract at a block together, and a token the address holds none of as 0', async () => {
		const [wallet, funder] = [randomAddress(), randomAddress()];
		const sent = await service.control.activity({
			chainId: FUJI,
			from: funder,
			to: ITEMS.address,
			input: '0xf242432a',
			erc1155Transfers: [
				{ token: ITEMS, from: funder, to: wallet, tokenId: '3', value: '10' },
				{ token: ITEMS, from: funder, to: wallet, tokenId: '4', value: '2' },
			],
		});
		await service.control.clearRequests();
		const read = rememberedBalanceReader(context(), {});
		const query = (tokenId: string) => ({ chainId: FUJI, address: wallet, asset: { kind: 'erc1155' as const, contract: ITEMS.address, tokenId }, blockNumber: Number(sent.blockNumber) });
		expect([await read(query('3')), await read(query('4')), await read(query('5'))]).toEqual([{ raw: '10' }, { raw: '2' }, { raw: '0' }]);
		expect(await balanceRequests()).toEqual([`balances:listErc1155 ${sent.blockNumber}`]);
	});

	it('forgets a read that failed, so the next delivery (the service\'s retry) reads again', async () => {
		const [wallet, funder] = [randomAddress(), randomAddress()];
		const funded = await pay(funder, wallet, 5n);
		await service.control.addFault({ path: `/v1/chains/${FUJI}/addresses/${wallet}/balances:getNative`, count: 1, status: 500 });
		await service.control.clearRequests();
		const query = { chainId: FUJI, address: wallet, asset: { kind: 'native' as const }, blockNumber: funded.blockNumber };
		await expect(rememberedBalanceReader(context(), { retry: ONE_ATTEMPT })(query)).rejects.toMatchObject({ httpCode: '500' });
		expect(await rememberedBalanceReader(context(), { retry: ONE_ATTEMPT })(query)).toEqual({ raw: String(5n * AVAX), decimals: 18 });
		expect(await balanceRequests()).toEqual([`balances:getNative ${funded.blockNumber}`, `balances:getNative ${funded.blockNumber}`]);
	});
});

describe('transfersWithBalances', () => {
	let wallet: string;
	let funder: string;
	let payments: Transfer[][];
	beforeAll(async () => {
		[wallet, funder] = [randomAddress(), randomAddress()];
		const funded = await pay(funder, wallet, 60n);
		// 60 -> 40 -> 20 AVAX (less gas): the second payment crosses 30.
		const first = await pay(wallet, funder, 20n);
		const second = await pay(wallet, funder, 20n);
		payments = [transfersOf(wallet, funder, wallet, 60n, funded), transfersOf(wallet, wallet, funder, 20n, first), transfersOf(wallet, wallet, funder, 20n, second)];
	});

	it('reads nothing with the options off and puts the items out as they are', async () => {
		await service.control.clearRequests();
		const transfers = payments.flat();
		expect(await transfersWithBalances(context(), transfers, { includeBalanceAfter: false }, {})).toEqual({ items: transfers });
		expect(await balanceRequests()).toEqual([]);
	});

	it('puts the balance after each transfer\'s block on its item with Include Balance After', async () => {
		const { items, crossings } = await transfersWithBalances(context(), payments.flat(), { includeBalanceAfter: true }, {});
		expect(crossings).toBeUndefined();
		expect(items.map((item) => item.balanceAfter)).toEqual(['60', expect.stringMatching(/^39\.9/), expect.stringMatching(/^19\.9/)]);
		expect(items.map((item) => item.txHash)).toEqual(payments.flat().map((item) => item.txHash));
	});

	it('with an alert, only the transfer that crossed, with the crossing to claim', async () => {
		const alert = { when: 'below' as const, threshold: parseDecimal('30')!, thresholdText: '30', contract: null };
		const { items, crossings } = await transfersWithBalances(context(), payments.flat(), { includeBalanceAfter: false, alert }, {});
		expect(items).toEqual([expect.objectContaining({ txHash: payments[2][0].txHash, crossed: 'below', threshold: '30', balanceBefore: expect.stringMatching(/^39\.9/) })]);
		expect(crossings).toEqual([`${FUJI}|${wallet}|native|${payments[2][0].blockNumber}`]);
	});
});

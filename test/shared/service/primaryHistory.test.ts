// The primary network's history routes against the emulator over HTTP through n8n-core's
// LoadOptionsContext: P-Chain transactions of addresses or of a transaction type from a moment on,
// the newest transactions of addresses,
// the P-Chain's height, balances by type, the L1 validators with their fee balance and the height
// they were read at; and the requests each read sends.
import { fetchL1Validators, fetchNewestPChainTransactions, fetchPChainBalances, fetchPChainHeight, fetchPChainTransactions } from '../../../nodes/shared/service/primaryHistory';
import { nodeId, pChainAddress, subnetId } from '../../harness/emulatorControl';
import { loadOptionsContext } from '../../harness/contexts';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { startTestService, type TestService } from '../../harness/fixtures';

const AVAX = (amount: number) => String(BigInt(amount) * BigInt(1_000_000_000));
const treasury = pChainAddress('fuji', 'primaryHistory treasury');
const cold = pChainAddress('fuji', 'primaryHistory cold');
const node = nodeId('primaryHistory node');
const l1 = subnetId('primaryHistory l1');

let service: TestService;
let credentials: AddressActivityCredentialData;
const made: Array<{ txHash: string; blockNumber: string; blockTimestamp: number }> = [];
let topUp: string | undefined;

beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
	const change = async (address: string, avax: number, balanceType: 'unlockedUnstaked' | 'lockedStaked' = 'unlockedUnstaked') =>
		await service.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address, balanceType, change: AVAX(avax) }] });
	made.push(await change(treasury, 3000), await change(cold, 20), await change(treasury, 500, 'lockedStaked'), await change(treasury, -800));
	topUp = (await service.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: l1, change: AVAX(3) })).txHash;
});

afterAll(async () => {
	await service.close();
});

const context = () => loadOptionsContext(credentials);

describe('fetchPChainTransactions', () => {
	it("lists the addresses' transactions from a moment on, oldest first, in one request of a full page", async () => {
		await service.control.clearRequests();
		const page = await fetchPChainTransactions(context(), { network: 'fuji', addresses: [treasury], startTimestamp: made[0].blockTimestamp });
		expect(page.entries.map((tx) => tx.txHash)).toEqual([made[0].txHash, made[2].txHash, made[3].txHash]);
		expect(page.entries.map((tx) => tx.blockNumber)).toEqual([made[0].blockNumber, made[2].blockNumber, made[3].blockNumber]);
		expect(page.unreadable).toBe(0);
		const requests = await service.control.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0].path).toBe('/v1/networks/fuji/blockchains/p-chain/transactions');
		expect(requests[0].query).toMatchObject({ addresses: treasury, startTimestamp: String(made[0].blockTimestamp), sortOrder: 'asc', pageSize: '100' });
	});

	it("lists the network's transactions of a type, of every address", async () => {
		const page = await fetchPChainTransactions(context(), { network: 'fuji', txTypes: ['IncreaseL1ValidatorBalanceTx'], startTimestamp: made[0].blockTimestamp });
		expect(page.entries.map((tx) => tx.txHash)).toContain(topUp);
		expect(new Set(page.entries.map((tx) => tx.txType))).toEqual(new Set(['IncreaseL1ValidatorBalanceTx']));
		const [details] = page.entries.find((tx) => tx.txHash === topUp)!.l1ValidatorDetails!;
		expect(details).toMatchObject({ nodeId: node, subnetId: l1, remainingBalance: BigInt(AVAX(3)), balanceChange: BigInt(AVAX(3)) });
	});
});

describe('fetchNewestPChainTransactions', () => {
	it("lists the addresses' newest transactions, newest first, in one request of the size asked", async () => {
		await service.control.clearRequests();
		const newest = await fetchNewestPChainTransactions(context(), 'fuji', [treasury, cold], 2);
		expect(newest.map((tx) => tx.txHash)).toEqual([made[3].txHash, made[2].txHash]);
		const requests = await service.control.requests();
		expect(requests.map((request) => [request.path, request.query])).toEqual([
			['/v1/networks/fuji/blockchains/p-chain/transactions', expect.objectContaining({ addresses: `${treasury},${cold}`, sortOrder: 'desc', pageSize: '2' })],
		]);
	});
});

describe('fetchPChainHeight', () => {
	it("is the newest transaction's block", async () => {
		const newest = (await fetchPChainTransactions(context(), { network: 'fuji', startTimestamp: made[0].blockTimestamp })).entries.at(-1)!;
		expect(await fetchPChainHeight(context(), 'fuji')).toBe(Number(newest.blockNumber));
		expect(Number(newest.blockNumber)).toBeGreaterThanOrEqual(Number(made[3].blockNumber));
	});
});

describe('fetchPChainBalances', () => {
	it("gives the addresses' combined balance per type at a moment", async () => {
		const now = await fetchPChainBalances(context(), 'fuji', [treasury, cold], made[3].blockTimestamp);
		expect(now).toMatchObject({ unlockedUnstaked: BigInt(AVAX(3000 + 20 - 800)), lockedStaked: BigInt(AVAX(500)) });
		expect(await fetchPChainBalances(context(), 'fuji', [treasury], made[0].blockTimestamp - 1)).toMatchObject({ unlockedUnstaked: BigInt(0) });
	});
});

describe('fetchL1Validators', () => {
	it('lists the L1 validators of a node with their remaining fee balance, and the height they were read at', async () => {
		const { validators, blockHeight } = await fetchL1Validators(context(), 'fuji', { nodeId: node }, true);
		expect(validators.map((validator) => [validator.nodeId, validator.subnetId, validator.remainingBalance])).toEqual([[node, l1, BigInt(AVAX(3))]]);
		expect(blockHeight).toBe(await fetchPChainHeight(context(), 'fuji'));
	});

	it('lists none for a node without L1 validations', async () => {
		expect((await fetchL1Validators(context(), 'fuji', { nodeId: nodeId('primaryHistory nobody') }, false)).validators).toEqual([]);
	});
});

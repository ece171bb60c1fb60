// The primary network's history read into what the deliveries say: a P-Chain transaction's outputs
// as balance changes per balance type and rewards of the watched addresses, balances by type, and
// entries that are not transactions skipped. The service's entries are written here in the vendor
// SDK's shapes (PChainTransaction, PChainUtxo, ListPChainBalancesResponse).
import { addressEffects, balanceTypeOf, l1ValidatorSchema, pChainAddressOf, parsePChainTransaction, readBalances, totalOf } from '../../../nodes/shared/model/pChainHistory';

const AT = 1_900_000_000;
const YEAR = 365 * 24 * 3600;
const C_CHAIN = 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp';
const TREASURY = 'fuji1treasury0000000000000000000000000000';
const COLD = 'fuji1cold00000000000000000000000000000000';
const OTHER = 'fuji1other0000000000000000000000000000000';

const utxo = (fields: Record<string, unknown>) => ({ addresses: [TREASURY], amount: '1000', ...fields });
const balanceType = (fields: Record<string, unknown>) => balanceTypeOf(parsePChainTransaction({ txHash: 't', txType: 'BaseTx', blockTimestamp: AT, blockNumber: '1', emittedUtxos: [utxo(fields)] })!.emittedUtxos![0], AT);

describe('balanceTypeOf', () => {
	it('reads each of the eight balance types from an output, relative to its transaction time', () => {
		expect(balanceType({ staked: false })).toBe('unlockedUnstaked');
		expect(balanceType({ staked: true, utxoStartTimestamp: AT })).toBe('unlockedStaked');
		expect(balanceType({ staked: true, utxoStartTimestamp: AT + 3600 })).toBe('pendingStaked');
		expect(balanceType({ staked: true, utxoStartTimestamp: AT, stakeableLocktime: AT + YEAR })).toBe('lockedStaked');
		expect(balanceType({ staked: false, stakeableLocktime: AT + YEAR })).toBe('lockedStakeable');
		expect(balanceType({ staked: false, platformLocktime: AT + YEAR })).toBe('lockedPlatform');
		expect(balanceType({ createdOnChainId: C_CHAIN })).toBe('atomicMemoryUnlocked');
		expect(balanceType({ createdOnChainId: C_CHAIN, platformLocktime: AT + YEAR })).toBe('atomicMemoryLocked');
	});

	it('counts a lock time that has passed as no lock', () => {
		expect(balanceType({ staked: false, stakeableLocktime: AT - 1, platformLocktime: AT })).toBe('unlockedUnstaked');
	});
});

describe('addressEffects', () => {
	it("gives the watched addresses' changes (emitted adds, consumed takes away) and rewards, in output order", () => {
		const tx = parsePChainTransaction({
			txHash: 'tx1',
			txType: 'RewardValidatorTx',
			blockTimestamp: AT,
			blockNumber: 42,
			consumedUtxos: [utxo({ addresses: [`P-${COLD}`], amount: '300', outputIndex: 1 })],
			emittedUtxos: [
				utxo({ addresses: [TREASURY], amount: '500', outputIndex: 0, rewardType: 'VALIDATOR' }),
				utxo({ addresses: [OTHER], amount: '7', outputIndex: 2 }),
				utxo({ addresses: [OTHER, COLD], amount: '20', outputIndex: 3, staked: true, utxoStartTimestamp: AT }),
			],
		})!;
		expect(tx.blockNumber).toBe('42');
		const effects = addressEffects(tx, new Set([`P-${TREASURY}`, `P-${COLD}`]));
		expect(effects.addresses).toEqual([`P-${TREASURY}`, `P-${COLD}`]);
		expect(effects.moves).toEqual([
			{ address: `P-${TREASURY}`, balanceType: 'unlockedUnstaked', change: BigInt(500) },
			{ address: `P-${COLD}`, balanceType: 'unlockedUnstaked', change: BigInt(-300) },
			{ address: `P-${COLD}`, balanceType: 'unlockedStaked', change: BigInt(20) },
		]);
		expect(effects.rewards).toEqual([{ address: `P-${TREASURY}`, amount: BigInt(500), rewardType: 'validator' }]);
	});

	it('finds nothing for a transaction of other addresses', () => {
		const tx = parsePChainTransaction({ txHash: 'tx2', txType: 'BaseTx', blockTimestamp: AT, blockNumber: '2', emittedUtxos: [utxo({ addresses: [OTHER] })] })!;
		expect(addressEffects(tx, new Set([`P-${TREASURY}`]))).toEqual({ addresses: [], moves: [], rewards: [] });
	});
});

describe('parsePChainTransaction', () => {
	it('skips an entry that is not a transaction as the service lists them', () => {
		expect(parsePChainTransaction({ txType: 'BaseTx', blockTimestamp: AT, blockNumber: '1' })).toBeUndefined();
		expect(parsePChainTransaction({ txHash: 'tx', txType: 'BaseTx', blockTimestamp: 'soon', blockNumber: '1' })).toBeUndefined();
		expect(parsePChainTransaction(null)).toBeUndefined();
	});

	it("reads an L1 validator's fee balance and its change exactly", () => {
		const tx = parsePChainTransaction({
			txHash: 'tx3',
			txType: 'IncreaseL1ValidatorBalanceTx',
			blockTimestamp: AT,
			blockNumber: '3',
			l1ValidatorDetails: [{ validationId: 'v', nodeId: 'NodeID-1', subnetId: 's', remainingBalance: '12345678901234567890', balanceChange: '-5' }],
		})!;
		expect(tx.l1ValidatorDetails![0]).toMatchObject({ remainingBalance: BigInt('12345678901234567890'), balanceChange: BigInt(-5) });
	});
});

describe('readBalances and totalOf', () => {
	it('sums the amounts of each balance type; an empty type is 0', () => {
		expect(readBalances({ unlockedUnstaked: [{ amount: '1500' }, { amount: 500 }], lockedStaked: [] })).toEqual({ unlockedUnstaked: BigInt(2000), lockedStaked: BigInt(0) });
	});

	it('reads an answer of another shape as no balances', () => {
		expect(readBalances([{ amount: '1' }])).toEqual({});
		expect(readBalances({ unlockedUnstaked: [{ amount: 'much' }] })).toEqual({});
	});

	it('totalOf an empty or missing list is undefined', () => {
		expect(totalOf([])).toBeUndefined();
		expect(totalOf(undefined)).toBeUndefined();
		expect(totalOf([{ amount: BigInt(2) }, { amount: BigInt(3) }])).toBe(BigInt(5));
	});
});

describe('pChainAddressOf and l1ValidatorSchema', () => {
	it('names an address as the deliveries do: "P-" and lower case', () => {
		expect(pChainAddressOf('fuji1ABC')).toBe('P-fuji1abc');
		expect(pChainAddressOf('p-Fuji1abc')).toBe('P-fuji1abc');
	});

	it('reads an L1 validator with its remaining fee balance in nAVAX', () => {
		expect(l1ValidatorSchema.parse({ validationId: 'v', nodeId: 'NodeID-1', subnetId: 's', weight: 20, remainingBalance: '1000000000' })).toMatchObject({ remainingBalance: BigInt(1_000_000_000) });
		expect(l1ValidatorSchema.safeParse({ validationId: '', nodeId: 'n', subnetId: 's', remainingBalance: '1' }).success).toBe(false);
	});
});

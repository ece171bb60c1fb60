// What a catch-up reads of a gap, against the emulator's chain data through n8n-core's
// WebhookContext: the monitored addresses' transactions in the gap's blocks, oldest first, each
// once, per address or (for more than ten addresses) by one scan of the chain; under Event
// Signatures only what a live delivery would have brought, with the signatures chain data cannot
// show named.
import { id } from 'ethers';
import type { INodeParameters } from 'n8n-workflow';

import { PER_ADDRESS_MAX, readGap } from '../../../nodes/AddressActivityTrigger/catchUp/read';
import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { AddressSet } from '../../../nodes/shared/model/addresses';
import { triggerWebhookContext } from '../../harness/contexts';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { randomAddress, useTestService } from '../../harness/fixtures';
import { FUJI, USDC } from '../support';

const TOKEN = { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 };

const service = useTestService();
let credentials: AddressActivityCredentialData;

beforeAll(async () => {
	credentials = await service.newAccount({ plan: 'paid' });
});

afterEach(() => forgetProcessMemory());

async function transfer(from: string, to: string): Promise<{ txHash: string; block: number }> {
	const { txHash, blockNumber } = await service.control.activity({ chainId: FUJI, from, to, value: '1000000000000000000' });
	return { txHash, block: Number(blockNumber) };
}

async function tokenTransfer(from: string, to: string): Promise<{ txHash: string; block: number }> {
	const { txHash, blockNumber } = await service.control.activity({ chainId: FUJI, from, to: USDC, erc20Transfers: [{ token: TOKEN, from, to, value: '2500000' }] });
	return { txHash, block: Number(blockNumber) };
}

const gapOf = (fromBlock: number, toBlock: number) => ({ fromBlock, toBlock, gapStartedAt: null, notBefore: null, includeInternalTxs: false, seen: [] });

async function read(addresses: string[], gap: ReturnType<typeof gapOf>, parameters: INodeParameters = {}) {
	const context = triggerWebhookContext({ credentials, parameters });
	const result = await readGap(context, FUJI, new AddressSet(addresses), gap);
	return { ...result, hashes: result.transactions.map((entry) => entry.parsed.nativeTransaction.txHash) };
}

describe('reading a gap', () => {
	let alice: string;
	let bob: string;
	let inGap: string[];
	let gap: ReturnType<typeof gapOf>;

	beforeAll(async () => {
		[alice, bob] = [randomAddress(), randomAddress()];
		const carol = randomAddress();
		await transfer(carol, alice);
		const first = await transfer(carol, alice);
		const between = await transfer(alice, bob);
		const last = await transfer(carol, bob);
		await transfer(carol, alice);
		inGap = [first.txHash, between.txHash, last.txHash];
		gap = gapOf(first.block, last.block);
	});

	it('per address: the transactions in the gap\'s blocks, oldest first, one between two monitored addresses once', async () => {
		const result = await read([alice, bob], gap);
		expect(result.hashes).toEqual(inGap);
		expect(result.unread).toBeUndefined();
		expect(result.unreadSignatures).toBeUndefined();
	});

	it(`for more than ${PER_ADDRESS_MAX} addresses by a scan of the chain: the same transactions`, async () => {
		const many = [alice, bob, ...Array.from({ length: PER_ADDRESS_MAX }, randomAddress)];
		const result = await read(many, gap);
		expect(result.hashes).toEqual(inGap);
		expect(result.unread).toBeUndefined();
	});

	it('of an address with no activity there: nothing', async () => {
		expect((await read([randomAddress()], gap)).hashes).toEqual([]);
	});
});

describe('reading a gap under Event Signatures', () => {
	it('keeps the token transfers a Transfer signature would have delivered, and names the signatures chain data cannot show', async () => {
		const [dave, erin] = [randomAddress(), randomAddress()];
		const native = await transfer(erin, dave);
		const token = await tokenTransfer(erin, dave);
		const gap = gapOf(native.block, token.block);
		expect((await read([dave], gap)).hashes).toEqual([native.txHash, token.txHash]);
		const filtered = await read([dave], gap, { eventSignatures: 'Transfer(address,address,uint256)' });
		expect(filtered.hashes).toEqual([token.txHash]);
		expect(filtered.unreadSignatures).toBeUndefined();
		const approval = id('Approval(address,address,uint256)');
		const unseen = await read([dave], gap, { eventSignatures: 'Transfer(address,address,uint256), Approval(address,address,uint256)' });
		expect(unseen.hashes).toEqual([token.txHash]);
		expect(unseen.unreadSignatures).toEqual([approval]);
	});
});

/**
 * The poll trigger watching several chains (Chains, version 2): every chain polled, one cursor
 * state per chain, items that carry their chain; version 1's single-chain state still read.
 */
import type { INodeParameters } from 'n8n-workflow';

import { POLL_TRIGGER_NODE_NAME } from '../harness/names';
import { FUJI, hashesOf, pollParameters, randomAddress, startPollService, type PollTestService } from './support';

const C_CHAIN = '43114';

let service: PollTestService;

beforeAll(async () => {
	service = await startPollService();
});

afterAll(async () => {
	await service.close();
});

beforeEach(async () => {
	await service.control.clearFaults();
});

/** Version 2 parameters watching `chainIds`. */
function chainsParameters(addresses: string[], chainIds: string[] = [FUJI, C_CHAIN]): INodeParameters {
	const parameters: INodeParameters = { ...pollParameters(addresses), chainIds };
	delete parameters.chainId;
	return parameters;
}

async function transferOn(chainId: string, from: string, to: string): Promise<string> {
	return (await service.control.activity({ chainId, from, to, value: '1000000000000000000' })).txHash;
}

describe('polling two chains', () => {
	it('puts out the new transfers of both chains, each item with its chain, each once', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(chainsParameters([wallet]), { typeVersion: 2 });
		await trigger.activate();
		const onFuji = await transferOn(FUJI, randomAddress(), wallet);
		const onCChain = await transferOn(C_CHAIN, wallet, randomAddress());
		const { items } = await trigger.poll();
		expect((items ?? []).map((item) => [item.json.txHash, item.json.chainId, item.json.direction])).toEqual([
			[onFuji, FUJI, 'in'],
			[onCChain, C_CHAIN, 'out'],
		]);
		expect(await trigger.poll()).toEqual({});
	});

	it('keeps one cursor state per chain in static data', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(chainsParameters([wallet]), { typeVersion: 2 });
		await trigger.activate();
		await transferOn(C_CHAIN, randomAddress(), wallet);
		await trigger.poll();
		const polls = trigger.persistedStaticData()[`node:${POLL_TRIGGER_NODE_NAME}`] as { polls: Record<string, { cursors: object }> };
		expect(Object.keys(polls.polls).sort()).toEqual([FUJI, C_CHAIN]);
		expect(Object.keys(polls.polls[C_CHAIN].cursors)).toEqual([wallet]);
	});

	it('moves no cursor when one chain cannot be read, so the next poll puts out the other chain\'s transfer once', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(chainsParameters([wallet]), { typeVersion: 2 });
		await trigger.activate();
		const onFuji = await transferOn(FUJI, randomAddress(), wallet);
		await service.control.addFault({ method: 'GET', path: `/v1/chains/${C_CHAIN}/blocks`, count: 5, status: 503 });
		const failed = await trigger.poll();
		expect(failed.error).toBeDefined();
		await service.control.clearFaults();
		expect(hashesOf((await trigger.poll()).items)).toEqual([onFuji]);
		expect(await trigger.poll()).toEqual({});
	});
});

describe('Fetch Test Event with two chains', () => {
	it('shows the newest transfers of both chains, oldest first, each with its chain', async () => {
		const wallet = randomAddress();
		const onFuji = await transferOn(FUJI, randomAddress(), wallet);
		const onCChain = await transferOn(C_CHAIN, randomAddress(), wallet);
		const trigger = service.harness(chainsParameters([wallet]), { typeVersion: 2 });
		const items = await trigger.fetchTestEvent();
		expect(items.map((item) => [item.json.txHash, item.json.chainId])).toEqual([
			[onFuji, FUJI],
			[onCChain, C_CHAIN],
		]);
	});
});

describe('a poll trigger saved with one chain (version 1)', () => {
	it('goes on from the cursor of its single-chain static data instead of starting again at the head', async () => {
		const wallet = randomAddress();
		const fresh = service.harness(pollParameters([wallet]));
		await fresh.activate();
		const head = (fresh.state.polls as Record<string, { cursors: Record<string, { from: number }> }>)[FUJI].cursors[wallet].from;
		const missed = await transferOn(FUJI, randomAddress(), wallet);
		// Static data as version 1 saved it before several chains, with the cursor before the transfer.
		const saved = { [`node:${POLL_TRIGGER_NODE_NAME}`]: { poll: { chainId: FUJI, startFromBlock: null, cursors: { [wallet]: { from: head } } } } };

		const upgraded = service.harness(pollParameters([wallet]), { staticData: saved });
		expect(hashesOf((await upgraded.poll()).items)).toEqual([missed]);
		expect(Object.keys(upgraded.persistedStaticData()[`node:${POLL_TRIGGER_NODE_NAME}`] as object)).toEqual(['polls']);
	});
});

/**
 * Where a P-Chain or validator trigger's catch-up stands across its publications, through n8n-core
 * against the emulator: what a publication and an unpublication record in static data (the mark, the
 * gap), catching up switched off, and an activation that cannot read the P-Chain's height (warned,
 * the gap kept for the next activation, which puts it out once).
 */
import type { IDataObject } from 'n8n-workflow';

import { logLines } from '../../harness/logger';
import type { TriggerHarness } from '../../harness/trigger';
import { pChainAddress } from '../../emulator/primary/ids';
import { AVAX, pChainParameters, usePrimaryTriggerStack } from '../eventTypesSupport';

const primary = usePrimaryTriggerStack();
const { stack } = primary;

const HISTORY = '/v1/networks/fuji/blockchains/p-chain/transactions';

const catchUpState = (trigger: TriggerHarness) => trigger.state.primaryCatchUp as IDataObject | undefined;

/** The P-Chain's newest height, as the service lists it. */
async function pChainHeight(): Promise<number> {
	const { body } = await stack.control.service<{ transactions: IDataObject[] }>(stack.key, 'GET', `${HISTORY}?pageSize=1&sortOrder=desc`);
	return Number(body.transactions[0].blockNumber);
}

async function change(address: string, avax: number): Promise<string> {
	return (await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] })).txHash;
}

const runs = (trigger: TriggerHarness) => trigger.startedRuns.map((run) => run.map((item) => [item.json.txHash, item.json.catchUp ?? false]));

describe('a P-Chain trigger\'s publications', () => {
	it('mark where receiving resumed (when, and the P-Chain\'s height then); an unpublication records the gap from 30 s back, after that height', async () => {
		const treasury = pChainAddress('fuji', 'primaryGaps mark');
		await change(treasury, 1);
		const before = Date.now();
		const trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'] }));
		const height = await pChainHeight();
		const { mark } = catchUpState(trigger) as { mark: { at: number; height: number } };
		expect(mark.height).toBe(height);
		expect(mark.at).toBeGreaterThanOrEqual(before);
		expect(mark.at).toBeLessThanOrEqual(Date.now());
		// Unpublished ten minutes later, on the service and in n8n.
		const realNow = Date.now.bind(Date);
		const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 600_000);
		try {
			const stopping = Math.floor(Date.now() / 1000);
			await trigger.deactivate();
			const { gap } = catchUpState(trigger) as { gap: { from: number; at: number; afterHeight: number; seen: string[] } };
			expect(gap.from).toBeGreaterThanOrEqual(stopping - 30);
			expect(gap.from).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 30);
			expect(gap.afterHeight).toBe(height);
			expect(gap.seen).toEqual([]);
		} finally {
			later.mockRestore();
		}
	});

	it('record nothing and put no gap out with the catch-up switched off (Catch Up At Most 0)', async () => {
		const treasury = pChainAddress('fuji', 'primaryGaps off');
		const trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], options: { catchUpHours: 0 } }));
		expect(catchUpState(trigger)).toBeUndefined();
		await trigger.deactivate();
		await change(treasury, 2);
		await trigger.activate();
		expect(catchUpState(trigger)).toBeUndefined();
		expect(trigger.startedRuns).toEqual([]);
	});
});

describe('an activation that cannot read the P-Chain\'s height', () => {
	it('warns, runs nothing and keeps the gap; the next activation puts the gap out once, marked catchUp', async () => {
		const treasury = pChainAddress('fuji', 'primaryGaps height unread');
		const trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'] }));
		await trigger.deactivate();
		const recordedGap = catchUpState(trigger)?.gap;
		expect(recordedGap).toBeDefined();
		const missed = await change(treasury, 3);
		const from = logLines.length;
		await stack.control.addFault({ method: 'GET', path: HISTORY, count: 20, status: 400 });
		await trigger.activate();
		await stack.control.clearFaults();
		const warnings = logLines.slice(from).filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warnings).toEqual([expect.stringMatching(/could not read the P-Chain's height or the L1 validators at activation \(.*\); the next activation tries again$/)]);
		expect(trigger.startedRuns).toEqual([]);
		expect(catchUpState(trigger)?.gap).toEqual(recordedGap);

		await trigger.deactivate();
		await trigger.activate();
		expect(runs(trigger)).toEqual([[[missed, true]]]);
		expect(catchUpState(trigger)?.gap).toBeUndefined();
	});

	it('with the webhook found turned off by the service: keeps the gap that began unseen, which the next activation puts out once', async () => {
		const treasury = pChainAddress('fuji', 'primaryGaps unseen gap');
		const trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'] }));
		await primary.setWebhookStatus('inactive');
		const missed = await change(treasury, 4);
		// Published again (n8n 1.x's start-up): the activation turns the webhook on, then fails to read the height.
		await stack.control.addFault({ method: 'GET', path: HISTORY, count: 20, status: 400 });
		await trigger.activate();
		await stack.control.clearFaults();
		expect(trigger.startedRuns).toEqual([]);
		expect(catchUpState(trigger)?.gap).toMatchObject({ from: expect.any(Number), seen: [] });

		await trigger.activate();
		expect(runs(trigger)).toEqual([[[missed, true]]]);
	});
});

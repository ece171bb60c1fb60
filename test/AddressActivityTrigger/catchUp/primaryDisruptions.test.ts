/**
 * The P-Chain and validator catch-up after the disruptions pChainGap.test.ts and
 * validatorGap.test.ts leave out, through n8n-core: a changed trigger published (n8n removes the
 * old webhook with the old parameters and registers a new one with the new), and for validators
 * the catch-up's time limit and Catch Up At Most, with the same items as the EVM catch-up.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { nodeId, pChainAddress } from '../../emulator/primary/ids';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { AVAX, L1, pChainParameters, usePrimaryTriggerStack, validatorParameters } from '../eventTypesSupport';

const primary = usePrimaryTriggerStack();
const { stack } = primary;
let trigger: TriggerHarness;

async function published(parameters: INodeParameters): Promise<void> {
	trigger = await primary.published(parameters);
}

/** A change of the workflow's trigger published: the old webhook removed (old parameters), the new one registered. */
async function republishedWith(parameters: INodeParameters, meanwhile: () => Promise<unknown>): Promise<void> {
	await trigger.deactivate();
	trigger.setParameters(parameters);
	await meanwhile();
	await trigger.activate();
}

const runItems = (run: number) => trigger.startedRuns[run].map((item) => item.json);

async function change(address: string, avax: number): Promise<string> {
	const { txHash } = await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] });
	return txHash;
}

const fee = (node: string, avax: number) => stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: L1, change: AVAX(avax) });
const what = (items: IDataObject[]) => items.map((item) => [item.subEvent, item.feeBalanceAvax, item.catchUp ?? false]);

describe('a changed trigger published while events happened', () => {
	it('P-Chain: each missed sub-event once, marked catchUp, told with the new parameters; nothing that ran before it again', async () => {
		const treasury = pChainAddress('fuji', 'changed trigger treasury');
		const watch = (threshold: string) => pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change', 'balance_threshold'], balanceType: 'unlockedUnstaked', balanceThreshold: threshold });
		await published(watch('100'));
		const oldWebhook = String(trigger.state.webhookId);
		const funded = await change(treasury, 150);
		await waitFor('the live change and crossing', () => trigger.startedRuns.length === 2);
		const missed: string[] = [];
		// The threshold lowered to 50 and published; meanwhile the balance falls to 30 and rises to 55.
		await republishedWith(watch('50'), async () => missed.push(await change(treasury, -120), await change(treasury, 25)));

		expect(trigger.state.webhookId).not.toBe(oldWebhook);
		expect(trigger.startedRuns).toHaveLength(3);
		expect(runItems(2).map((item) => [item.txHash, item.subEvent, item.amountAvax, item.crossed ?? null, item.catchUp])).toEqual([
			[missed[0], 'balance_change', '-120', null, true],
			[missed[0], 'balance_threshold', '-120', 'below', true],
			[missed[1], 'balance_change', '25', null, true],
			[missed[1], 'balance_threshold', '25', 'above', true],
		]);
		expect(runItems(2).map((item) => item.thresholdAvax ?? null)).toEqual([null, '50', null, '50']);
		expect(trigger.startedRuns.flat().filter((item) => item.json.txHash === funded)).toHaveLength(2);
	});

	it("Validator: the fall below the new fee balance threshold and the top-up once, marked catchUp; the live top-up not again", async () => {
		const node = nodeId('changed trigger fall');
		const watch = (threshold: string) => validatorParameters({ validatorFilters: { nodeIds: node }, feeBalanceThreshold: threshold });
		await published(watch('1.25'));
		const oldWebhook = String(trigger.state.webhookId);
		await fee(node, 3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		// The threshold raised to 2.5 and published; meanwhile the fee balance falls to 2 (below the new threshold only) and is topped up to 4.
		await republishedWith(watch('2.5'), async () => {
			await fee(node, -1);
			await fee(node, 2);
		});

		expect(trigger.state.webhookId).not.toBe(oldWebhook);
		expect(trigger.startedRuns.map((run) => what(run.map((item) => item.json)))).toEqual([
			[['l1_validator_balance_increased', '3', false]],
			[
				['l1_validator_balance_threshold', '2', true],
				['l1_validator_balance_increased', '4', true],
			],
		]);
		expect(runItems(1)[0]).toMatchObject({ feeBalanceThresholdAvax: '2.5', notKnown: ['blockTimestamp', 'feeBalance'] });
	});
});

describe('a validator catch-up whose reading runs out of time', () => {
	it('says from when on nothing is put out and that the fee balance alert could not be told; the next catch-up puts the fall out once', async () => {
		const node = nodeId('slow validator history');
		await published(validatorParameters({ validatorFilters: { nodeIds: node } }));
		await fee(node, 3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		const webhookId = String(trigger.state.webhookId);
		await primary.setWebhookStatus('inactive');
		await fee(node, -2);
		await primary.setWebhookStatus('active');
		const secret = await stack.control.sharedSecret(stack.key);
		const reactivate = async (at: number) => await trigger.receive(signedDelivery({ ...primaryResumeRequest(webhookId, at), messageId: `resume:${at}:${Date.now()}` }, secret));
		// The history's first page answers after 25 s: the read's 20 s are up before it comes.
		const pages = '/v1/networks/fuji/blockchains/p-chain/transactions';
		await stack.control.clearRequests();
		await stack.control.addFault({ method: 'GET', path: pages, count: 1, delayMs: 25_000 });
		const slow = await reactivate(Math.floor(Date.now() / 1000));
		expect(slow.statusCode).toBe(200);
		expect((slow.body as IDataObject).catchUp).toMatchObject({ events: 0 });
		expect(runItems(1)).toEqual([
			{
				catchUp: true,
				catchUpIncomplete: true,
				message: expect.stringMatching(/^The catch-up read the history up to .* and stopped \(20 s\): events from then on are not put out$/),
				notReadFrom: expect.any(String),
				webhookId,
			},
			{
				catchUp: true,
				catchUpIncomplete: true,
				message: 'Not put out: l1_validator_balance_threshold and l1_validator_disabled: the history was not read to its end in time',
				webhookId,
			},
		]);
		expect((await stack.control.requests()).filter((request) => request.path === pages)).toHaveLength(1);

		await stack.control.clearFaults();
		const again = await reactivate(Math.floor(Date.now() / 1000) + 1);
		expect((again.body as IDataObject).catchUp).toMatchObject({ events: 1 });
		expect(what(runItems(2))).toEqual([['l1_validator_balance_threshold', '1', true]]);
		expect(trigger.startedRuns).toHaveLength(3);
	}, 60_000);
});

describe('a validator gap longer than Catch Up At Most', () => {
	it('starts its run with an item saying so and puts out only the events of the last hours', async () => {
		const node = nodeId('long validator gap');
		await published(validatorParameters({ validatorFilters: { nodeIds: node }, validatorSubEvents: ['l1_validator_balance_increased'], options: { catchUpHours: 1 } }));
		await trigger.deactivate();
		const tooOld = await fee(node, 3);
		// Two hours later, on the service and in n8n.
		const realNow = Date.now.bind(Date);
		const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * 3_600_000);
		try {
			const recent = await fee(node, 1);
			await trigger.activate();
			expect(trigger.startedRuns).toHaveLength(1);
			const [notice, ...events] = runItems(0);
			expect(notice).toEqual({
				catchUp: true,
				gapTooLong: true,
				message: expect.stringMatching(/longer ago than Catch Up At Most allows: events before .* are not put out$/),
				gapStartedAt: expect.any(String),
				caughtUpFrom: expect.any(String),
				webhookId: trigger.state.webhookId,
			});
			const seconds = (iso: unknown) => Date.parse(String(iso)) / 1000;
			expect(seconds(notice.caughtUpFrom)).toBeGreaterThan(tooOld.blockTimestamp);
			expect(seconds(notice.caughtUpFrom)).toBeLessThanOrEqual(recent.blockTimestamp);
			expect(events.map((item) => [item.subEvent, item.txHash, item.feeBalanceAvax, item.catchUp])).toEqual([['l1_validator_balance_increased', recent.txHash, '4', true]]);
		} finally {
			later.mockRestore();
		}
	});
});

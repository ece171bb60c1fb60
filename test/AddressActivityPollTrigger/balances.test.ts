/**
 * The poll trigger's Balances options against the emulator: balances after each transfer's block,
 * alerts once per crossing across polls, and a poll whose balances cannot be read puts out nothing
 * and leaves its transfers for the next poll.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { forgetBalanceReadings } from '../../nodes/shared/memory/balanceReadings';
import { addressHistory, nativeSum, units } from '../harness/chainHistory';
import { AVAX, FUJI, pollParameters, randomAddress, startPollService, type PollTestService } from './support';

let service: PollTestService;

beforeAll(async () => {
	service = await startPollService();
});

afterAll(async () => {
	await service.close();
});

let treasury: string;
let funder: string;
let payee: string;

beforeEach(async () => {
	forgetBalanceReadings();
	[treasury, funder, payee] = [randomAddress(), randomAddress(), randomAddress()];
	await service.transfer(funder, treasury, 100n * AVAX);
});

const json = (items: INodeExecutionData[] | undefined): IDataObject[] => (items ?? []).map((item) => item.json);
const history = async (endBlock?: number) => await addressHistory(service.credentials(service.key), FUJI, treasury, endBlock);

/** The balance requests since the last call, as "route@block". */
async function balanceReads(): Promise<string[]> {
	return (await service.takeRequests()).filter((request) => request.path.includes('/balances:')).map((request) => `${request.path.split(':').pop()}@${request.query.blockNumber ?? 'newest'}`);
}

describe('Include Balance After', () => {
	it("puts the balance after each transfer's block on its item; transfers of one block share one read", async () => {
		const trigger = service.harness(pollParameters([treasury], { balances: { includeBalanceAfter: true } }));
		await trigger.activate();
		const first = await service.transfer(treasury, payee, 10n * AVAX);
		const second = await service.transfer(treasury, payee, 5n * AVAX, { block: 'head' });
		const third = await service.transfer(funder, treasury, 1n * AVAX);
		expect(second.blockNumber).toBe(first.blockNumber);
		await service.takeRequests();
		const { items } = await trigger.poll();
		const afterFirstBlock = nativeSum(await history(Number(first.blockNumber)), treasury);
		const afterThird = nativeSum(await history(Number(third.blockNumber)), treasury);
		expect(json(items).map((item) => [item.txHash, item.amount, item.balanceAfter, item.balanceAfterRaw])).toEqual([
			[first.txHash, '10', units(afterFirstBlock, 18), afterFirstBlock.toString()],
			[second.txHash, '5', units(afterFirstBlock, 18), afterFirstBlock.toString()],
			[third.txHash, '1', units(afterThird, 18), afterThird.toString()],
		]);
		expect(await balanceReads()).toEqual([`getNative@${first.blockNumber}`, `getNative@${third.blockNumber}`]);
	});
});

describe('Balance alert', () => {
	it('falls below 50 AVAX: alerts once, in the poll that reads the crossing, and not for transfers that leave the balance above', async () => {
		const trigger = service.harness(pollParameters([treasury], { balances: { alertWhen: 'below', alertThreshold: '50' } }));
		await trigger.activate();
		await service.transfer(treasury, payee, 30n * AVAX);
		expect(await trigger.poll()).toEqual({});
		const crossing = await service.transfer(treasury, payee, 30n * AVAX);
		await service.transfer(treasury, payee, AVAX);
		const { items } = await trigger.poll();
		expect(json(items)).toEqual([expect.objectContaining({ txHash: crossing.txHash, crossed: 'below', threshold: '50', amount: '30' })]);
		await service.transfer(treasury, payee, AVAX);
		expect(await trigger.poll()).toEqual({});
		expect(trigger.executions).toHaveLength(1);
	});

	it('a poll whose balances cannot be read puts out nothing and moves no cursor: the next poll alerts', async () => {
		const trigger = service.harness(pollParameters([treasury], { balances: { alertWhen: 'below', alertThreshold: '95' } }));
		await trigger.activate();
		const crossing = await service.transfer(treasury, payee, 10n * AVAX);
		// The first attempt and the transport's four retries of a 5xx all fail.
		await service.control.addFault({ path: `/v1/chains/${FUJI}/addresses/${treasury}/balances:getNative`, count: 5, status: 500 });
		expect(await trigger.poll()).toEqual({});
		await service.control.clearFaults();
		const { items } = await trigger.poll();
		expect(json(items).map((item) => [item.txHash, item.crossed])).toEqual([[crossing.txHash, 'below']]);
	});
});

import type { INodeExecutionData } from 'n8n-workflow';

import { byId, createWebhook, startTestService } from '../../harness/fixtures';
import type { TestService } from '../../harness/fixtures';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import type { SeenRequest } from '../../harness/emulatorControl';
import { runNode } from '../../harness/runNode';
import { waitFor } from '../../harness/wait';

let service: TestService;
let credentials: AddressActivityCredentialData;
// 250 webhooks, one request each: at load 15 on 2 cores this set-up alone took over 30 s.
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
	for (let i = 0; i < 250; i++) await createWebhook(credentials, { name: `webhook ${i}` });
}, 120_000);
afterAll(async () => {
	await service.close();
});

async function listed(parameters: Record<string, unknown>): Promise<{ count: number; requests: SeenRequest[]; items: INodeExecutionData[] }> {
	await service.control.clearRequests();
	const result = await runNode({ credentials, parameters: parameters as never });
	expect(result.error).toBeUndefined();
	return { count: result.items.length, requests: await service.control.requests(), items: result.items };
}

/** Every entry of a list as the service answers it, read page by page without the node. */
async function serviceEntries(path: string, listField: string): Promise<Array<Record<string, unknown>>> {
	const entries: Array<Record<string, unknown>> = [];
	let pageToken: string | undefined;
	do {
		const query = new URLSearchParams({ pageSize: '100', ...(pageToken ? { pageToken } : {}) });
		const response = await fetch(`${credentials.baseUrl}${path}?${query.toString()}`, { headers: { 'x-service-api-key': credentials.apiKey } });
		const page = (await response.json()) as Record<string, unknown>;
		entries.push(...(page[listField] as Array<Record<string, unknown>>));
		pageToken = page.nextPageToken as string | undefined;
	} while (pageToken);
	return entries;
}

describe('Return All', () => {
	it('returns every webhook in the fewest requests: 250 webhooks, 3 requests of 100', async () => {
		const { count, requests } = await listed({ resource: 'webhook', operation: 'getMany', returnAll: true });
		expect(count).toBe(250);
		expect(requests.map((request) => request.query.pageSize)).toEqual(['100', '100', '100']);
		expect(requests[0].query.pageToken).toBeUndefined();
		expect(requests[1].query.pageToken).toMatch(/^[0-9a-f-]{36}$/);
		expect(requests[2].query.pageToken).not.toBe(requests[1].query.pageToken);
	});

	it('returns every transaction of a chain: 10,500 transactions, 105 requests', async () => {
		const [mainnet] = (await service.control.chains()).filter((chain) => chain.chainId === '43114');
		const { count, requests, items } = await listed({
			resource: 'transaction',
			operation: 'getMany',
			chainId: byId('43114'),
			returnAll: true,
		});
		expect(count).toBe(mainnet.transactions);
		expect(requests).toHaveLength(Math.ceil(mainnet.transactions / 100));
		expect(requests.every((request) => request.statusCode === 200 && request.query.pageSize === '100')).toBe(true);
		// Each item is the service's transaction, field for field and in its order, with the ISO date
		// right after blockTimestamp, paired with the one input item.
		const dated = (await serviceEntries('/v1/chains/43114/transactions', 'transactions')).map((transaction) =>
			Object.fromEntries(
				Object.entries(transaction).flatMap(([key, value]) =>
					key === 'blockTimestamp' ? [[key, value], ['blockTimestampIso', new Date((value as number) * 1000).toISOString()]] : [[key, value]],
				),
			),
		);
		expect(dated).toHaveLength(mainnet.transactions);
		expect(JSON.stringify(items.map((item) => item.json))).toBe(JSON.stringify(dated));
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		// 105 pages through the node: 14 s at load 16 on 2 cores.
	}, 120_000);

	it('returns every block of a chain', async () => {
		const [fuji] = (await service.control.chains()).filter((chain) => chain.chainId === '43113');
		const { count, requests } = await listed({ resource: 'block', operation: 'getMany', chainId: byId('43113'), returnAll: true });
		expect(count).toBe(fuji.blocks);
		expect(requests).toHaveLength(Math.ceil(fuji.blocks / 100));
	});
});

describe('Limit', () => {
	it.each([
		[30, ['30']],
		[100, ['100']],
		[150, ['100', '50']],
		[201, ['100', '100', '1']],
	])('a limit of %i asks each page only for what is still missing, and stops', async (limit, pageSizes) => {
		const { count, requests } = await listed({ resource: 'webhook', operation: 'getMany', limit });
		expect(count).toBe(limit);
		expect(requests.map((request) => request.query.pageSize)).toEqual(pageSizes);
	});

	it('a limit above the total stops at the last page', async () => {
		const { count, requests } = await listed({ resource: 'webhook', operation: 'getMany', limit: 400 });
		expect(count).toBe(250);
		expect(requests.map((request) => request.query.pageSize)).toEqual(['100', '100', '100']);
	});

	it('returns the same first entries as Return All', async () => {
		const all = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'getMany', returnAll: true } });
		const some = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'getMany', limit: 120 } });
		expect(some.items.map((item) => item.json.id)).toEqual(all.items.slice(0, 120).map((item) => item.json.id));
	});
});

describe('page tokens', () => {
	it('an expired page token gives a clear error', async () => {
		// Both pages are held back 1 s by the emulator; while the second waits, its clock jumps
		// 25 hours, so the token of page one has expired by the time page two is served.
		await service.control.addFault({ path: '/v1/chains/43113/transactions', count: 2, delayMs: 1000 });
		await service.control.clearRequests();
		const running = runNode({
			credentials,
			parameters: { resource: 'transaction', operation: 'getMany', chainId: byId('43113'), returnAll: true },
		});
		await waitFor('page one served and page two held back', async () => {
			const requests = await service.control.requests();
			return requests.length === 2 && requests[0].statusCode === 200 && requests[1].statusCode === null;
		});
		await service.control.advanceClock(25 * 60 * 60 * 1000);
		const result = await running;
		await service.control.clearFaults();
		expect(result.error?.message).toBe(
			'The page token expired after 100 entries of /v1/chains/43113/transactions were read: page tokens are valid for 24 hours [item 1]',
		);
		expect(result.error?.description).toBe('Run the node again: paging restarts from the first page.');
	});
});

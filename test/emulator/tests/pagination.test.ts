import { randomUUID } from 'node:crypto';

import { startEmulator, type RunningEmulator } from '../index';
import { call, UUID } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('pagination', () => {
	let emulator: RunningEmulator;
	const key = 'pager';
	const get = (path: string, query: Record<string, string | number | undefined> = {}, as = key) =>
		call(emulator.url, 'GET', path, { key: as, query });

	beforeAll(async () => {
		emulator = await startEmulator({ apiKeys: [{ key }, { key: 'other-account' }], rateLimit: { limit: 100_000, windowSeconds: 60 } });
	});
	afterAll(() => emulator.close());

	it('walks every transaction of the 10,000+ transaction chain with fresh tokens and no token on the last page', async () => {
		const seenHashes = new Set<string>();
		const tokens = new Set<string>();
		let pageToken: string | undefined;
		let pages = 0;
		let lastPageSize = 0;
		do {
			const answer = await get('/v1/chains/43114/transactions', { pageSize: 100, pageToken });
			expect(answer.status).toBe(200);
			pages++;
			lastPageSize = answer.body.transactions.length;
			for (const tx of answer.body.transactions) seenHashes.add(tx.txHash);
			pageToken = answer.body.nextPageToken;
			if (pageToken !== undefined) {
				expect(pageToken).toMatch(UUID);
				expect(tokens.has(pageToken)).toBe(false);
				tokens.add(pageToken);
				expect(answer.body.transactions).toHaveLength(100);
			} else {
				expect(Object.keys(answer.body)).toEqual(['transactions']);
			}
		} while (pageToken !== undefined);
		expect(seenHashes.size).toBeGreaterThanOrEqual(10_000);
		expect(pages).toBe(Math.ceil(seenHashes.size / 100));
		expect(lastPageSize).toBe(seenHashes.size - (pages - 1) * 100);
	});

	it('returns 10 items by default and honours a smaller pageSize on later pages', async () => {
		const first = await get('/v1/chains/43114/blocks');
		expect(first.body.blocks).toHaveLength(10);
		const second = await get('/v1/chains/43114/blocks', { pageSize: 3, pageToken: first.body.nextPageToken });
		expect(second.status).toBe(200);
		expect(second.body.blocks).toHaveLength(3);
		// blocks come newest first and continue where the first page stopped
		expect(Number(second.body.blocks[0].blockNumber)).toBe(Number(first.body.blocks[9].blockNumber) - 1);
	});

	it.each([
		['0', 'pageSize must not be less than 1'],
		['101', 'pageSize must not be greater than 100'],
		['ten', 'pageSize must be an integer number'],
		['2.5', 'pageSize must be an integer number'],
	])('answers 400 for pageSize=%s', async (pageSize, message) => {
		const answer = await get('/v1/chains/43114/blocks', { pageSize });
		expect(answer.status).toBe(400);
		expect(answer.body.message[0]).toContain(message);
	});

	it('accepts pageSize 1 and 100', async () => {
		expect((await get('/v1/chains/43114/blocks', { pageSize: 1 })).body.blocks).toHaveLength(1);
		expect((await get('/v1/chains/43114/blocks', { pageSize: 100 })).body.blocks).toHaveLength(100);
	});

	it('rejects a token after 24 hours on the emulator clock, telling the client to restart from the first page', async () => {
		const first = await get('/v1/chains/43114/transactions');
		const token = first.body.nextPageToken;
		await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: DAY_MS - 60_000 } });
		expect((await get('/v1/chains/43114/transactions', { pageToken: token })).status).toBe(200);
		await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: 60_001 } });
		const expired = await get('/v1/chains/43114/transactions', { pageToken: token });
		expect(expired.status).toBe(400);
		expect(expired.body.message[0]).toContain('has expired');
		expect(expired.body.message[0]).toContain('restart from the first page');
		// a fresh walk works again
		const restarted = await get('/v1/chains/43114/transactions');
		expect(restarted.body.nextPageToken).toMatch(UUID);
	});

	it('rejects a token used with another route, another query or another account', async () => {
		const blocks = await get('/v1/chains/43114/blocks');
		const failed = await get('/v1/chains/43114/transactions', { status: 'failed' });
		const foreign = [
			await get('/v1/chains/43114/transactions', { pageToken: blocks.body.nextPageToken }),
			await get('/v1/chains/43113/blocks', { pageToken: blocks.body.nextPageToken }),
			await get('/v1/chains/43114/transactions', { status: 'success', pageToken: failed.body.nextPageToken }),
			await get('/v1/chains/43114/transactions', { pageToken: failed.body.nextPageToken }),
			await get('/v1/chains/43114/blocks', { pageToken: blocks.body.nextPageToken }, 'other-account'),
		];
		for (const answer of foreign) {
			expect(answer.status).toBe(400);
			expect(answer.body.message[0]).toContain('belongs to a different query');
		}
		// the right query still accepts it
		expect((await get('/v1/chains/43114/transactions', { status: 'failed', pageToken: failed.body.nextPageToken })).status).toBe(200);
	});

	it('rejects unknown and malformed tokens', async () => {
		const unknown = await get('/v1/chains/43114/blocks', { pageToken: randomUUID() });
		expect(unknown.status).toBe(400);
		expect(unknown.body.message[0]).toContain('is unknown');
		const malformed = await get('/v1/chains/43114/blocks', { pageToken: 'page-2' });
		expect(malformed.status).toBe(400);
		expect(malformed.body.message[0]).toContain('is not a valid page token');
	});

	it('keeps the walk stable while new blocks arrive at the head', async () => {
		const first = await get('/v1/chains/43113/blocks', { pageSize: 5 });
		await call(emulator.url, 'POST', '/_emulator/activity', {
			body: { chainId: '43113', from: `0x${'1'.repeat(40)}`, to: `0x${'2'.repeat(40)}`, value: '1' },
		});
		const second = await get('/v1/chains/43113/blocks', { pageSize: 5, pageToken: first.body.nextPageToken });
		expect(Number(second.body.blocks[0].blockNumber)).toBe(Number(first.body.blocks[4].blockNumber) - 1);
	});
});

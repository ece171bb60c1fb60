// Shared Secret > Get against the emulator through n8n-core's execution engine.
import { startTestService, visibleText } from '../../../harness/fixtures';
import type { TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

describe('Shared Secret > Get', () => {
	it('gets the account\'s secret, the same on every get, and the same for keys of one account', async () => {
		const credentials = await service.newAccount({ account: 'team-a' });
		const colleague = await service.newAccount({ account: 'team-a' });
		const first = await runNode({ credentials, parameters: { resource: 'sharedSecret', operation: 'get' } });
		const second = await runNode({
			credentials: colleague,
			parameters: { resource: 'sharedSecret', operation: 'get' },
		});
		expect(first.items[0].json.secret).toMatch(/^[0-9a-f]{64}$/);
		expect(second.items[0].json).toEqual(first.items[0].json);
	});

	it('a read-only key gets a 403 that explains the missing webhook privilege, and no secret', async () => {
		const owner = await service.newAccount({ account: 'team-b' });
		const secret = (await runNode({ credentials: owner, parameters: { resource: 'sharedSecret', operation: 'get' } }))
			.items[0].json.secret as string;
		const reader = await service.newAccount({ account: 'team-b', privileges: ['read'] });
		const result = await runNode({ credentials: reader, parameters: { resource: 'sharedSecret', operation: 'get' } });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/^The API key lacks the privilege for this action/);
		expect(result.error?.description).toContain('webhook privilege');
		expect(visibleText(result)).not.toContain(secret);
		expect(visibleText(result)).not.toContain(reader.apiKey);
	});
});

// Shared Secret > Rotate against the emulator through n8n-core's execution engine.
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

const get = { resource: 'sharedSecret', operation: 'get' };
const rotate = { resource: 'sharedSecret', operation: 'rotate' };

describe('Shared Secret > Rotate', () => {
	it('rotates the secret: the new one replaces the old for the account', async () => {
		const credentials = await service.newAccount();
		const before = await runNode({ credentials, parameters: get });
		const rotated = await runNode({ credentials, parameters: rotate });
		const after = await runNode({ credentials, parameters: get });
		expect(rotated.items[0].json.secret).toMatch(/^[0-9a-f]{64}$/);
		expect(rotated.items[0].json.secret).not.toBe(before.items[0].json.secret);
		expect(after.items[0].json.secret).toBe(rotated.items[0].json.secret);
	});

	it('a read-only key gets a 403 and the secret stays as it was', async () => {
		const owner = await service.newAccount({ account: 'team-c' });
		const secret = (await runNode({ credentials: owner, parameters: get })).items[0].json.secret as string;
		const reader = await service.newAccount({ account: 'team-c', privileges: ['read'] });
		const result = await runNode({ credentials: reader, parameters: rotate });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/^The API key lacks the privilege for this action/);
		expect(visibleText(result)).not.toContain(reader.apiKey);
		expect((await runNode({ credentials: owner, parameters: get })).items[0].json.secret).toBe(secret);
	});
});

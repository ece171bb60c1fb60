// The shared secret as a process knows it, per credential. Its reads from the service (at most one a
// second per credential, within a delivery's time) are tested through deliveries in
// test/AddressActivityTrigger/receive/evmDelivery.test.ts and in real n8n (test/e2e/trigger-service.test.ts).
import type { INode } from 'n8n-workflow';

import {
	credentialKey,
	forgetSharedSecrets,
	knownSharedSecret,
	recordSharedSecret,
	sharedSecretFor,
} from '../../../nodes/shared/memory/sharedSecrets';
import { webhookContext } from '../../harness/webhookContext';

const withCredential = (id?: string) => webhookContext({ node: { credentials: id === undefined ? undefined : { addressActivityApi: { id, name: 'API' } } } as Partial<INode> });

beforeEach(() => forgetSharedSecrets());

describe('the shared secret a process knows', () => {
	it('is kept per credential, by the credential’s id in the workflow', () => {
		expect(credentialKey(withCredential('7'))).toBe('7');
		expect(credentialKey(withCredential())).toBe('default');
		recordSharedSecret('7', 'aa11');
		recordSharedSecret('8', 'bb22');
		expect([knownSharedSecret('7'), knownSharedSecret('8'), knownSharedSecret('9')]).toEqual(['aa11', 'bb22', undefined]);
	});

	it('is forgotten for every credential at once (Shared Secret > Rotate in this process)', () => {
		recordSharedSecret('7', 'aa11');
		forgetSharedSecrets();
		expect(knownSharedSecret('7')).toBeUndefined();
	});

	it('is given to a delivery as known, without asking the service, unless it must be fresh', async () => {
		recordSharedSecret('7', 'aa11');
		const now = Date.now();
		expect(await sharedSecretFor(withCredential('7'), '7', { arrivedAt: now, deadline: now + 4000 }, false)).toBe('aa11');
	});

	it('is what is known when no time is left to read it again', async () => {
		recordSharedSecret('7', 'aa11');
		const now = Date.now();
		expect(await sharedSecretFor(withCredential('7'), '7', { arrivedAt: now, deadline: now }, true)).toBe('aa11');
		expect(await sharedSecretFor(withCredential('9'), '9', { arrivedAt: now, deadline: now }, true)).toBeUndefined();
	});
});

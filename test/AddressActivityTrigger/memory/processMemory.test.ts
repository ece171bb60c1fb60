// Forgetting the process's memory forgets every memory of memory/ and the shared secret: what a
// restarted or another process knows.
import type { RemoteWebhook } from '../../../nodes/shared/service/webhooks';
import { knownSharedSecret, recordSharedSecret } from '../../../nodes/shared/memory/sharedSecrets';
import { AddressSet } from '../../../nodes/shared/model/addresses';
import { parseEventDefinitions } from '../../../nodes/shared/model/abi/eventDefinitions';
import { EventDecoder } from '../../../nodes/shared/model/abi/eventLogs';
import { knownWebhook, rememberWebhook } from '../../../nodes/AddressActivityTrigger/memory/knownWebhooks';
import { lifecycleStartOf, recordLifecycleStart } from '../../../nodes/AddressActivityTrigger/memory/lifecycleStarts';
import { messageWindowFor } from '../../../nodes/AddressActivityTrigger/memory/messageWindows';
import { knownNativeToken, rememberNativeToken } from '../../../nodes/AddressActivityTrigger/memory/nativeTokens';
import { rememberAddressList, rememberedAddressList } from '../../../nodes/AddressActivityTrigger/memory/parsedAddressLists';
import { rememberEventDefinitions, rememberedEventDefinitions } from '../../../nodes/AddressActivityTrigger/memory/parsedEventDefinitions';
import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { testRegistrationsOf } from '../../../nodes/AddressActivityTrigger/memory/testRegistrations';
import { transactionWindowFor } from '../../../nodes/AddressActivityTrigger/memory/transactionWindows';

const URL = 'https://n8n.example.com/webhook/abc/webhook';
const A = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 value)';

describe('forgetProcessMemory', () => {
	it('leaves nothing of what the process knew', () => {
		const webhook = { id: 'w-1', url: URL, chainId: '43114', eventType: 'address_activity', status: 'active', metadata: { addresses: [A] } } as RemoteWebhook;
		rememberWebhook(URL, webhook);
		recordSharedSecret('credential-1', 'ab12');
		rememberNativeToken('43114', { symbol: 'AVAX' });
		recordLifecycleStart('wf/T/production', 1);
		rememberAddressList(A, AddressSet.parse(A));
		rememberEventDefinitions(TRANSFER, new EventDecoder(parseEventDefinitions(TRANSFER)));
		testRegistrationsOf('wf/T').chain = { webhookId: 'w-1' };
		expect(messageWindowFor(URL).claim('m-1', 1000).first).toBe(true);
		expect(transactionWindowFor(URL, '43114').claimCaughtUp([{ hash: '0xAA', block: 1 }])).toEqual(['0xaa']);
		// Each was remembered, so that its absence below is the forgetting's doing.
		expect([
			knownWebhook(URL, 'w-1'),
			knownSharedSecret('credential-1'),
			knownNativeToken('43114'),
			lifecycleStartOf('wf/T/production'),
			rememberedAddressList(A),
			rememberedEventDefinitions(TRANSFER),
		].every((known) => known !== undefined)).toBe(true);
		expect(testRegistrationsOf('wf/T')).toEqual({ chain: { webhookId: 'w-1' } });

		forgetProcessMemory();

		expect(knownWebhook(URL, 'w-1')).toBeUndefined();
		expect(knownSharedSecret('credential-1')).toBeUndefined();
		expect(knownNativeToken('43114')).toBeUndefined();
		expect(lifecycleStartOf('wf/T/production')).toBeUndefined();
		expect(rememberedAddressList(A)).toBeUndefined();
		expect(rememberedEventDefinitions(TRANSFER)).toBeUndefined();
		expect(testRegistrationsOf('wf/T')).toEqual({});
		// The same message and transaction run again, as in another process.
		expect(messageWindowFor(URL).claim('m-1', 1000).first).toBe(true);
		expect(transactionWindowFor(URL, '43114').claimCaughtUp([{ hash: '0xAA', block: 1 }])).toEqual(['0xaa']);
	});
});

/**
 * The webhook trigger with 100,000 addresses (the emulator's paid allowance): activation in the
 * fewest requests, and deliveries answered from the list parsed once.
 */
import { TriggerHarness } from '../harness/trigger';
import { FUJI, startWithReceiver, triggerParameters } from './support';

let stack: Awaited<ReturnType<typeof startWithReceiver>>;

beforeAll(async () => {
	stack = await startWithReceiver();
});

afterAll(async () => {
	await stack.close();
});

it('activates with 100,000 addresses: 203 requests, 200 of them creating the webhook, and it puts out a delivery for the last of them', async () => {
	const { control, receiver, receiverUrl, emulator } = stack;
	const { key } = await control.createKey({ plan: 'paid' });
	const addresses = Array.from({ length: 100_000 }, (_, index) => `0x${(index + 0x100000).toString(16).padStart(40, '0')}`);
	const trigger = new TriggerHarness({
		parameters: triggerParameters({ addresses: addresses.join('\n') }),
		credentials: { apiKey: key, baseUrl: emulator.url },
		publicUrl: receiverUrl,
	});
	await control.clearRequests();
	await trigger.activate();
	const lines = (await control.requests()).map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}/, '{id}')}`);
	const creation = lines.filter((line) => line.startsWith('POST /v1/webhooks') || line.startsWith('PATCH /v1/webhooks/{id}/addresses'));
	expect(creation).toEqual(['POST /v1/webhooks', ...Array(199).fill('PATCH /v1/webhooks/{id}/addresses')]);
	// Besides: looking for a webhook already at the URL, the shared secret and the chain's token.
	expect(lines.filter((line) => !creation.includes(line))).toEqual(['GET /v1/webhooks', 'GET /v1/webhooks:getSharedSecret', `GET /v1/chains/${FUJI}`]);
	expect((await control.webhooks())[0].metadata.addresses).toHaveLength(100_000);

	receiver.harness = trigger;
	const { txHash } = await control.activity({ chainId: FUJI, from: addresses[99_999], to: `0x${'ab'.repeat(20)}`, value: '1000' });
	const [delivery] = await receiver.waitFor(1);
	receiver.harness = undefined;
	expect(delivery.outcome?.items?.map((item) => [item.json.txHash, item.json.direction, item.json.monitoredAddress])).toEqual([[txHash, 'out', addresses[99_999]]]);
	await trigger.deactivate();
	expect(await control.webhooks()).toEqual([]);
});

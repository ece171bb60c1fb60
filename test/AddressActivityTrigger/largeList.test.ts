/**
 * The webhook trigger with a list longer than one request carries: activation in the fewest
 * requests (500 addresses per request), and a delivery for the last address of the list. The same
 * with 100,000 addresses is measured by `npm run bench` (deliveries) and `npm run bench:addresses`
 * (activation), not here: at that size the time is the subject, and it depends on the machine.
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

it('activates with 2,001 addresses: 9 requests, 5 of them creating the webhook, and it puts out a delivery for the last of them', async () => {
	const { control, receiver, receiverUrl, emulator } = stack;
	const { key } = await control.createKey({ plan: 'paid' });
	const addresses = Array.from({ length: 2_001 }, (_, index) => `0x${(index + 0x100000).toString(16).padStart(40, '0')}`);
	const trigger = new TriggerHarness({
		parameters: triggerParameters({ addresses: addresses.join('\n') }),
		credentials: { apiKey: key, baseUrl: emulator.url },
		publicUrl: receiverUrl,
	});
	await control.clearRequests();
	await trigger.activate();
	const lines = (await control.requests()).map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}/, '{id}')}`);
	const creation = lines.filter((line) => line.startsWith('POST /v1/webhooks') || line.startsWith('PATCH /v1/webhooks/{id}/addresses'));
	// 500 in the body of the POST, then 500, 500, 500 and the last one.
	expect(creation).toEqual(['POST /v1/webhooks', ...Array(4).fill('PATCH /v1/webhooks/{id}/addresses')]);
	// Besides: looking for a webhook already at the URL, the shared secret, the chain's token and
	// the chain head (where a later catch-up would start).
	expect(lines.filter((line) => !creation.includes(line))).toEqual([
		'GET /v1/webhooks',
		'GET /v1/webhooks:getSharedSecret',
		`GET /v1/chains/${FUJI}`,
		`GET /v1/chains/${FUJI}/blocks`,
	]);
	expect((await control.webhooks())[0].metadata.addresses).toEqual(addresses);

	receiver.harness = trigger;
	const { txHash } = await control.activity({ chainId: FUJI, from: addresses[2_000], to: `0x${'ab'.repeat(20)}`, value: '1000' });
	const [delivery] = await receiver.waitFor(1);
	receiver.harness = undefined;
	expect(delivery.outcome?.items?.map((item) => [item.json.txHash, item.json.direction, item.json.monitoredAddress])).toEqual([[txHash, 'out', addresses[2_000]]]);
	await trigger.deactivate();
	expect(await control.webhooks()).toEqual([]);
});

/* eslint-disable @typescript-eslint/no-explicit-any */
// Tests read JSON answers field by field; typing every response shape here would add nothing.
import { keccak256 } from 'js-sha3';

import { startEmulator, type RunningEmulator } from '../index';
import { waitFor } from '../../harness/wait';
import { address, call, jcs, signatureIsValid, startReceiver, upper, UUID, webhookBody, type Receiver } from './harness';

const TRANSFER = `0x${keccak256('Transfer(address,address,uint256)')}`;
const APPROVAL = `0x${keccak256('Approval(address,address,uint256)')}`;
const USDC = { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const word = (value: string) => `0x${value.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`;

describe('deliveries', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	const key = 'deliveries-key';

	const createWebhook = async (overrides: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/v1/webhooks', { key, body: webhookBody(receiver.url, overrides) });
		expect(answer.status).toBe(201);
		return answer.body.id as string;
	};
	const inject = async (activity: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/activity', { body: { chainId: '43113', ...activity } });
		expect(answer.status).toBe(201);
		return answer.body as { txHash: string; blockNumber: string };
	};
	const attemptsFor = async (webhookId: string) =>
		(await call(emulator.url, 'GET', '/_emulator/deliveries', { query: { webhookId } })).body.deliveries as Array<Record<string, any>>;
	const receivedFor = (webhookId: string) => receiver.received.filter((delivery) => delivery.json.webhookId === webhookId);
	const secret = async () => (await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key })).body.secret as string;

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key, plan: 'paid' }] });
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	it('delivers one signed Event message for a native transfer to a monitored address', async () => {
		const monitored = address(100);
		const webhookId = await createWebhook({ metadata: { addresses: [upper(monitored)] } });
		const injectedAt = Math.floor(Date.now() / 1000);
		const { txHash, blockNumber } = await inject({ from: address(101), to: monitored, value: '1500000000000000000' });
		expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
		expect(blockNumber).toMatch(/^\d+$/);

		const [delivery] = await waitFor('the delivery', () => receivedFor(webhookId).length > 0 && receivedFor(webhookId), 5000);
		const message = delivery.json;
		expect(message).toEqual({ webhookId, eventType: 'address_activity', messageId: expect.stringMatching(UUID), event: { transaction: expect.any(Object) } });
		const now = Math.floor(Date.now() / 1000);
		expect(message.event.transaction).toMatchObject({
			blockHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
			blockNumber,
			from: address(101),
			to: monitored,
			gas: '21000',
			gasPrice: expect.stringMatching(/^\d+$/),
			maxFeePerGas: expect.stringMatching(/^\d+$/),
			maxPriorityFeePerGas: expect.stringMatching(/^\d+$/),
			txHash,
			txStatus: '1',
			input: '0x',
			nonce: '0',
			transactionIndex: 0,
			value: '1500000000000000000',
			type: 2,
			chainId: '43113',
			receiptCumulativeGasUsed: '21000',
			receiptGasUsed: '21000',
			receiptEffectiveGasPrice: expect.stringMatching(/^\d+$/),
			receiptRoot: expect.stringMatching(/^0x[0-9a-f]{64}$/),
			networkToken: { tokenSymbol: 'AVAX', valueWithDecimals: '1.5' },
		});
		// The block was made when the activity was injected, however long the delivery took; a block
		// comes at least a second after its parent, so blocks made within one second run a little ahead.
		expect(message.event.transaction.blockTimestamp).toBeGreaterThanOrEqual(injectedAt);
		expect(message.event.transaction.blockTimestamp).toBeLessThan(now + 5);
		expect(message.event.transaction.internalTransactions).toBeUndefined();
		expect(message.event.transaction.erc20Transfers).toBeUndefined();

		// the signature, checked with this test's own JCS and HMAC
		expect(delivery.headers['content-type']).toContain('application/json');
		const sharedSecret = await secret();
		expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], sharedSecret)).toBe(true);
		expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], 'ab'.repeat(32))).toBe(false);
		const tampered = delivery.rawBody.replace('1500000000000000000', '2500000000000000000');
		expect(signatureIsValid(tampered, delivery.headers['x-signature'], sharedSecret)).toBe(false);
		// the body on the wire is not canonical, so a receiver must canonicalise before checking
		expect(delivery.rawBody).not.toBe(jcs(message));

		// the transaction is on the chain, in a new block
		const tx = await call(emulator.url, 'GET', `/v1/chains/43113/transactions/${txHash}`, { key });
		expect(tx.body.nativeTransaction).toMatchObject({ txHash, blockNumber, value: '1500000000000000000' });
		const block = await call(emulator.url, 'GET', `/v1/chains/43113/blocks/${blockNumber}`, { key });
		expect(block.body).toMatchObject({ blockNumber, txCount: 1 });

		const attempts = await waitFor(
			'the delivered attempt',
			async () => {
				const rows = await attemptsFor(webhookId);
				return rows[0]?.outcome === 'delivered' && rows;
			},
			10_000,
		);
		expect(attempts).toEqual([
			expect.objectContaining({ webhookId, messageId: message.messageId, attempt: 1, url: receiver.url, statusCode: 200, outcome: 'delivered', body: message }),
		]);
		expect(attempts[0].headers['x-signature']).toBe(delivery.headers['x-signature']);
	});

	it('fires for every party of a transaction, case-insensitively, and only for active webhooks on that chain', async () => {
		const [sender, tokenRecipient, internalParty, emitter, bystander] = [200, 201, 202, 203, 204].map(address);
		const bySender = await createWebhook({ metadata: { addresses: [sender] } });
		const byTokenRecipient = await createWebhook({ metadata: { addresses: [upper(tokenRecipient)] } });
		const byInternalParty = await createWebhook({ metadata: { addresses: [internalParty] } });
		const byEmitter = await createWebhook({ metadata: { addresses: [emitter] } });
		const byBystander = await createWebhook({ metadata: { addresses: [bystander] } });
		const otherChain = await createWebhook({ chainId: '43114', metadata: { addresses: [sender] } });
		const inactive = await createWebhook({ metadata: { addresses: [sender] } });
		await call(emulator.url, 'PATCH', `/v1/webhooks/${inactive}`, { key, body: { status: 'inactive' } });

		await inject({
			from: upper(sender),
			to: address(205),
			erc20Transfers: [{ token: USDC, from: address(205), to: tokenRecipient, value: '1' }],
			internalTransactions: [{ from: address(205), to: internalParty, value: '5' }],
			logs: [{ address: emitter, topics: [APPROVAL], data: '0x' }],
		});
		for (const webhookId of [bySender, byTokenRecipient, byInternalParty, byEmitter]) {
			const rows = await attemptsFor(webhookId);
			expect(rows).toHaveLength(1);
		}
		for (const webhookId of [byBystander, otherChain, inactive]) expect(await attemptsFor(webhookId)).toHaveLength(0);
		await waitFor('four deliveries', () => [bySender, byTokenRecipient, byInternalParty, byEmitter].every((id) => receivedFor(id).length === 1), 5000);
		const messageIds = new Set([bySender, byTokenRecipient, byInternalParty, byEmitter].map((id) => receivedFor(id)[0].json.messageId));
		expect(messageIds.size).toBe(4);
	});

	it('includes logs only with includeLogs and internal transactions only with includeInternalTxs', async () => {
		const party = address(300);
		const full = await createWebhook({ includeLogs: true, includeInternalTxs: true, metadata: { addresses: [party] } });
		const plain = await createWebhook({ metadata: { addresses: [party] } });
		const { txHash } = await inject({
			from: party,
			to: USDC.address,
			input: `0xa9059cbb${word(address(301)).slice(2)}${word('2625a0').slice(2)}`,
			erc20Transfers: [{ token: USDC, from: party, to: address(301), value: '2500000' }],
			internalTransactions: [{ from: party, to: address(302), value: '7', internalTxType: 'DELEGATECALL' }],
			logs: [{ address: address(303), topics: [APPROVAL, word(party)], data: '0x01' }],
		});
		await waitFor('two deliveries', () => receivedFor(full).length === 1 && receivedFor(plain).length === 1, 5000);
		const fullMessage = receivedFor(full)[0].json;
		const plainMessage = receivedFor(plain)[0].json;

		expect(plainMessage.event.logs).toBeUndefined();
		expect(plainMessage.event.transaction.internalTransactions).toBeUndefined();
		expect(plainMessage.event.transaction.erc20Transfers).toHaveLength(1);

		const transaction = fullMessage.event.transaction;
		expect(transaction.erc20Transfers).toEqual([
			{
				transactionHash: txHash,
				type: 'ERC20',
				from: party,
				to: address(301),
				value: '2500000',
				blockTimestamp: transaction.blockTimestamp,
				logIndex: 0,
				erc20Token: { ...USDC, valueWithDecimals: '2.5' },
			},
		]);
		expect(transaction.internalTransactions).toEqual([
			{ from: party, to: address(302), internalTxType: 'DELEGATECALL', value: '7', gasUsed: expect.stringMatching(/^\d+$/), gasLimit: expect.stringMatching(/^\d+$/), transactionHash: txHash },
		]);
		expect(fullMessage.event.logs).toEqual([
			{ address: USDC.address, topic0: TRANSFER, topic1: word(party), topic2: word(address(301)), topic3: null, data: word('2625a0'), transactionIndex: 0, logIndex: 0, removed: false },
			{ address: address(303), topic0: APPROVAL, topic1: word(party), topic2: null, topic3: null, data: '0x01', transactionIndex: 0, logIndex: 1, removed: false },
		]);
		expect(signatureIsValid(receivedFor(full)[0].rawBody, receivedFor(full)[0].headers['x-signature'], await secret())).toBe(true);
	});

	it('filters by event signature: a webhook with eventSignatures fires only when a log topic0 matches', async () => {
		const party = address(400);
		const transfers = await createWebhook({ includeLogs: true, metadata: { addresses: [party], eventSignatures: [upper(TRANSFER)] } });
		const approvals = await createWebhook({ metadata: { addresses: [party], eventSignatures: [APPROVAL] } });
		const everything = await createWebhook({ metadata: { addresses: [party] } });

		await inject({ from: address(401), to: party, value: '1' });
		expect(await attemptsFor(everything)).toHaveLength(1);
		expect(await attemptsFor(transfers)).toHaveLength(0);
		expect(await attemptsFor(approvals)).toHaveLength(0);

		await inject({ from: party, to: USDC.address, erc20Transfers: [{ token: USDC, from: party, to: address(402), value: '10' }], logs: [{ address: address(403), topics: [`0x${'cd'.repeat(32)}`] }] });
		expect(await attemptsFor(everything)).toHaveLength(2);
		expect(await attemptsFor(transfers)).toHaveLength(1);
		expect(await attemptsFor(approvals)).toHaveLength(0);
		const message = await waitFor('the filtered delivery', () => receivedFor(transfers)[0]?.json, 5000);
		// the event concerns the logs whose topic0 is in the list
		expect(message.event.logs.map((log: { topic0: string }) => log.topic0)).toEqual([TRANSFER]);
	});

	it('signs bodies with non-ASCII text and awkward key order correctly', async () => {
		const party = address(450);
		const webhookId = await createWebhook({ includeLogs: true, metadata: { addresses: [party] } });
		const token = { address: address(451), name: 'Ünïcødé € Token 😀 "quoted" \\ back\nslash', symbol: 'ÜNI', decimals: 0 };
		await inject({ from: party, to: token.address, erc20Transfers: [{ token, from: party, to: address(452), value: '12345678901234567890' }] });
		const delivery = await waitFor('the delivery', () => receivedFor(webhookId)[0], 5000);
		expect(delivery.json.event.transaction.erc20Transfers[0].erc20Token).toMatchObject({ name: token.name, valueWithDecimals: '12345678901234567890' });
		expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], await secret())).toBe(true);
	});

	it('stops delivering for removed addresses and starts for added ones', async () => {
		const [kept, removed, added] = [500, 501, 502].map(address);
		const webhookId = await createWebhook({ metadata: { addresses: [kept, removed] } });
		await call(emulator.url, 'DELETE', `/v1/webhooks/${webhookId}/addresses`, { key, body: { addresses: [upper(removed)] } });
		await inject({ from: address(503), to: removed, value: '1' });
		expect(await attemptsFor(webhookId)).toHaveLength(0);
		await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}/addresses`, { key, body: { addresses: [added] } });
		await inject({ from: added, to: address(503), value: '1' });
		await inject({ from: address(503), to: kept, value: '1' });
		expect(await attemptsFor(webhookId)).toHaveLength(2);
	});

	it('signs with the current shared secret after a rotation', async () => {
		const party = address(600);
		const webhookId = await createWebhook({ metadata: { addresses: [party] } });
		const before = await secret();
		const rotated = (await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key })).body.secret;
		await inject({ from: party, to: address(601), value: '3' });
		const delivery = await waitFor('the delivery', () => receivedFor(webhookId)[0], 5000);
		expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], rotated)).toBe(true);
		expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], before)).toBe(false);
	});

	it('refuses to deliver to anything but a loopback address', async () => {
		const party = address(700);
		const remote = await createWebhook({ url: 'http://192.0.2.10/hook', metadata: { addresses: [party] } });
		const named = await createWebhook({ url: 'https://example.com/hook', metadata: { addresses: [party] } });
		const local = await createWebhook({ url: receiver.url.replace('127.0.0.1', 'localhost'), metadata: { addresses: [party] } });
		await inject({ from: party, to: address(701), value: '1' });
		for (const webhookId of [remote, named]) {
			const [row] = await waitFor(
				'the failed attempt',
				async () => {
					const rows = await attemptsFor(webhookId);
					return rows[0]?.outcome === 'failed' && rows;
				},
				10_000,
			);
			expect(row.statusCode).toBeNull();
			expect(row.error).toContain('refused');
		}
		await waitFor('the localhost delivery', () => receivedFor(local).length === 1, 5000);
	});

	it('validates injected activity', async () => {
		const bad = await call(emulator.url, 'POST', '/_emulator/activity', { body: { chainId: '43113', from: '0x12', to: address(1), value: 'lots' } });
		expect(bad.status).toBe(400);
		expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("invalid address format: '0x12'"), expect.stringContaining('value must be a decimal string')]));
		const chain = await call(emulator.url, 'POST', '/_emulator/activity', { body: { chainId: '1', from: address(1), to: address(2) } });
		expect(chain.status).toBe(400);
		expect(chain.body.message).toEqual(['chainId 1 is not a supported chain']);
		const malformed = await call(emulator.url, 'POST', '/_emulator/activity', { rawBody: '{' });
		expect(malformed.status).toBe(400);
	});
});

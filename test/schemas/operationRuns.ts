/**
 * One real run of every operation of the action node and of both triggers, through n8n-core
 * against the emulator: the outputs the shipped output schemas are derived from (npm run schemas)
 * and checked against (test/package/schemas.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, createWebhook, randomAddress, startTestService, type TestService } from '../harness/fixtures';
import type { AddressActivityCredentialData } from '../harness/credentials';
import { PollHarness } from '../harness/poll';
import { runNode } from '../harness/runNode';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { primaryNetworkItems } from './primaryNetworkRuns';

export interface OperationOutput {
	/** The node folder under nodes/ whose __schema__ holds the schema. */
	node: 'AddressActivity' | 'AddressActivityTrigger' | 'AddressActivityPollTrigger';
	/** Empty for the triggers (they have no resource or operation: n8n reads output.json). */
	resource: string;
	operation: string;
	items: IDataObject[];
}

const FUJI = '43113';
const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';

/** Every operation of the action node, in the order they can run on one account. */
async function actionOutputs(service: TestService, credentials: AddressActivityCredentialData): Promise<OperationOutput[]> {
	const outputs: OperationOutput[] = [];
	const run = async (resource: string, operation: string, parameters: INodeParameters): Promise<IDataObject[]> => {
		const result = await runNode({ credentials, typeVersion: 1.1, parameters: { resource, operation, ...parameters } });
		if (result.error) throw new Error(`${resource} ${operation} failed: ${result.error.message}`);
		const items = result.items.map((item) => item.json);
		outputs.push({ node: 'AddressActivity', resource, operation, items });
		return items;
	};
	const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
	const [created] = await run('webhook', 'create', {
		url: 'https://receiver.example.com/activity',
		chainId: byId('43114'),
		addresses: `${a}\n${b}`,
		eventSignatures: 'Transfer(address,address,uint256)',
		includeLogs: true,
		options: { name: 'Schema run', description: 'Outputs for the output schemas' },
	});
	const webhookId = byId(String(created.id));
	await createWebhook(credentials, { name: 'Second' });
	await run('webhook', 'get', { webhookId });
	await run('webhook', 'getMany', { returnAll: true });
	await run('webhook', 'update', { webhookId, updateFields: { name: 'Schema run, renamed' } });
	await run('address', 'add', { webhookId, addresses: c });
	await run('address', 'getMany', { webhookId, returnAll: true });
	await run('address', 'remove', { webhookId, addresses: c });
	await run('address', 'sync', { webhookId, addresses: `${a}\n${c}` });
	await run('sharedSecret', 'get', {});
	await run('sharedSecret', 'rotate', {});
	await run('chain', 'get', { chainId: byId('43114') });
	await run('chain', 'getMany', { returnAll: true });
	const blocks = await run('block', 'getMany', { chainId: byId(FUJI), returnAll: false, limit: 5 });
	await run('block', 'get', { chainId: byId(FUJI), blockId: String(blocks[0].blockNumber) });
	const transactions = await run('transaction', 'getMany', { chainId: byId(FUJI), returnAll: false, limit: 20 });
	await run('transaction', 'get', { chainId: byId(FUJI), txHash: String(transactions[0].txHash) });
	const [busiest] = (await service.control.chains()).find((chain) => chain.chainId === FUJI)!.busiestAddresses;
	await run('transaction', 'getManyForAddress', { chainId: byId(FUJI), address: busiest.address, returnAll: false, limit: 20 });
	await run('utxo', 'getMany', {
		network: 'mainnet',
		blockchainId: 'p-chain',
		addresses: `P-avax1${'q'.repeat(38)}`,
		returnAll: false,
		limit: 20,
		options: { includeSpent: true },
	});
	await run('webhook', 'delete', { webhookId });
	return outputs;
}

/** Transactions with every kind of transfer, so each Transfer field shows its type. */
function activities(alice: string, bob: string, carol: string): IDataObject[] {
	return [
		{
			from: alice,
			to: carol,
			value: '3000000000000000000',
			erc20Transfers: [{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: carol, to: alice, value: '2500000' }],
			erc721Transfers: [{ token: { address: randomAddress(), name: 'Kitties', symbol: 'KIT' }, from: carol, to: alice, tokenId: '7' }],
		},
		{ from: bob, to: alice, value: '1' },
	];
}

/** The Transfers items of both triggers for the same transactions (their default output). */
async function triggerOutputs(service: TestService, credentials: AddressActivityCredentialData): Promise<OperationOutput[]> {
	const [alice, bob, carol] = [randomAddress(), randomAddress(), randomAddress()];
	const shared = { chainId: byId(FUJI), addresses: `${alice}\n${bob}`, includeInternalTxs: true, output: 'transfers', filters: {} };
	const receiver = new DeliveryReceiver();
	const receiverUrl = await receiver.start();
	try {
		const webhookTrigger = new TriggerHarness({ parameters: { ...shared, eventSignatures: '', includeLogs: false, options: {} }, credentials, publicUrl: receiverUrl });
		await webhookTrigger.activate();
		receiver.harness = webhookTrigger;
		const pollTrigger = new PollHarness({ parameters: { ...shared, options: {} }, credentials });
		await pollTrigger.activate();
		const sent = activities(alice, bob, carol);
		for (const activity of sent) await service.control.activity({ chainId: FUJI, ...activity });
		const deliveries = await receiver.waitFor(sent.length);
		receiver.harness = undefined;
		await webhookTrigger.deactivate();
		const delivered = deliveries.flatMap((delivery) => delivery.outcome?.items ?? []).map((item) => item.json);
		const polled = ((await pollTrigger.poll()).items ?? []).map((item) => item.json);
		// One output.json describes every event type's items: the editor shows it before any run.
		delivered.push(...(await primaryNetworkItems(service, credentials)));
		return [
			{ node: 'AddressActivityTrigger', resource: '', operation: '', items: delivered },
			{ node: 'AddressActivityPollTrigger', resource: '', operation: '', items: polled },
		];
	} finally {
		await receiver.close();
	}
}

/** Starts an emulator, runs everything on a fresh paid account, stops the emulator. */
export async function runEveryOperation(): Promise<OperationOutput[]> {
	const service = await startTestService({ timeScale: 1000, rateLimit: { limit: 100_000, windowSeconds: 60 } });
	try {
		const credentials = await service.newAccount({ plan: 'paid' });
		return [...(await actionOutputs(service, credentials)), ...(await triggerOutputs(service, credentials))];
	} finally {
		await service.close();
	}
}

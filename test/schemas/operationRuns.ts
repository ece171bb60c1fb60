/**
 * One real run of every operation of the action node and of both triggers, through n8n-core
 * against the emulator: the outputs the shipped output schemas are derived from (npm run schemas)
 * and checked against (test/package/schemas.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { nodeId, pChainAddress, subnetId } from '../emulator/primary/ids';
import { byId, createWebhook, randomAddress, startTestService, type TestService } from '../harness/fixtures';
import type { AddressActivityCredentialData } from '../harness/credentials';
import { PollHarness } from '../harness/poll';
import { runNode } from '../harness/runNode';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { decodedEventItems } from './decodedEventRuns';
import { primaryCatchUpRun, primaryNetworkItems } from './primaryNetworkRuns';

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
	const run: Run = async (resource, operation, parameters) => {
		const result = await runNode({ credentials, typeVersion: 1.1, parameters: { resource, operation, ...parameters } });
		if (result.error) throw new Error(`${resource} ${operation} failed: ${result.error.message}`);
		const items = result.items.map((item) => item.json);
		// Runs of one operation with other event types add their items to its one schema.
		const earlier = outputs.find((output) => output.resource === resource && output.operation === operation);
		if (earlier) earlier.items.push(...items);
		else outputs.push({ node: 'AddressActivity', resource, operation, items });
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
	const primaryNetworkIds = (await primaryNetworkCreates(run)).map((webhook) => byId(String(webhook.id)));
	for (const id of [webhookId, ...primaryNetworkIds]) await run('webhook', 'get', { webhookId: id });
	await run('webhook', 'getMany', { returnAll: true });
	for (const id of [webhookId, ...primaryNetworkIds]) await run('webhook', 'update', { webhookId: id, updateFields: { name: 'Schema run, renamed' } });
	// A webhook no trigger made: turned on again, with the reason no catch-up was requested.
	await run('webhook', 'update', { webhookId, updateFields: { status: 'inactive' } });
	await run('webhook', 'reactivate', { webhookId });
	await run('address', 'add', { webhookId: primaryNetworkIds[0], addresses: pChainAddress('fuji', 'schema c') });
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
	await balanceRuns(service, run);
	for (const id of [webhookId, ...primaryNetworkIds]) await run('webhook', 'delete', { webhookId: id });
	return outputs;
}

/** An address that received every kind of asset, read now and at its first block (blockNumber null and set). */
async function balanceRuns(service: TestService, run: Run): Promise<void> {
	const [holder, funder] = [randomAddress(), randomAddress()];
	const { blockNumber } = await service.control.activity({
		chainId: FUJI,
		from: funder,
		to: holder,
		value: '3000000000000000000',
		erc20Transfers: [{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: funder, to: holder, value: '2500000' }],
		erc721Transfers: [{ token: { address: randomAddress(), name: 'Kitties', symbol: 'KIT' }, from: funder, to: holder, tokenId: '7' }],
	});
	await service.control.activity({
		chainId: FUJI,
		from: funder,
		to: holder,
		erc1155Transfers: [{ token: { address: randomAddress(), name: 'Game Items', symbol: 'ITEM' }, from: funder, to: holder, tokenId: '3', value: '10' }],
	});
	const chainId = byId(FUJI);
	for (const options of [{}, { blockNumber }]) {
		await run('balance', 'getNative', { chainId, addresses: holder, options });
		await run('balance', 'getManyErc20', { chainId, addresses: holder, returnAll: true, options });
		await run('balance', 'getManyErc1155', { chainId, addresses: holder, returnAll: true, options });
	}
	await run('balance', 'getManyErc721', { chainId, addresses: holder, returnAll: true });
}

type Run = (resource: string, operation: string, parameters: INodeParameters) => Promise<IDataObject[]>;

/** A P-Chain webhook with a balance threshold and a validator webhook with every optional field. */
async function primaryNetworkCreates(run: Run): Promise<IDataObject[]> {
	const url = 'https://receiver.example.com/primary';
	const [pChain] = await run('webhook', 'create', {
		url,
		eventType: 'primary_network_address_activity',
		network: 'fuji',
		pChainAddresses: `${pChainAddress('fuji', 'schema a')}\n${pChainAddress('fuji', 'schema b')}`,
		addressSubEvents: ['balance_change', 'balance_threshold', 'reward_distribution'],
		balanceType: 'unlockedUnstaked',
		balanceThreshold: '25000',
		options: { name: 'Treasury', description: 'P-Chain balances' },
	});
	const [validator] = await run('webhook', 'create', {
		url,
		eventType: 'validator_activity',
		network: 'fuji',
		validatorKeyType: 'subnetId',
		validatorKey: subnetId('schema l1'),
		validatorSubEvents: ['l1_validator_balance_threshold', 'validator_stake'],
		feeBalanceThreshold: '1.5',
		validatorFilters: { nodeIds: nodeId('schema node'), subnetIds: subnetId('schema l1') },
		options: { name: 'L1 fees', description: 'Validator activity' },
	});
	return [pChain, validator];
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
		// A transfer while the workflow was off: the next activation's catch-up run (items marked catchUp).
		await service.control.activity({ chainId: FUJI, from: carol, to: alice, value: '5' });
		const beforeCatchUp = receiver.deliveries.length;
		receiver.harness = webhookTrigger;
		await webhookTrigger.activate();
		const reactivated = await reactivateAfterOutage(service, credentials, webhookTrigger, { chainId: FUJI, from: bob, to: carol, value: '6' });
		receiver.harness = undefined;
		await webhookTrigger.deactivate();
		const caughtUp = receiver.deliveries.slice(beforeCatchUp).flatMap((delivery) => delivery.outcome?.items ?? []);
		if (!caughtUp.some((item) => item.json.catchUp === true)) throw new Error('the catch-up run put out no item marked catchUp');
		delivered.push(...caughtUp.map((item) => item.json));
		delivered.push(...(await gapTooLongRun(service, credentials, receiver, receiverUrl, { ...shared, eventSignatures: `Transfer(address,address,uint256)\n${APPROVAL}`, includeLogs: false, options: {} })));
		const polled = ((await pollTrigger.poll()).items ?? []).map((item) => item.json);
		const balances = await balanceTriggerRuns(service, credentials, receiver, receiverUrl);
		delivered.push(...balances.delivered);
		polled.push(...balances.polled);
		// One output.json describes every event type's and output's items: the editor shows it before any run.
		delivered.push(...(await decodedEventItems(service, credentials, receiver, receiverUrl, shared, FUJI)));
		delivered.push(...(await primaryNetworkItems(service, credentials)));
		const primaryCatchUp = await primaryCatchUpRun(service, credentials, receiver, receiverUrl);
		delivered.push(...primaryCatchUp.items);
		return [
			{ ...reactivated, items: [...reactivated.items, ...primaryCatchUp.reactivated] },
			{ node: 'AddressActivityTrigger', resource: '', operation: '', items: delivered },
			{ node: 'AddressActivityPollTrigger', resource: '', operation: '', items: polled },
		];
	} finally {
		await receiver.close();
	}
}

/**
 * The Balances options of both triggers: a funded treasury's payments, with the balance after each
 * (Include Balance After) and as an alert when one takes the balance below the line.
 */
async function balanceTriggerRuns(service: TestService, credentials: AddressActivityCredentialData, receiver: DeliveryReceiver, receiverUrl: string) {
	const [treasury, funder, payee] = [randomAddress(), randomAddress(), randomAddress()];
	await service.control.activity({ chainId: FUJI, from: funder, to: treasury, value: '100000000000000000000' });
	const delivered: IDataObject[] = [];
	const polled: IDataObject[] = [];
	for (const balances of [{ includeBalanceAfter: true }, { alertWhen: 'below', alertThreshold: '85' }]) {
		const shared = { chainId: byId(FUJI), addresses: treasury, includeInternalTxs: false, output: 'transfers', filters: {}, balances };
		const webhookTrigger = new TriggerHarness({ parameters: { ...shared, eventSignatures: '', includeLogs: false, options: {} }, credentials, publicUrl: receiverUrl });
		await webhookTrigger.activate();
		receiver.harness = webhookTrigger;
		const pollTrigger = new PollHarness({ parameters: { ...shared, options: {} }, credentials });
		await pollTrigger.activate();
		const before = receiver.deliveries.length;
		await service.control.activity({ chainId: FUJI, from: treasury, to: payee, value: '10000000000000000000' });
		const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
		receiver.harness = undefined;
		await webhookTrigger.deactivate();
		delivered.push(...(delivery.outcome?.items ?? []).map((item) => item.json));
		polled.push(...((await pollTrigger.poll()).items ?? []).map((item) => item.json));
	}
	if (!delivered.some((item) => item.crossed !== undefined) || !polled.some((item) => item.crossed !== undefined)) {
		throw new Error(`a balance alert put out no item: ${JSON.stringify({ delivered, polled })}`);
	}
	return { delivered, polled };
}

/** The Approval event's topic0: chain data cannot show it (it lists token transfers, no logs). */
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

/**
 * A catch-up whose gap is longer than Catch Up At Most (the last publication's mark preset two days
 * back) for a trigger with an Event Signature chain data cannot show: its run starts with the
 * gapTooLong and catchUpIncomplete items, then the transfer made in the gap, marked possibleRepeat.
 */
async function gapTooLongRun(service: TestService, credentials: AddressActivityCredentialData, receiver: DeliveryReceiver, receiverUrl: string, parameters: INodeParameters): Promise<IDataObject[]> {
	const [alice, bob] = String(parameters.addresses).split('\n');
	const token = { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 };
	const { blockNumber } = await service.control.activity({ chainId: FUJI, from: bob, to: USDC, erc20Transfers: [{ token, from: bob, to: alice, value: '1500000' }] });
	const mark = { block: Number(blockNumber) - 1, at: Date.now() - 2 * 24 * 3_600_000 };
	// A trigger this process has not run anything for (the earlier ones here share its URL).
	forgetProcessMemory();
	const trigger = new TriggerHarness({ parameters, credentials, publicUrl: receiverUrl });
	// As n8n loads the node's static data at activation; a process that stopped without writing what
	// it ran (an open window of the durable position) makes the gap's transfer a possible repeat.
	const position = { from: mark.block + 1, ran: [], open: { stopped: [Date.now() - 60_000, Date.now() + 60_000] } };
	trigger.state.chains = { [FUJI]: { catchUp: { mark }, position } };
	const before = receiver.deliveries.length;
	receiver.harness = trigger;
	await trigger.activate();
	receiver.harness = undefined;
	await trigger.deactivate();
	const items = receiver.deliveries.slice(before).flatMap((delivery) => delivery.outcome?.items ?? []).map((item) => item.json);
	if (!items.some((item) => item.gapTooLong === true) || !items.some((item) => item.catchUpIncomplete === true) || !items.some((item) => item.possibleRepeat === true)) {
		throw new Error(`the catch-up of a gap longer than Catch Up At Most put out no gapTooLong, catchUpIncomplete and possibleRepeat items: ${JSON.stringify(items)}`);
	}
	return items;
}

/** Webhook > Reactivate on the trigger's webhook after the service turned it off: the output with the catch-up's blocks. */
async function reactivateAfterOutage(service: TestService, credentials: AddressActivityCredentialData, trigger: TriggerHarness, activity: IDataObject): Promise<OperationOutput> {
	const webhookId = String((trigger.state.chains as Record<string, IDataObject>)[FUJI].webhookId);
	await service.control.service(credentials.apiKey, 'PATCH', `/v1/webhooks/${webhookId}`, { status: 'inactive' });
	await service.control.activity(activity);
	const result = await runNode({ credentials, typeVersion: 1.1, parameters: { resource: 'webhook', operation: 'reactivate', webhookId: byId(webhookId) } });
	const items = result.items.map((item) => item.json);
	if (result.error || (items[0]?.catchUp as IDataObject | undefined)?.transactions !== 1) throw new Error(`webhook reactivate caught up nothing: ${JSON.stringify(result.error?.message ?? items)}`);
	return { node: 'AddressActivity', resource: 'webhook', operation: 'reactivate', items };
}

/** Starts an emulator, runs everything on a fresh paid account, stops the emulator. */
export async function runEveryOperation(): Promise<OperationOutput[]> {
	const service = await startTestService({ timeScale: 1000, rateLimit: { limit: 100_000, windowSeconds: 60 } });
	try {
		const credentials = await service.newAccount({ plan: 'paid' });
		const outputs = await actionOutputs(service, credentials);
		for (const output of await triggerOutputs(service, credentials)) {
			// Reactivate on a trigger's webhook adds its items to the operation's one schema.
			const earlier = outputs.find((entry) => entry.node === output.node && entry.resource === output.resource && entry.operation === output.operation);
			if (earlier) earlier.items.push(...output.items);
			else outputs.push(output);
		}
		return outputs;
	} finally {
		await service.close();
	}
}

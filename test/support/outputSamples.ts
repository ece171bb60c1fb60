/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The output samples of README.md and docs/trigger.md, made from a real item: the trigger of
// examples/address-activity-trigger.json, published through n8n-core against the emulator, gets a
// 2.5 USDC deposit to its first address and puts out the item shown. What differs from run to run
// (the transaction hash, its block and time, the message and webhook IDs) is replaced by the fixed
// values below, so the docs stay the same; everything else is the item as the trigger made it.
// `npm run docs:samples` writes it; test/package/outputSamples.test.ts checks the docs hold it.
import * as fs from 'fs';
import * as path from 'path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { waitFor } from '../harness/wait';
import { REPO_ROOT } from './descriptions';

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'address-activity-trigger.json');
const SENDER = '0x3333333333333333333333333333333333333333';
const USDC = { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', name: 'USD Coin', symbol: 'USDC', decimals: 6 };

/** The run's own values, replaced by these in the docs. */
const FIXED: IDataObject = {
	time: '2026-11-22T05:12:40.000Z',
	blockNumber: '4242',
	txHash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
	messageId: '0a1e4f0e-6a2b-4c43-8f7e-5b7d2a9c1e01',
	webhookId: '5f2d3c1a-7b6e-4d2f-9a8b-1c0d9e8f7a6b',
};

/** Where a generated sample goes: the ```json block right after this line, in each file. */
export const SAMPLE_MARK = '<!-- Generated from a real item by `npm run docs:samples`; do not edit by hand. -->';
export const SAMPLE_FILES = ['README.md', path.join('docs', 'trigger.md')];

interface ExampleNode {
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
}

/** The example's trigger as n8n would import it. */
function exampleTrigger(): ExampleNode {
	const workflow = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as { nodes: ExampleNode[] };
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.addressActivityTrigger'));
	if (!trigger) throw new Error(`${EXAMPLE} has no Address Activity Trigger`);
	return trigger;
}

/** The item the example's trigger puts out for a 2.5 USDC deposit to its first address, with FIXED put in. */
export async function transferSample(): Promise<IDataObject> {
	const trigger = exampleTrigger();
	const chainId = (trigger.parameters.chainIds as string[])[0];
	const depositTo = String(trigger.parameters.addresses).split(/[\s,]+/)[0];
	const emulator = await startEmulator({});
	const receiver = new DeliveryReceiver();
	try {
		const control = new EmulatorControl(emulator.url);
		const { key } = await control.createKey({ plan: 'paid' });
		const harness = new TriggerHarness({
			parameters: trigger.parameters,
			typeVersion: trigger.typeVersion,
			credentials: { apiKey: key, baseUrl: emulator.url },
			publicUrl: await receiver.start(),
		});
		receiver.harness = harness;
		await harness.activate();
		await control.activity({ chainId, from: SENDER, to: USDC.address, erc20Transfers: [{ token: USDC, from: SENDER, to: depositTo, value: '2500000' }] });
		const delivery = await waitFor('the deposit run', () => receiver.deliveries.find((entry) => entry.outcome?.items !== undefined));
		await harness.deactivate();
		const items = delivery.outcome?.items ?? [];
		if (items.length !== 1) throw new Error(`expected one item, got ${items.length}`);
		const item = { ...items[0].json };
		for (const [field, value] of Object.entries(FIXED)) {
			if (!(field in item)) throw new Error(`the item has no ${field}`);
			item[field] = value;
		}
		return item;
	} finally {
		await receiver.close();
		await emulator.close();
	}
}

/** The sample as the docs show it. */
export function sampleBlock(item: IDataObject): string {
	return `\`\`\`json\n${JSON.stringify(item, null, 2)}\n\`\`\``;
}

const BLOCK_AFTER_MARK = new RegExp(`${SAMPLE_MARK.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n\\n?\`\`\`json\\n[\\s\\S]*?\\n\`\`\``);

/** The ```json block after the mark in a doc (with the mark), or undefined. */
export function markedBlock(text: string): string | undefined {
	return BLOCK_AFTER_MARK.exec(text)?.[0];
}

/** The doc with its marked block replaced by the sample. */
export function withSample(text: string, item: IDataObject, file: string): string {
	if (markedBlock(text) === undefined) throw new Error(`${file} has no sample block after ${SAMPLE_MARK}`);
	return text.replace(BLOCK_AFTER_MARK, () => `${SAMPLE_MARK}\n\n${sampleBlock(item)}`);
}

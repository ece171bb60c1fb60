/**
 * The Decoded Events items of the webhook trigger, for its output schema: one delivery with a
 * decoded Swap, a log that does not fit its definition and a log no definition matches (kept raw).
 */
import { AbiCoder, id } from 'ethers';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { AddressActivityCredentialData } from '../harness/credentials';
import type { TestService } from '../harness/fixtures';
import type { DeliveryReceiver } from '../harness/trigger';
import { TriggerHarness } from '../harness/trigger';

const coder = AbiCoder.defaultAbiCoder();
const SWAP = 'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)';
const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

export async function decodedEventItems(
	service: TestService,
	credentials: AddressActivityCredentialData,
	receiver: DeliveryReceiver,
	receiverUrl: string,
	shared: INodeParameters,
	chainId: string,
): Promise<IDataObject[]> {
	const [wallet, pair] = String(shared.addresses).split('\n');
	const parameters = { ...shared, output: 'decodedEvents', eventDefinitions: SWAP, unmatchedLogs: 'keepRaw', eventSignatures: '', includeLogs: false, options: { catchUpHours: 0 } };
	const trigger = new TriggerHarness({ parameters, credentials, publicUrl: receiverUrl });
	receiver.harness = trigger;
	await trigger.activate();
	try {
		const swap = { address: pair, topics: [id('Swap(address,uint256,uint256,uint256,uint256,address)'), topicOf(pair), topicOf(wallet)], data: coder.encode(['uint256', 'uint256', 'uint256', 'uint256'], [1, 0, 0, 2]) };
		const before = receiver.deliveries.length;
		await service.control.activity({
			chainId,
			from: wallet,
			to: pair,
			input: '0x38ed1739',
			logs: [swap, { ...swap, data: swap.data.slice(0, 66) }, { address: pair, topics: [id('Sync(uint112,uint112)')], data: coder.encode(['uint112', 'uint112'], [3, 4]) }],
		});
		const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
		const items = (delivery.outcome?.items ?? []).map((item) => item.json);
		if (items.length !== 3 || items[0].decoded !== true) throw new Error(`the Decoded Events run put out ${JSON.stringify(items)}`);
		return items;
	} finally {
		receiver.harness = undefined;
		await trigger.deactivate();
	}
}

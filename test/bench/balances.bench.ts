/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals */
/**
 * What the Balances options cost: 1,000 transfers of 10 treasury wallets (every fourth transaction
 * a second payment of the wallet before, in the same block, as busy wallets have), delivered by the emulator to the webhook
 * trigger through n8n-core, and read by one poll of the poll trigger, with the options off, with
 * Include Balance After, and with a balance alert (a "falls below" line each wallet crosses once,
 * and "either way"). Prints the service requests per 1,000 transfers (balance reads apart), and the
 * runs started. Figures, not assertions.
 *
 *   npm run bench:balances
 */
import type { INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { randomAddress } from '../harness/fixtures';
import { PollHarness } from '../harness/poll';
import { TriggerHarness } from '../harness/trigger';
import { waitFor } from '../harness/wait';
import { pollParameters } from '../AddressActivityPollTrigger/support';
import { FUJI, startWithReceiver, triggerParameters } from '../AddressActivityTrigger/support';

const AVAX = 10n ** 18n;
const WALLETS = 10;
const TRANSFERS = 1_000;
/** Each wallet pays this much per transfer: 100 payments move 2,000 AVAX. */
const PAYMENT = 20n * AVAX;

async function main(): Promise<void> {
	const stack = await startWithReceiver({ timeScale: 1000, rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
	const { key } = await stack.control.createKey({ plan: 'paid' });
	const credentials = { apiKey: key, baseUrl: stack.emulator.url };
	const wallets = Array.from({ length: WALLETS }, randomAddress);
	const [funder, payee] = [randomAddress(), randomAddress()];
	for (const wallet of wallets) await stack.control.activity({ chainId: FUJI, from: funder, to: wallet, value: String(100_000n * AVAX) });
	let paid = 0n;
	const scenarios: Array<[string, (balanceLeft: bigint) => INodeParameters]> = [
		['off', () => ({})],
		['Include Balance After', () => ({ includeBalanceAfter: true })],
		// Each wallet crosses the line halfway through its 100 payments.
		['alert: falls below', (left) => ({ alertWhen: 'below', alertThreshold: String((left - 1_000n * AVAX) / AVAX) })],
		['alert: either way', (left) => ({ alertWhen: 'either', alertThreshold: String((left - 1_000n * AVAX) / AVAX) })],
	];
	console.log(`${TRANSFERS} transfers of ${WALLETS} wallets, 100 each (every 4th transaction a second payment of the wallet before, in its block)`);
	console.log(`${'trigger'.padEnd(22)}  ${'balances'.padEnd(22)}  ${'balance reads'.padStart(13)}   ${'other requests'.padStart(14)}   ${'runs (items)'.padStart(12)}   requests per 1,000 transfers`);
	try {
		for (const [name, balancesFor] of scenarios) {
			forgetProcessMemory();
			const balances = balancesFor(100_000n * AVAX - paid);
			const webhookTrigger = new TriggerHarness({ parameters: triggerParameters({ addresses: wallets.join('\n'), balances }), credentials, publicUrl: stack.receiverUrl });
			stack.receiver.harness = webhookTrigger;
			await webhookTrigger.activate();
			const poll = new PollHarness({ parameters: pollParameters(wallets, { balances }), credentials });
			await poll.activate();
			await stack.control.clearRequests();
			const before = stack.receiver.deliveries.length;
			const answered = () => stack.receiver.deliveries.slice(before).filter((delivery) => delivery.outcome !== undefined && delivery.outcome.statusCode < 300).length;
			for (let index = 0; index < TRANSFERS; index++) {
				// In each group of four: three wallets pay, the third twice in one block. n8n answers 404
				// until both are in, as a real block is complete before its deliveries (the service retries).
				const group = Math.floor(index / 4);
				const position = index % 4;
				const wallet = wallets[(3 * group + Math.min(position, 2)) % WALLETS];
				stack.receiver.notPublished = position === 2;
				await stack.control.activity({ chainId: FUJI, from: wallet, to: payee, value: String(PAYMENT), block: position === 3 ? 'head' : 'new' });
				if (position === 2) continue;
				stack.receiver.notPublished = false;
				await waitFor('the deliveries answered', () => answered() === index + 1, 30_000, 2);
			}
			paid += (BigInt(TRANSFERS) / BigInt(WALLETS)) * PAYMENT;
			const delivered = await stack.control.requests();
			await stack.control.clearRequests();
			// The poll on its own: not from the balances the deliveries read into this process's memory.
			forgetProcessMemory();
			const polled = await poll.poll();
			const pollRequests = await stack.control.requests();
			stack.receiver.harness = undefined;
			await webhookTrigger.deactivate();
			const row = (label: string, requests: Array<{ path: string }>, runs: number, items: number) => {
				const v1 = requests.filter((request) => request.path.startsWith('/v1/'));
				const reads = v1.filter((request) => request.path.includes('/balances:')).length;
				console.log(
					`${label.padEnd(22)}  ${name.padEnd(22)}  ${String(reads).padStart(13)}   ${String(v1.length - reads).padStart(14)}   ${`${runs} (${items})`.padStart(12)}   ${((v1.length * 1000) / TRANSFERS).toFixed(0)}`,
				);
			};
			row('webhook (deliveries)', delivered, webhookTrigger.startedRuns.length, webhookTrigger.startedRuns.flat().length);
			row('poll (one poll)', pollRequests, polled.items === undefined ? 0 : 1, polled.items?.length ?? 0);
		}
	} finally {
		await stack.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});

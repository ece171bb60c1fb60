// The sandbox's simulated primary-network activity: for each P-Chain or validator webhook the
// example triggers registered at the emulator, one step per tick, so `npm run dev` shows each
// type's alert: a treasury's balance swinging across its threshold, an L1 validator's fee
// balance topped up and paid down past its low-balance threshold (then disabled at 0).
import type { BALANCE_TYPES } from '../../nodes/shared/model/primaryNetwork';
import { EmulatorControl, nodeId, subnetId, type EmulatorPrimaryNetworkWebhook } from '../harness/emulatorControl';

const ONE_AVAX = BigInt(1_000_000_000);
const FALLBACK_L1 = subnetId('sandbox-l1');
const FALLBACK_NODE = nodeId('sandbox-validator');

/** treasury: up to 1.2 x threshold, then down and up by 0.4 x threshold (crossing it each time) */
function treasuryChange(threshold: bigint, step: number): bigint {
	const swing = (threshold > BigInt(0) ? threshold : ONE_AVAX) * BigInt(2) / BigInt(5);
	if (step === 0) return swing * BigInt(3);
	return step % 2 === 1 ? -swing : swing;
}

/** fee balance: +3 x threshold, then three payments of 1 x threshold (low at the second, disabled at 0), again */
function feeChange(threshold: bigint, step: number): bigint {
	const unit = threshold > BigInt(0) ? threshold : ONE_AVAX;
	return step % 4 === 0 ? unit * BigInt(3) : -unit;
}

async function stepFor(control: EmulatorControl, webhook: EmulatorPrimaryNetworkWebhook, step: number): Promise<void> {
	const { metadata, network } = webhook;
	if (webhook.eventType === 'primary_network_address_activity') {
		const filter = metadata.balanceThresholdFilter;
		const change = treasuryChange(BigInt(filter?.balanceThreshold ?? '0'), step);
		const balanceType = (filter?.balanceType ?? 'unlockedUnstaked') as (typeof BALANCE_TYPES)[number];
		await control.pChainTransaction({ network, balanceChanges: [{ address: metadata.keys[0], balanceType, change: change.toString() }] });
		return;
	}
	const byNode = metadata.keyType === 'nodeId';
	const node = byNode ? metadata.keys[0] : (metadata.nodeIds?.[0] ?? FALLBACK_NODE);
	const subnet = byNode ? (metadata.subnetIds?.[0] ?? FALLBACK_L1) : metadata.keys[0];
	const change = feeChange(BigInt(metadata.l1ValidatorFeeBalanceThreshold ?? '0'), step);
	await control.validatorActivity({ network, activity: 'l1_validator_fee_balance', nodeId: node, subnetId: subnet, change: change.toString() });
}

/** A function for each tick of the trickle: the next step of every active primary-network webhook. */
export function primaryNetworkDemo(control: EmulatorControl): () => Promise<number> {
	const steps = new Map<string, number>();
	const tick = async () => {
		const webhooks = (await control.primaryNetworkWebhooks()).filter((webhook) => webhook.status === 'active');
		for (const webhook of webhooks) {
			const step = steps.get(webhook.id) ?? 0;
			steps.set(webhook.id, step + 1);
			await stepFor(control, webhook, step);
		}
		return webhooks.length;
	};
	// one tick after another: a withdrawal must not overtake the deposit before it
	let previous: Promise<unknown> = Promise.resolve();
	return () => {
		const next = previous.then(tick);
		previous = next.catch(() => undefined);
		return next;
	};
}

/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';

import { BALANCE_TYPES, NETWORKS } from '../primary/vocabulary';
import type { Emulator } from '../emulator';
import { readText } from '../http/body';
import { ApiError } from '../http/errors';
import { formatIssues } from '../http/validation';
import { pChainActivitySchema, validatorActivityInputSchema } from '../primary/activitySchemas';
import { injectPChainActivity } from '../primary/pChain';
import { injectValidatorActivity } from '../primary/validators';
import type { WebhookRecord } from '../store';
import { escapeHtml } from './html';
import { avaxText, parseUnits } from './units';

// The dashboard's part for the primary-network types: what a webhook watches, and two forms that
// put P-Chain and L1 validator fee activity on the emulated network, their changes typed in AVAX.

const deliveries = (count: number) => `${count} ${count === 1 ? 'delivery' : 'deliveries'}`;

/** One line on what a webhook listens for: its sub-events and threshold (nothing for address_activity). */
export function watchSummary(webhook: WebhookRecord): string {
	const settings = webhook.primary;
	if (!settings) return '';
	const parts = [`${settings.network}: ${settings.subEvents.join(', ')}`];
	const filter = settings.balanceThresholdFilter;
	if (filter) parts.push(`threshold ${avaxText(filter.balanceThreshold)} (${filter.balanceType})`);
	if (settings.l1ValidatorFeeBalanceThreshold !== undefined) parts.push(`fee balance threshold ${avaxText(settings.l1ValidatorFeeBalanceThreshold)}`);
	return parts.join('; ');
}

const options = (values: readonly string[], selected?: string) =>
	values.map((value) => `<option value="${value}"${value === selected ? ' selected' : ''}>${value}</option>`).join('');

/** The first webhook of each type: the forms are filled in from them, so one click shows a delivery. */
function watched(emulator: Emulator): { treasury?: WebhookRecord; validator?: WebhookRecord } {
	const webhooks = emulator.store.allWebhooks();
	return {
		treasury: webhooks.find((webhook) => webhook.eventType === 'primary_network_address_activity'),
		validator: webhooks.find((webhook) => webhook.eventType === 'validator_activity' && webhook.primary?.keyType === 'nodeId'),
	};
}

/** The L1 for the fee form: the webhook's subnet filter, else an L1 the watched node validates. */
function feeSubnet(emulator: Emulator, validator: WebhookRecord | undefined): string {
	const filtered = validator?.primary?.subnetIds?.[0];
	if (filtered !== undefined || validator?.primary === undefined) return filtered ?? '';
	const node = validator.addresses[0];
	return emulator.validators.l1Validators(validator.primary.network).find((l1) => l1.nodeId === node && !l1.removed)?.subnetId ?? '';
}

/** The forms' address fields as their webhooks fill them in (by element id). */
export function primaryDefaults(emulator: Emulator): Record<string, string> {
	const { treasury, validator } = watched(emulator);
	return {
		'pchain-address': treasury?.addresses[0] ?? '',
		'fee-node-id': validator?.addresses[0] ?? '',
		'fee-subnet-id': feeSubnet(emulator, validator),
	};
}

/** The two forms, filled in from the first webhook of each type so one click shows a delivery. */
export function renderPrimaryForms(emulator: Emulator, query: URLSearchParams): string {
	const { treasury, validator } = watched(emulator);
	const result = query.get('primary');
	const error = query.get('primaryError');
	const message = result
		? `<p id="primary-result" role="status">${escapeHtml(result)}</p>`
		: error
			? `<p id="primary-error" role="alert">${escapeHtml(error)}</p>`
			: '';
	return `<section id="inject-primary">
<h2>Inject primary-network activity</h2>
${message}
<form id="pchain-form" method="post" action="/_emulator/dashboard/p-chain">
<h3>P-Chain balance change</h3>
<label for="pchain-network">Network</label>
<select id="pchain-network" name="network">${options(NETWORKS, treasury?.primary?.network)}</select>
<label for="pchain-address">P-Chain address</label>
<input id="pchain-address" name="address" placeholder="P-fuji1..." size="50" value="${escapeHtml(treasury?.addresses[0] ?? '')}" required>
<label for="pchain-balance-type">Balance type</label>
<select id="pchain-balance-type" name="balanceType">${options(BALANCE_TYPES, treasury?.primary?.balanceThresholdFilter?.balanceType)}</select>
<label for="pchain-change">Change <span class="hint">(AVAX, negative to withdraw)</span></label>
<input id="pchain-change" name="change" value="30">
<button id="pchain-submit" type="submit">Inject</button>
</form>
<form id="fee-form" method="post" action="/_emulator/dashboard/l1-fee">
<h3>L1 validator fee balance change</h3>
<label for="fee-network">Network</label>
<select id="fee-network" name="network">${options(NETWORKS, validator?.primary?.network)}</select>
<label for="fee-node-id">Node ID</label>
<input id="fee-node-id" name="nodeId" placeholder="NodeID-..." size="50" value="${escapeHtml(validator?.addresses[0] ?? '')}" required>
<label for="fee-subnet-id">L1 subnet ID</label>
<input id="fee-subnet-id" name="subnetId" size="50" value="${escapeHtml(feeSubnet(emulator, validator))}" required>
<label for="fee-change">Change <span class="hint">(AVAX, negative for fees paid)</span></label>
<input id="fee-change" name="change" value="-0.5">
<button id="fee-submit" type="submit">Inject</button>
</form>
</section>`;
}

type Form = Record<string, string>;

/** The form's change, typed in AVAX, in nAVAX (the service's unit). */
function changeInNavax(change: string | undefined): string {
	const parsed = parseUnits(change ?? '', 9, { signed: true });
	if ('problem' in parsed) throw new ApiError(400, [`Change: '${change ?? ''}' ${parsed.problem}`]);
	return parsed.value.toString();
}

const forms: Record<string, (emulator: Emulator, form: Form) => string> = {
	'/_emulator/dashboard/p-chain': (emulator, form) => {
		const input = parse(pChainActivitySchema, {
			network: form.network,
			balanceChanges: [{ address: form.address, balanceType: form.balanceType, change: changeInNavax(form.change) }],
		});
		const done = injectPChainActivity(emulator, input);
		return `Injected P-Chain transaction ${done.txHash} in block ${done.blockNumber}: ${deliveries(done.deliveries)}.`;
	},
	'/_emulator/dashboard/l1-fee': (emulator, form) => {
		const input = parse(validatorActivityInputSchema, { ...form, change: changeInNavax(form.change), activity: 'l1_validator_fee_balance' });
		const done = injectValidatorActivity(emulator, input);
		return `Fee balance of ${input.nodeId} is now ${avaxText(done.feeBalance ?? '0')}: ${deliveries(done.deliveries)}.`;
	},
};

function parse<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
	const parsed = schema.safeParse(input);
	if (!parsed.success) throw new ApiError(400, formatIssues(parsed.error));
	return parsed.data;
}

/** Whether the path is one of these forms' POST targets. */
export const isPrimaryForm = (path: string) => path in forms;

/** A form's POST: injects the activity, then redirects back to the dashboard with the result. */
export async function handlePrimaryForm(emulator: Emulator, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
	const form = Object.fromEntries([...new URLSearchParams(await readText(req)).entries()].filter(([, value]) => value !== ''));
	let location: string;
	try {
		location = `/?primary=${encodeURIComponent(forms[path](emulator, form))}`;
	} catch (error) {
		location = `/?primaryError=${encodeURIComponent(error instanceof ApiError ? error.messages.join('; ') : 'injection failed')}`;
	}
	res.writeHead(303, { location });
	res.end();
}

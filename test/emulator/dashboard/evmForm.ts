/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { activitySchema, type ActivityInput } from '../chain/activity';
import type { Emulator } from '../emulator';
import { readText } from '../http/body';
import { ApiError } from '../http/errors';
import { addressSchema, formatIssues } from '../http/validation';
import type { WebhookRecord } from '../store';
import { escapeHtml } from './html';
import { amountText, inUnits, parseUnits, shortAddress } from './units';

// The form that puts a transfer on an EVM chain: filled in with a deposit to a monitored address,
// its amount typed in the token's units (1500 AVAX, 250 USDC) and turned into the smallest unit here.

/** USDC, the ERC-20 the examples watch, at its addresses on the C-Chain and on Fuji. */
const USDC = { name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const USDC_ADDRESSES: Record<string, string> = {
	'43114': '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
	'43113': '0x5425890298aed601595a70AB815c96711a31Bc65',
};
/** The sender of the pre-filled deposit: an address no example watches. */
const COUNTERPARTY = '0x28C6c06298d514Db089934071355E5743bf21d60';

export interface EvmFormValues {
	chainId: string;
	from: string;
	to: string;
	token: 'native' | 'USDC';
	amount: string;
}

/** The first address_activity webhook, active ones first: the one the form's deposit goes to. */
function watched(emulator: Emulator): WebhookRecord | undefined {
	const webhooks = emulator.store.allWebhooks().filter((webhook) => webhook.eventType === 'address_activity' && webhook.addresses.length);
	return webhooks.find((webhook) => webhook.status === 'active') ?? webhooks[0];
}

/** A deposit of 1,500 of the native token to the first monitored address. */
export function evmDefaults(emulator: Emulator): EvmFormValues {
	const webhook = watched(emulator);
	return { chainId: webhook?.chainId ?? '43114', from: COUNTERPARTY, to: webhook?.addresses[0] ?? '', token: 'native', amount: '1500' };
}

function valuesFrom(query: URLSearchParams, defaults: EvmFormValues): EvmFormValues {
	const get = (name: keyof EvmFormValues) => query.get(`form.${name}`) ?? defaults[name];
	return { chainId: get('chainId'), from: get('from'), to: get('to'), token: get('token') === 'USDC' ? 'USDC' : 'native', amount: get('amount') };
}

const nativeSymbol = (emulator: Emulator, chainId: string) => emulator.chains.info(chainId)?.networkToken.symbol ?? 'native token';

export function renderEvmForm(emulator: Emulator, query: URLSearchParams): string {
	const values = valuesFrom(query, evmDefaults(emulator));
	const tx = query.get('tx');
	const error = query.get('error');
	const result = tx
		? `<p id="activity-result" role="status">Injected ${escapeHtml(query.get('what') ?? '')}: transaction <code id="activity-tx-hash">${escapeHtml(tx)}</code> in block <span id="activity-block-number">${escapeHtml(query.get('block') ?? '')}</span>, ${escapeHtml(query.get('deliveries') ?? '0')} ${query.get('deliveries') === '1' ? 'delivery' : 'deliveries'} (below).</p>`
		: error
			? `<p id="activity-error" role="alert">${escapeHtml(error)}</p>`
			: '';
	const chainOptions = emulator.chains
		.list()
		.filter((chain) => chain.status === 'OK')
		.map((chain) => `<option value="${chain.chainId}"${chain.chainId === values.chainId ? ' selected' : ''}>${escapeHtml(chain.chainName)} (${chain.chainId})</option>`)
		.join('');
	const monitored = emulator.store
		.allWebhooks()
		.filter((webhook) => webhook.eventType === 'address_activity')
		.flatMap((webhook) => webhook.addresses.map((address) => `<option value="${escapeHtml(address)}">${escapeHtml(webhook.name)}</option>`))
		.join('');
	const token = (value: EvmFormValues['token'], label: string) => `<option value="${value}"${values.token === value ? ' selected' : ''}>${escapeHtml(label)}</option>`;
	return `<section id="inject">
<h2>Inject a transfer</h2>
${result}
<form id="activity-form" method="post" action="/_emulator/dashboard/activity">
<label for="activity-chain-id">Chain</label>
<select id="activity-chain-id" name="chainId">${chainOptions}</select>
<label for="activity-from">From</label>
<input id="activity-from" name="from" list="monitored-addresses" placeholder="0x..." value="${escapeHtml(values.from)}" required size="44">
<label for="activity-to">To <span class="hint">(a monitored address: a deposit; swap for a withdrawal)</span></label>
<input id="activity-to" name="to" list="monitored-addresses" placeholder="0x..." value="${escapeHtml(values.to)}" required size="44">
<button id="activity-swap" type="button">Swap From and To</button>
<datalist id="monitored-addresses">${monitored}</datalist>
<label for="activity-token">Token</label>
<select id="activity-token" name="token">${token('native', `${nativeSymbol(emulator, values.chainId)} (the chain's native token)`)}${token('USDC', 'USDC (ERC-20, 6 decimals)')}</select>
<label for="activity-amount">Amount <span class="hint">(in the token's units: 1500, 0.25)</span></label>
<input id="activity-amount" name="amount" value="${escapeHtml(values.amount)}" required>
<button id="activity-submit" type="submit">Inject</button>
</form>
</section>`;
}

/** The activity the form describes, or what is wrong with it (every problem at once). */
function activityOf(emulator: Emulator, form: EvmFormValues): { activity: ActivityInput; what: string } {
	const problems: string[] = [];
	for (const field of ['from', 'to'] as const) {
		const parsed = addressSchema.safeParse(form[field]);
		if (!parsed.success) problems.push(`${field === 'from' ? 'From' : 'To'}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
	}
	const info = emulator.chains.info(form.chainId);
	if (!info) problems.push(`Chain: ${form.chainId} is not a supported chain`);
	const decimals = form.token === 'USDC' ? USDC.decimals : (info?.networkToken.decimals ?? 18);
	const amount = parseUnits(form.amount, decimals);
	if ('problem' in amount) problems.push(`Amount: '${form.amount}' ${amount.problem}`);
	if (problems.length || 'problem' in amount || !info) throw new ApiError(400, problems);
	const value = amount.value.toString();
	const symbol = form.token === 'USDC' ? USDC.symbol : info.networkToken.symbol;
	const what = `${amountText(inUnits(value, decimals), symbol)} from ${shortAddress(form.from)} to ${shortAddress(form.to)}`;
	const input =
		form.token === 'USDC'
			? {
					chainId: form.chainId,
					from: form.from,
					to: USDC_ADDRESSES[form.chainId] ?? USDC_ADDRESSES['43114'],
					erc20Transfers: [{ token: { ...USDC, address: USDC_ADDRESSES[form.chainId] ?? USDC_ADDRESSES['43114'] }, from: form.from, to: form.to, value }],
				}
			: { chainId: form.chainId, from: form.from, to: form.to, value };
	const parsed = activitySchema.safeParse(input);
	if (!parsed.success) throw new ApiError(400, formatIssues(parsed.error));
	return { activity: parsed.data, what };
}

/** The form's POST: injects the transfer, then redirects back to the dashboard with the result and the form's values. */
export async function handleEvmForm(emulator: Emulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
	const posted = new URLSearchParams(await readText(req));
	const empty: EvmFormValues = { chainId: '', from: '', to: '', token: 'native', amount: '' };
	const form = valuesFrom(new URLSearchParams([...posted.entries()].map(([name, value]): [string, string] => [`form.${name}`, value.trim()])), empty);
	const keep = Object.entries(form).map(([name, value]) => `&form.${name}=${encodeURIComponent(value)}`).join('');
	let location: string;
	try {
		const { activity, what } = activityOf(emulator, form);
		const injected = emulator.injectActivity(activity);
		location = `/?tx=${injected.txHash}&block=${injected.blockNumber}&deliveries=${injected.deliveries}&what=${encodeURIComponent(what)}`;
	} catch (error) {
		location = `/?error=${encodeURIComponent(error instanceof ApiError ? error.messages.join('; ') : 'injection failed')}`;
	}
	res.writeHead(303, { location: `${location}${keep}` });
	res.end();
}

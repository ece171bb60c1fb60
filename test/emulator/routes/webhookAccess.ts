import { badRequest, notFound } from '../http/errors';
import type { RequestContext } from '../http/router';
import type { WebhookRecord } from '../store';
import { FREE_PLAN_ADDRESS_LIMIT } from '../types';

/** The caller's webhook named in the path; webhooks of other accounts are not visible (404). */
export function findOwnWebhook(context: RequestContext): WebhookRecord {
	const webhook = context.account.webhooks.get(context.params.id);
	if (!webhook) throw notFound(`webhook '${context.params.id}' was not found`);
	return webhook;
}

/** Rejects an address set larger than the account's plan allows, stating the limit and the count. */
export function checkAddressAllowance(context: RequestContext, count: number): void {
	const { plan } = context.account;
	const limit = plan === 'free' ? FREE_PLAN_ADDRESS_LIMIT : context.emulator.options.paidAddressLimit;
	if (count > limit) {
		throw badRequest(
			`the ${plan} plan allows at most ${limit} addresses per webhook; this request would give the webhook ${count} addresses`,
		);
	}
}

/** Chain checks for a new webhook: known chain with the webhooks feature. */
export function checkWebhookChain(context: RequestContext, chainId: string): void {
	const info = context.emulator.chains.info(chainId);
	if (!info) {
		const supported = context.emulator.chains
			.list()
			.filter((chain) => chain.enabledFeatures.includes('webhooks'))
			.map((chain) => chain.chainId);
		throw badRequest(`chainId ${chainId} is not a supported chain; webhooks are supported on chains ${supported.join(', ')}`);
	}
	if (!info.enabledFeatures.includes('webhooks')) {
		throw badRequest(`chainId ${chainId} (${info.chainName}) does not support webhooks`);
	}
}

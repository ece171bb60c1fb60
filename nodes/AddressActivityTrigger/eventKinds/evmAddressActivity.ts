/**
 * The trigger watching EVM address activity: one webhook per chain (../lifecycle/evmLifecycle.ts),
 * and three kinds of POST at its URL: deliveries (../receive/evmDelivery.ts), its own catch-up
 * requests (../catchUp/) and, for Execute step, its own sample requests (../sample/), told apart
 * once their signature held.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

import { catchUpRequestIn } from '../catchUp/request';
import { checkExists, create, remove } from '../lifecycle/evmLifecycle';
import { withinLifecycleBudget } from '../lifecycle/lifecycleBudget';
import { refuseUnreachableUrl } from '../lifecycle/publicUrl';
import { removeOtherEventTypeWebhooks } from '../lifecycle/primaryNetworkLifecycle';
import { readDeliveryParameters } from '../parameters/readParameters';
import { verifiedRequest } from '../receive/verifiedRequest';
import { sampleRequestIn } from '../sample/request';
import { requestSampleAfterTestRegistration } from '../sample/send';
import type { EventKind, ReceivedRequest } from './eventKind';

export const evmAddressActivity: EventKind = {
	async checkExists(context) {
		await refuseUnreachableUrl(context);
		const exists = await withinLifecycleBudget(context, async (call) => {
			const found = await checkExists(context, call);
			await removeOtherEventTypeWebhooks(context, false, call);
			return found;
		});
		if (exists) await requestSampleAfterTestRegistration(context);
		return exists;
	},

	async create(context) {
		await refuseUnreachableUrl(context);
		const created = await withinLifecycleBudget(context, async (call) => await create(context, call));
		await requestSampleAfterTestRegistration(context);
		return created;
	},

	async delete(context) {
		return await withinLifecycleBudget(context, async (call) => await remove(context, call));
	},

	async received(context: IWebhookFunctions): Promise<ReceivedRequest> {
		const verification = await verifiedRequest(context, readDeliveryParameters.call(context));
		if (!verification.ok) return { receiver: 'refusal', answer: verification.refusal };
		const { request } = verification;
		// The trigger's own catch-up requests come to this URL too, signed as deliveries are.
		const own = catchUpRequestIn(request.body);
		if (own?.kind === 'resume') return { receiver: 'resume', request, resume: own.request };
		if (own?.kind === 'catchUp') return { receiver: 'catchUp', request, catchUp: own.request };
		if (own?.kind === 'flush') return { receiver: 'flush', request, flush: own.request };
		if (own?.kind === 'heal') return { receiver: 'heal', request, heal: own.request };
		const sample = sampleRequestIn(request.body);
		if (sample !== undefined) return { receiver: 'sample', request, sample };
		return { receiver: 'evmDelivery', request };
	},
};

import type { IHookFunctions } from 'n8n-workflow';

import { N8N_ACTIVATION_RETRY_MS } from '../../shared/n8n/n8nInternals';
import type { ServiceCall } from '../../shared/service/transport';
import { forgetLifecycleStart, lifecycleStartOf, recordLifecycleStart } from '../memory/lifecycleStarts';
import { publicationEnded, publicationKey, publicationStarted } from '../memory/publications';

/**
 * What an activation or deactivation may spend on the service, retries included. n8n retries a
 * failed activation for a while, then ends it with its own message (N8N_ACTIVATION_RETRY_MS):
 * calls that follow a failure within that time share the first one's budget, so the node's message
 * ends it instead.
 */
const LIFECYCLE_BUDGET_MS = 45_000;

/** Runs one of the webhook methods' work with its deadline for calls to the service. */
export async function withinLifecycleBudget<T>(context: IHookFunctions, work: (call: ServiceCall) => Promise<T>): Promise<T> {
	const key = `${context.getWorkflow().id ?? ''}/${context.getNode().name}/${context.getMode() === 'manual' ? 'test' : 'production'}`;
	const now = Date.now();
	const failing = lifecycleStartOf(key);
	const started = failing !== undefined && now < failing + N8N_ACTIVATION_RETRY_MS ? failing : now;
	recordLifecycleStart(key, started);
	// Meanwhile this process's deliveries leave the durable position to a later flush: n8n saves the publication's copy last.
	const publication = publicationKey(context.getWorkflow().id, context.getNode().name);
	publicationStarted(publication);
	try {
		const result = await work({ deadline: started + LIFECYCLE_BUDGET_MS });
		forgetLifecycleStart(key);
		return result;
	} finally {
		publicationEnded(publication, Date.now());
	}
}

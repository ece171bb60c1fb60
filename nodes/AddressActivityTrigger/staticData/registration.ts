/** The keys that name a registered webhook in static data, and where a P-Chain or validator trigger keeps them. */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

const REGISTRATION_KEYS = ['webhookId', 'webhookUrl', 'ownAddresses', 'network'];

/**
 * A P-Chain or validator trigger's one webhook (../lifecycle/primaryNetworkLifecycle.ts), at the top
 * level of static data: such a webhook is on a network, not on chains.
 */
interface RegistrationState extends IDataObject {
	webhookId?: string;
	webhookUrl?: string;
	/** The primary network the webhook was registered on (the service's answers do not say). */
	network?: string;
}

export function registrationState(context: IHookFunctions): RegistrationState {
	return context.getWorkflowStaticData('node') as RegistrationState;
}

export function clearRegistration(state: IDataObject): void {
	for (const key of REGISTRATION_KEYS) delete state[key];
}

import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import type { RemoteWebhook } from '../shared/webhooks';
import type { TriggerConfig } from './triggerConfig';

/**
 * The node's static data: what finding its webhook and tidying it up at the next activation needs.
 * Only the lifecycle methods write it (n8n runs them one at a time in the main process); the
 * delivery path never reads or writes it, because n8n saves static data whole and the last writer wins.
 */
export interface RegistrationState extends IDataObject {
	webhookId?: string;
	/** The URL the webhook was registered with. */
	webhookUrl?: string;
	chainId?: string;
	/** The primary network a P-Chain or validator webhook was registered on (the service's answers do not say). */
	network?: string;
	/** Lower-case addresses the trigger itself registered, so that a later activation can remove those it no longer lists. */
	ownAddresses?: string[];
}

/** Keys earlier versions kept in static data (the secret among them): removed at the next activation. */
const RETIRED_KEYS = ['sharedSecret', 'secretCheckedAt', 'seenMessages', 'extraAddresses', 'addressesCheckedAt', 'nativeToken'];

export function registrationState(context: IHookFunctions): RegistrationState {
	return context.getWorkflowStaticData('node') as RegistrationState;
}

export function clearRegistration(state: RegistrationState): void {
	for (const key of ['webhookId', 'webhookUrl', 'chainId', 'network', 'ownAddresses', ...RETIRED_KEYS]) delete state[key];
}

/** Records the production registration (test listening never touches static data). */
export function recordRegistration(state: RegistrationState, webhook: RemoteWebhook, url: string, config: TriggerConfig): void {
	for (const key of RETIRED_KEYS) delete state[key];
	Object.assign(state, {
		webhookId: webhook.id,
		webhookUrl: url,
		chainId: config.chainId,
		ownAddresses: config.addresses.lowerCase,
	});
}

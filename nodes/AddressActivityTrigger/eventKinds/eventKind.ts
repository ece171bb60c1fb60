/**
 * What the trigger does depends on its Event, chosen once per call (AddressActivityTrigger.node.ts):
 * EVM address activity (evmAddressActivity.ts) or a P-Chain or validator event type
 * (primaryNetworkActivity.ts), each with its own activation, deactivation and receiving side.
 */
import type { IHookFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { ResumeRequest } from '../../shared/service/catchUpRequest';
import type { PrimaryOwnRequest } from '../catchUp/primaryRequest';
import type { CatchUpRequest } from '../catchUp/request';
import type { FlushRequest, HealRequest } from '../staticData/positionRequests';
import type { DeliveryParameters } from '../parameters/readParameters';
import type { PrimaryNetworkDeliveryParameters } from '../parameters/readPrimaryNetworkParameters';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import type { SampleRequest } from '../sample/request';

/** A request to the trigger's URL, verified and told apart: which receiver answers it. */
export type ReceivedRequest =
	| { receiver: 'refusal'; answer: IWebhookResponseData }
	| { receiver: 'evmDelivery'; request: VerifiedRequest<DeliveryParameters> }
	| { receiver: 'catchUp'; request: VerifiedRequest<DeliveryParameters>; catchUp: CatchUpRequest }
	| { receiver: 'resume'; request: VerifiedRequest<DeliveryParameters>; resume: ResumeRequest }
	| { receiver: 'sample'; request: VerifiedRequest<DeliveryParameters>; sample: SampleRequest }
	| { receiver: 'flush'; request: VerifiedRequest<DeliveryParameters>; flush: FlushRequest }
	| { receiver: 'heal'; request: VerifiedRequest<DeliveryParameters>; heal: HealRequest }
	| { receiver: 'primaryNetworkDelivery'; request: VerifiedRequest<PrimaryNetworkDeliveryParameters> }
	| { receiver: 'primarySample'; request: VerifiedRequest<PrimaryNetworkDeliveryParameters>; sample: SampleRequest }
	| { receiver: 'primaryCatchUp'; request: VerifiedRequest<PrimaryNetworkDeliveryParameters>; own: PrimaryOwnRequest };

export interface EventKind {
	/** True when the trigger's webhooks exist at the service and match the parameters (repairing what can be repaired). */
	checkExists(context: IHookFunctions): Promise<boolean>;
	/** Registers the trigger's webhooks, all or none. */
	create(context: IHookFunctions): Promise<boolean>;
	/** Deletes the trigger's webhooks, or keeps them inactive when On Deactivation says so. */
	delete(context: IHookFunctions): Promise<boolean>;
	/** A request to the trigger's URL, read with this kind's parameters and verified: which receiver answers it. */
	received(context: IWebhookFunctions): Promise<ReceivedRequest>;
}

import type { INodeProperties } from 'n8n-workflow';

import { EVENT_TYPES } from '../../../shared/model/primaryNetwork';
import {
	addressSubEventParameters,
	eventTypeChoice,
	forType,
	networkParameter,
	pChainAddressesParameter,
	validatorFiltersParameter,
	validatorKeyTypeParameter,
	validatorSubEventParameters,
} from '../../../shared/parameters/primaryNetworkParameters';

// Webhook > Create's fields of the two primary-network event types, each shown for its type only;
// those the trigger has too come from shared/parameters/primaryNetworkParameters.ts.

const VALIDATOR = EVENT_TYPES.validatorActivity;

export const eventTypeParameter = eventTypeChoice('Event Type', 'What the webhook watches; each type has its own fields below');

const pChainParameters: INodeProperties[] = [
	pChainAddressesParameter(
		'Addresses',
		'P-Chain addresses of the network chosen (P-avax1... on mainnet, P-fuji1... on Fuji), separated by commas, spaces or new lines, or an array from an expression. Duplicates are dropped.',
	),
	...addressSubEventParameters('Which activity the service delivers'),
];

const validatorParameters: INodeProperties[] = [
	validatorKeyTypeParameter('Key Type'),
	{
		displayName: 'Key',
		name: 'validatorKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
		description:
			'Exactly one node ID or subnet ID, of the Key Type chosen: the service watches one key per validator webhook and it cannot be changed later. For several, create one webhook each.',
		displayOptions: forType(VALIDATOR),
	},
	...validatorSubEventParameters(
		'Which activity the service delivers',
		"In AVAX (at most 9 decimals): delivered when an L1 validator's fee balance falls to or below it. The node sends it in nAVAX.",
	),
	validatorFiltersParameter,
];

/** Network, then the fields of the type chosen. */
export const primaryNetworkParameterList: INodeProperties[] = [networkParameter, ...pChainParameters, ...validatorParameters];

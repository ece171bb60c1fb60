import type { INodeProperties } from 'n8n-workflow';

import { EVENT_TYPES } from '../../shared/model/primaryNetwork';
import {
	addressSubEventParameters,
	eventTypeChoice,
	forType,
	networkParameter,
	pChainAddressesParameter,
	validatorFiltersParameter,
	validatorKeyTypeParameter,
	validatorSubEventParameters,
} from '../../shared/parameters/primaryNetworkParameters';

// The trigger's parameters of the two primary-network event types; those Webhook > Create of the
// action node has too come from shared/parameters/primaryNetworkParameters.ts.

const P_CHAIN = EVENT_TYPES.primaryNetworkAddressActivity;
const VALIDATOR = EVENT_TYPES.validatorActivity;

export const eventTypeParameter = eventTypeChoice('Event', 'What starts the workflow');

const pChainParameters: INodeProperties[] = [
	pChainAddressesParameter(
		'P-Chain Addresses',
		'The P-Chain addresses to watch, of the network chosen (P-avax1... on mainnet, P-fuji1... on Fuji), separated by commas, spaces or new lines (or an array from an expression)',
	),
	...addressSubEventParameters('Which activity starts the workflow'),
];

const validatorParameters: INodeProperties[] = [
	validatorKeyTypeParameter('Watch By'),
	{
		displayName: 'Node ID',
		name: 'validatorKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
		description: 'Exactly one node ID: the service takes a single key per validator webhook. For several validators, use one trigger each, or watch their subnet.',
		displayOptions: { show: { eventType: [VALIDATOR], validatorKeyType: ['nodeId'] } },
	},
	{
		displayName: 'Subnet ID',
		name: 'validatorKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: '11111111111111111111111111111111LpoYY',
		description: 'Exactly one subnet (L1) ID: the service takes a single key per validator webhook. Node IDs below narrow it to some of its validators.',
		displayOptions: { show: { eventType: [VALIDATOR], validatorKeyType: ['subnetId'] } },
	},
	...validatorSubEventParameters(
		'Which activity starts the workflow',
		"In AVAX (at most 9 decimals): the run starts once each time an L1 validator's fee balance falls to or below it. The node sends it in nAVAX.",
	),
	validatorFiltersParameter,
];

/** The Output choice of the two types: their items, or the message as sent. */
const primaryNetworkOutputParameter: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	default: 'events',
	options: [
		{ name: 'Events', value: 'events', description: 'One item per delivery: the event with amounts in AVAX and nAVAX and times as dates' },
		{ name: 'Raw Message', value: 'raw', description: 'One item per delivery: the message exactly as the service sent it' },
	],
	displayOptions: forType(P_CHAIN, VALIDATOR),
};

/** Everything the two primary-network types add to the trigger, after the Event choice. */
export const primaryNetworkParameterList: INodeProperties[] = [
	networkParameter,
	...pChainParameters,
	...validatorParameters,
	primaryNetworkOutputParameter,
];

/**
 * The canvas subtitle for every event type: the EVM one (chains and addresses) unless the Event is
 * P-Chain ("P-Chain Mainnet · 2 addresses") or validator activity ("Validator node · Fuji").
 */
export function eventTypeSubtitle(evmSubtitle: string): string {
	const evm = evmSubtitle.replace(/^=\{\{\s*/, '').replace(/\s*\}\}$/, '');
	const type = '$rawParameter["eventType"]';
	const network = '($rawParameter["network"] === "fuji" ? "Fuji" : "Mainnet")';
	const addresses = '$rawParameter["pChainAddresses"]';
	const plural = '((count) => count + (count === 1 ? " address" : " addresses"))';
	const distinct = `new Set((String(${addresses} || "").match(/P-[a-z]+1[0-9a-z]+/gi) || []).map((address) => address.toLowerCase())).size`;
	const addressLabel =
		`(Array.isArray(${addresses}) ? ${plural}(${addresses}.length) : String(${addresses} || "").startsWith("=") ? "addresses from an expression" : ${plural}(${distinct}))`;
	const pChain = `"P-Chain " + ${network} + " · " + ${addressLabel}`;
	const validator = `"Validator " + ($rawParameter["validatorKeyType"] === "subnetId" ? "subnet" : "node") + " · " + ${network}`;
	return `={{ ${type} === "${P_CHAIN}" ? ${pChain} : ${type} === "${VALIDATOR}" ? ${validator} : ${evm} }}`;
}

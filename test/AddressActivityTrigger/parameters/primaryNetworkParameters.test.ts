// The P-Chain and validator trigger's parameters as the editor shows them (the fields each Event
// shows, the options) and the canvas subtitle n8n draws from them, through n8n-workflow's
// NodeHelpers and expression engine.
import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { AddressActivityTrigger } from '../../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import { TRIGGER_NODE_TYPE } from '../../harness/names';
import { harnessNode, singleNodeWorkflow } from '../../harness/nodeTypes';
import { COLD_WALLET, TREASURY, pChainParameters, validatorParameters } from '../eventTypesSupport';

describe('the canvas subtitle', () => {
	const trigger = new AddressActivityTrigger();
	function subtitle(parameters: INodeParameters): unknown {
		const node = harnessNode({ id: 'subtitle', type: TRIGGER_NODE_TYPE, typeVersion: 3, parameters });
		return singleNodeWorkflow(node).expression.getSimpleParameterValue(node, trigger.description.subtitle as string, 'internal', {});
	}

	it('names the network and counts the P-Chain addresses', () => {
		expect(subtitle(pChainParameters({ pChainAddresses: `${TREASURY}\n${COLD_WALLET}, ${TREASURY.toUpperCase().replace('P-FUJI', 'P-fuji')}` }))).toBe('P-Chain Fuji · 2 addresses');
	});

	it('says what a validator trigger watches', () => {
		expect(subtitle(validatorParameters({ network: 'mainnet' }))).toBe('Validator subnet · Mainnet');
	});

	it('keeps the EVM subtitle for workflows without the Event parameter', () => {
		expect(subtitle({ chainIds: ['43114'], addresses: '0x1111111111111111111111111111111111111111' })).toBe('C-Chain · 1 address');
	});
});

describe('the trigger in the editor', () => {
	const { description } = new AddressActivityTrigger();

	/** The fields the editor shows for a new trigger with this Event (every other parameter at its default). */
	function shownFields(eventType: string | undefined, extra: INodeParameters = {}): string[] {
		const node = harnessNode({ type: TRIGGER_NODE_TYPE, typeVersion: 3, parameters: {} });
		const given = eventType === undefined ? extra : { eventType, ...extra };
		const parameters = NodeHelpers.getNodeParameters(description.properties, given, true, false, node, description) ?? {};
		return description.properties.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description)).map((property) => property.displayName);
	}

	it('shows the EVM fields by default, as before the Event parameter', () => {
		expect(shownFields(undefined)).toEqual(expect.arrayContaining(['Event', 'Chains', 'Addresses', 'Event Signatures', 'Include Internal Transactions', 'Include Logs', 'Output', 'Filters']));
		expect(shownFields(undefined)).not.toContain('Network');
	});

	it('shows only the P-Chain fields for P-Chain Address Activity, the threshold once Balance Threshold Crossed is chosen', () => {
		// No notice: that these events are not caught up on is said in the Event's description.
		expect(shownFields('primary_network_address_activity')).toEqual(['Event', 'Network', 'P-Chain Addresses', 'Sub-Events', 'Output', 'Options']);
		expect(shownFields('primary_network_address_activity', { addressSubEvents: ['balance_threshold'] })).toEqual([
			'Event', 'Network', 'P-Chain Addresses', 'Sub-Events', 'Balance Type', 'Balance Threshold (AVAX)', 'Output', 'Options',
		]);
	});

	it('shows only the validator fields for Validator Activity: one key, named for its type, the fee threshold once chosen', () => {
		expect(shownFields('validator_activity')).toEqual(['Event', 'Network', 'Watch By', 'Node ID', 'Sub-Events', 'Validator Filters', 'Output', 'Options']);
		expect(shownFields('validator_activity', { validatorKeyType: 'subnetId', validatorSubEvents: ['l1_validator_balance_threshold'] })).toEqual([
			'Event', 'Network', 'Watch By', 'Subnet ID', 'Sub-Events', 'L1 Fee Balance Threshold (AVAX)', 'Validator Filters', 'Output', 'Options',
		]);
	});

	it('offers Catch Up At Most for every event type', () => {
		const options = (eventType: string) =>
			((description.properties.find((property) => property.name === 'options')?.options ?? []) as INodeProperties[])
				.filter((option) => NodeHelpers.displayParameter({}, option, harnessNode({ type: TRIGGER_NODE_TYPE, typeVersion: 3 }), description, { eventType }))
				.map((option) => option.displayName);
		expect(options('address_activity')).toContain('Catch Up At Most (Hours)');
		expect(options('primary_network_address_activity')).toContain('Catch Up At Most (Hours)');
		expect(options('validator_activity')).toContain('Catch Up At Most (Hours)');
	});
});

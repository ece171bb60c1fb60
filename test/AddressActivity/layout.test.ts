import type { INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { AddressActivityPollTrigger } from '../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import { harnessNode } from '../harness/nodeTypes';

const description = new AddressActivity().description;

/** The top-level fields the editor shows for these parameters at this node version, in order. */
function shownFields(typeVersion: number, parameters: INodeParameters): INodeProperties[] {
	const node: INode = harnessNode({ typeVersion, parameters });
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(parameters, property, node, description),
	);
}

/** The entries of a collection the editor offers for these parameters (an entry may look at the node's parameters). */
function shownOptions(typeVersion: number, parameters: INodeParameters, fields: INodeProperties[], name = 'options'): string[] {
	const node: INode = harnessNode({ typeVersion, parameters });
	const collection = fields.find((field) => field.name === name);
	return (collection?.options as INodeProperties[])
		.filter((option) => NodeHelpers.displayParameter({}, option, node, description, parameters))
		.map((option) => option.displayName);
}

describe('Webhook > Create in the editor', () => {
	// As the editor holds a new node: every parameter at its default.
	const create = { resource: 'webhook', operation: 'create', addresses: '' };

	it('version 1.1 asks for the Event Type first, then shows Event Signatures right after Addresses, one Options and the Request Options', () => {
		const fields = shownFields(1.1, create);
		expect(fields.map((field) => field.displayName)).toEqual([
			'Resource',
			'Operation',
			'Event Type',
			'Callback URL',
			'Chain',
			'Addresses',
			'Event Signatures',
			'Include Internal Transactions',
			'Include Logs',
			'Options',
			'Request Options',
		]);
		const options = fields.find((field) => field.name === 'options');
		expect((options?.options as INodeProperties[]).map((option) => option.displayName)).toEqual(['Batch Size', 'Description', 'Name']);
	});

	it('version 1 (workflows saved before 1.1) keeps Additional Fields and its Options, so their saved values stay', () => {
		const fields = shownFields(1, create).map((field) => field.name);
		expect(fields).toEqual(expect.arrayContaining(['additionalFields', 'options']));
		expect(fields).not.toContain('eventSignatures');
	});

	it('P-Chain Address Activity shows Network, Addresses and Sub-Events, without the EVM fields or Batch Size', () => {
		const parameters = { ...create, eventType: 'primary_network_address_activity', addressSubEvents: ['balance_change'] };
		const fields = shownFields(1.1, parameters);
		expect(fields.map((field) => field.displayName)).toEqual([
			'Resource',
			'Operation',
			'Event Type',
			'Callback URL',
			'Network',
			'Addresses',
			'Sub-Events',
			'Options',
			'Request Options',
		]);
		expect(shownOptions(1.1, parameters, fields)).toEqual(['Description', 'Name']);
	});

	it('P-Chain Address Activity with the Balance Threshold sub-event also shows Balance Type and Balance Threshold (AVAX)', () => {
		const fields = shownFields(1.1, { ...create, eventType: 'primary_network_address_activity', addressSubEvents: ['balance_change', 'balance_threshold'] });
		expect(fields.map((field) => field.displayName)).toEqual(expect.arrayContaining(['Balance Type', 'Balance Threshold (AVAX)']));
		const balanceType = fields.find((field) => field.name === 'balanceType');
		expect((balanceType?.options as Array<{ name: string }>).map((option) => option.name)).toHaveLength(10);
		expect((balanceType?.options as Array<{ name: string }>).map((option) => option.name)).toContain('Atomic Memory Unlocked');
	});

	it('Validator Activity shows Network, Key Type, one Key, Sub-Events and the validator filters', () => {
		const parameters = { ...create, eventType: 'validator_activity', validatorSubEvents: ['validator_stake'] };
		const fields = shownFields(1.1, parameters);
		expect(fields.map((field) => field.displayName)).toEqual([
			'Resource',
			'Operation',
			'Event Type',
			'Callback URL',
			'Network',
			'Key Type',
			'Key',
			'Sub-Events',
			'Validator Filters',
			'Options',
			'Request Options',
		]);
		const withThreshold = shownFields(1.1, { ...parameters, validatorSubEvents: ['l1_validator_balance_threshold'] });
		expect(withThreshold.map((field) => field.displayName)).toContain('L1 Fee Balance Threshold (AVAX)');
	});

	it('version 1 with another event type keeps Additional Fields without Event Signatures, and no Batch Size', () => {
		const parameters = { ...create, eventType: 'validator_activity' };
		const fields = shownFields(1, parameters);
		expect(fields.map((field) => field.name)).toEqual(expect.arrayContaining(['eventType', 'additionalFields']));
		expect(fields.map((field) => field.name)).not.toContain('options');
		const additional = fields.find((field) => field.name === 'additionalFields');
		expect(shownOptions(1, parameters, [additional!], 'additionalFields')).toEqual(['Description', 'Name']);
	});

	it('new nodes get version 1.1', () => {
		expect(description.defaultVersion).toBe(1.1);
	});
});

describe("n8n's casing", () => {
	it('every collection of all three nodes says "Add Option", "Add Field" or "Add Filter"', () => {
		const properties = [description, new AddressActivityTrigger().description, new AddressActivityPollTrigger().description].flatMap(
			(node) => node.properties,
		);
		const placeholders = properties.filter((property) => property.type === 'collection').map((property) => property.placeholder);
		expect(placeholders.length).toBeGreaterThan(3);
		for (const placeholder of placeholders) expect(placeholder).toMatch(/^Add [A-Z][a-z]+$/);
	});
});

describe('the Chain parameter of both triggers in the editor', () => {
	const triggers = [
		{ name: 'Address Activity Trigger', node: new AddressActivityTrigger(), single: [1, 2], several: 3 },
		{ name: 'Address Activity Poll Trigger', node: new AddressActivityPollTrigger(), single: [1], several: 2 },
	];

	/** The display names of the chain parameters the editor shows at this version. */
	function chainFields(trigger: (typeof triggers)[number], typeVersion: number): string[] {
		const node: INode = harnessNode({ typeVersion, parameters: {} });
		return trigger.node.description.properties
			.filter((property) => ['chainId', 'chainIds'].includes(property.name))
			.filter((property) => NodeHelpers.displayParameter({}, property, node, trigger.node.description))
			.map((property) => `${property.displayName} (${property.type})`);
	}

	it.each(triggers)('$name: new nodes get the version with Chains, a list loaded from the service', (trigger) => {
		expect(trigger.node.description.defaultVersion).toBe(trigger.several);
		expect(chainFields(trigger, trigger.several)).toEqual(['Chains (multiOptions)']);
	});

	it.each(triggers)('$name: earlier versions keep the single Chain their saved workflows hold', (trigger) => {
		for (const version of trigger.single) expect(chainFields(trigger, version)).toEqual(['Chain (resourceLocator)']);
	});
});

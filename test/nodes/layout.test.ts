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

describe('Webhook > Create in the editor', () => {
	// As the editor holds a new node: every parameter at its default.
	const create = { resource: 'webhook', operation: 'create', addresses: '' };

	it('version 1.1 shows Event Signatures right after Addresses, then one Options and the Request Options', () => {
		const fields = shownFields(1.1, create);
		expect(fields.map((field) => field.displayName)).toEqual([
			'Resource',
			'Operation',
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

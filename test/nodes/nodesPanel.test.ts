import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { AddressActivityPollTrigger } from '../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import { harnessNode } from '../harness/nodeTypes';

const action = new AddressActivity().description;
const trigger = new AddressActivityTrigger().description;
const pollTrigger = new AddressActivityPollTrigger().description;

describe('the nodes panel', () => {
	// n8n's editor (generateMergedNodesAndActions) lists a trigger under an app when the trigger's
	// type name without "Trigger" is the app's, and then shows the trigger's description as the app's.
	it('lists the webhook trigger under the app, whose description is then one short line', () => {
		expect(trigger.name.replace('Trigger', '')).toBe(action.name);
		expect(trigger.description.length).toBeLessThanOrEqual(80);
		expect(trigger.description).not.toContain('\n');
	});
});

describe('the inline check of addresses', () => {
	const address = (n: number) => `0x${n.toString(16).padStart(40, 'a')}`;

	/** Whether the editor shows the address notice under the Addresses field for this value. */
	function noticeShown(description: INodeTypeDescription, parameters: INodeParameters): boolean {
		const notice = description.properties.filter((property: INodeProperties) => property.name === 'addressesCheck');
		expect(notice.length).toBeGreaterThan(0);
		const node = harnessNode({ typeVersion: 1.1, parameters });
		return notice.some((property) => NodeHelpers.displayParameter(parameters, property, node, description));
	}

	const where: Array<[string, INodeTypeDescription, INodeParameters]> = [
		['Webhook > Create', action, { resource: 'webhook', operation: 'create' }],
		['Address > Add', action, { resource: 'address', operation: 'add' }],
		['Address > Remove', action, { resource: 'address', operation: 'remove' }],
		['Address > Sync', action, { resource: 'address', operation: 'sync' }],
		['the trigger', trigger, {}],
		['the poll trigger', pollTrigger, {}],
	];

	describe.each(where)('in %s', (_name, description, parameters) => {
		it.each([
			['a typo in the second address', `${address(1)}\n0x12345\n${address(3)}`],
			['an address one character too long', `${address(1)}a`],
			['a name instead of an address', 'treasury'],
			['an address after a valid one, with a comma and no space', `${address(1)},0xZZ${address(2).slice(4)}`],
		])('shows for %s', (_case, addresses) => {
			expect(noticeShown(description, { ...parameters, addresses })).toBe(true);
		});

		it.each([
			['an empty field', ''],
			['addresses separated by commas, semicolons, spaces and new lines', `${address(1)}, ${address(2)};${address(3)}\n\n ${address(4)} `],
			['an expression', '={{ $json.wallets }}'],
			['20,000 addresses', Array.from({ length: 20_000 }, (_unused, n) => address(n)).join('\n')],
		])('stays hidden for %s', (_case, addresses) => {
			expect(noticeShown(description, { ...parameters, addresses })).toBe(false);
		});
	});

	it('stays out of other operations', () => {
		expect(noticeShown(action, { resource: 'webhook', operation: 'update', addresses: 'treasury' })).toBe(false);
	});
});

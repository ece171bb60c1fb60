import type { INode } from 'n8n-workflow';

import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';
import { toInputError } from '../../../nodes/shared/parameters/parameterErrors';

function node(type: string, parameters: INode['parameters']): INode {
	return { id: '1', name: 'Add Addresses', type, typeVersion: 1, position: [0, 0], parameters };
}

const badAddress = new InvalidInputError('"0x12345" is not a valid address', '0x12345');

describe('the error for an invalid parameter', () => {
	it('names the field, the value and the item in a workflow', () => {
		const error = toInputError(node('n8n-nodes-address-activity.addressActivity', { addresses: '0x12345' }), badAddress, 'Addresses', 2, 'addresses');
		expect(error.message).toBe('Invalid Addresses in item 3: "0x12345" is not a valid address');
		expect(error.description).toBe('The value "0x12345" in "Addresses" was rejected before any request was sent.');
		expect(error.context.itemIndex).toBe(2);
	});

	it('names the $fromAI() argument, not an item, when an AI agent calls the node as a tool', () => {
		const tool = node('n8n-nodes-address-activity.addressActivityTool', {
			addresses: "={{ $fromAI('walletAddresses', 'The addresses to monitor', 'string') }}",
		});
		const error = toInputError(tool, badAddress, 'Addresses', 0, 'addresses');
		expect(error.message).toBe('Invalid Addresses (the "walletAddresses" argument): "0x12345" is not a valid address');
	});

	it('finds the argument inside a resource locator', () => {
		const tool = node('n8n-nodes-address-activity.addressActivityTool', {
			webhookId: { __rl: true, mode: 'id', value: '={{ $fromAI("webhookId") }}' },
		});
		const error = toInputError(tool, new InvalidInputError('"x" is not a webhook id', 'x'), 'Webhook', 0, 'webhookId');
		expect(error.message).toBe('Invalid Webhook (the "webhookId" argument): "x" is not a webhook id');
	});
});

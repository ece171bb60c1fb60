// The trigger shows a notice only while it applies, each about one thing: nothing for the
// parameters a new trigger starts with, one line when Verify Signature is off or Catch Up At Most
// is 0, and with Decoded Events that Execute step has no sample. Decided by n8n's own display
// rules (NodeHelpers.getNodeParameters and displayParameter, as the editor applies them) over the
// trigger's description.
import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { AddressActivityTrigger } from '../../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';

const description = new AddressActivityTrigger().description;
const NODE = { id: '1', name: 'Address Activity Trigger', type: 'n8n-nodes-address-activity.addressActivityTrigger', typeVersion: 3, position: [0, 0] as [number, number] };

/** The notices the editor shows for these parameters (the node's defaults filled in, as n8n does). */
function shownNotices(parameters: INodeParameters): string[] {
	const values = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, NODE, description) ?? {};
	const node = { ...NODE, parameters: values };
	return description.properties
		.filter((property: INodeProperties) => property.type === 'notice')
		.filter((property) => NodeHelpers.displayParameter(values, property, node, description))
		.map((property) => property.displayName);
}

describe('the trigger\'s notices', () => {
	it('are none for a new trigger, for each Event', () => {
		expect(description.properties.filter((property) => property.type === 'notice').length).toBeGreaterThan(0);
		expect(shownNotices({})).toEqual([]);
		expect(shownNotices({ eventType: 'primary_network_address_activity' })).toEqual([]);
		expect(shownNotices({ eventType: 'validator_activity' })).toEqual([]);
		expect(shownNotices({ options: { verifySignature: true, catchUpHours: 24, webhookName: 'Treasury' } })).toEqual([]);
	});

	it('say, in one line, that Verify Signature is off while it is', () => {
		expect(shownNotices({ options: { verifySignature: false } })).toEqual([
			"Verify Signature is off: anyone who learns this workflow's webhook URL can start it with a made-up delivery",
		]);
		expect(shownNotices({ eventType: 'validator_activity', options: { verifySignature: false } })).toHaveLength(1);
	});

	it('say that catching up is off while Catch Up At Most is 0, for every event type', () => {
		const off = 'Catch Up At Most is 0: what happens while the webhook is not receiving (workflow unpublished, n8n down) is not put out later';
		expect(shownNotices({ options: { catchUpHours: 0 } })).toEqual([off]);
		expect(shownNotices({ options: { catchUpHours: 1 } })).toEqual([]);
		expect(shownNotices({ eventType: 'primary_network_address_activity', options: { catchUpHours: 0 } })).toEqual([off]);
		expect(shownNotices({ eventType: 'validator_activity', options: { catchUpHours: 0 } })).toEqual([off]);
		expect(shownNotices({ options: { catchUpHours: 0, verifySignature: false } })).toHaveLength(2);
	});

	it('say that Execute step listens for a live event with Decoded Events (no sample: chain data carries no logs), for that output only', () => {
		const decoded = 'Execute step shows no sample with Decoded Events (chain data carries no logs): it listens for the next live event';
		expect(shownNotices({ output: 'decodedEvents' })).toEqual([decoded]);
		expect(shownNotices({ output: 'raw' })).toEqual([]);
		expect(shownNotices({ eventType: 'validator_activity', output: 'decodedEvents' })).toEqual([]);
	});

	it('each fit on a line or two, about one thing', () => {
		for (const notice of description.properties.filter((property) => property.type === 'notice')) {
			expect(notice.displayName.length).toBeLessThanOrEqual(140);
			expect(notice.displayName.split(/[.?!] /)).toHaveLength(1);
		}
	});
});

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { AddressActivityTrigger } from '../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';

const action = new AddressActivity().description;
const trigger = new AddressActivityTrigger().description;

describe('the nodes panel', () => {
	// n8n's editor (generateMergedNodesAndActions) lists a trigger under an app when the trigger's
	// type name without "Trigger" is the app's, and then shows the trigger's description as the app's.
	it('lists the webhook trigger under the app, whose description is then one short line', () => {
		expect(trigger.name.replace('Trigger', '')).toBe(action.name);
		expect(trigger.description.length).toBeLessThanOrEqual(80);
		expect(trigger.description).not.toContain('\n');
	});
});

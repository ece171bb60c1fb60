import { forgetTestRegistrations, testRegistrationsOf } from '../../../nodes/AddressActivityTrigger/memory/testRegistrations';

afterEach(() => forgetTestRegistrations());

describe('test registrations', () => {
	it('are empty on first use and the same object afterwards, per workflow and node', () => {
		const registrations = testRegistrationsOf('wf-1/Address Activity Trigger');
		expect(registrations).toEqual({});
		registrations['43114'] = { webhookId: 'w-1' };
		expect(testRegistrationsOf('wf-1/Address Activity Trigger')).toEqual({ 43114: { webhookId: 'w-1' } });
		expect(testRegistrationsOf('wf-1/Other Trigger')).toEqual({});
	});

	it('are gone once the process forgets them', () => {
		testRegistrationsOf('wf-1/T').x = { webhookId: 'w' };
		forgetTestRegistrations();
		expect(testRegistrationsOf('wf-1/T')).toEqual({});
	});

	it('are kept for the 200 nodes used last', () => {
		for (let i = 0; i <= 200; i++) testRegistrationsOf(`wf/${i}`).chain = { webhookId: String(i) };
		expect(testRegistrationsOf('wf/0')).toEqual({});
		expect(testRegistrationsOf('wf/200')).toEqual({ chain: { webhookId: '200' } });
	});
});

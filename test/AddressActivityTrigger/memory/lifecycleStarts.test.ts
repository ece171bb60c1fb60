import { forgetLifecycleStart, forgetLifecycleStarts, lifecycleStartOf, recordLifecycleStart } from '../../../nodes/AddressActivityTrigger/memory/lifecycleStarts';

afterEach(() => forgetLifecycleStarts());

describe('lifecycle starts', () => {
	it('remembers when a failing activation began until it is forgotten', () => {
		expect(lifecycleStartOf('wf/Trigger/production')).toBeUndefined();
		recordLifecycleStart('wf/Trigger/production', 1000);
		recordLifecycleStart('wf/Trigger/test', 2000);
		expect(lifecycleStartOf('wf/Trigger/production')).toBe(1000);
		forgetLifecycleStart('wf/Trigger/production');
		expect(lifecycleStartOf('wf/Trigger/production')).toBeUndefined();
		expect(lifecycleStartOf('wf/Trigger/test')).toBe(2000);
		forgetLifecycleStarts();
		expect(lifecycleStartOf('wf/Trigger/test')).toBeUndefined();
	});

	it('keeps the start recorded last for a key', () => {
		recordLifecycleStart('k', 1);
		recordLifecycleStart('k', 5);
		expect(lifecycleStartOf('k')).toBe(5);
	});

	it('forgets the starts set longest ago beyond 2,000', () => {
		for (let i = 0; i <= 2000; i++) recordLifecycleStart(`k${i}`, i);
		expect(lifecycleStartOf('k0')).toBeUndefined();
		expect(lifecycleStartOf('k1')).toBe(1);
		expect(lifecycleStartOf('k2000')).toBe(2000);
	});
});

// Which triggers this process is publishing or unpublishing: a request that arrived during a
// publication, or up to half a second after it ended (n8n saves then), may have loaded static data
// older than what that publication saves.
import { forgetPublications, publicationEnded, publicationKey, publicationNear, publicationStarted } from '../../../nodes/AddressActivityTrigger/memory/publications';

const TRIGGER = publicationKey('wf-1', 'Address Activity Trigger');

afterEach(() => forgetPublications());

describe('publications', () => {
	it('names a trigger by its workflow and node, a workflow not yet saved by its node alone', () => {
		expect(TRIGGER).toBe('wf-1/Address Activity Trigger');
		expect(publicationKey(undefined, 'Trigger')).toBe('/Trigger');
		expect(publicationKey('wf-1', 'Other')).not.toBe(TRIGGER);
	});

	it('is not near for a trigger never published here', () => {
		expect(publicationNear(TRIGGER, 1_000)).toBe(false);
	});

	it('is near while a publication runs, whenever the request arrived', () => {
		publicationStarted(TRIGGER);
		expect(publicationNear(TRIGGER, 0)).toBe(true);
		expect(publicationNear(TRIGGER, 10_000_000)).toBe(true);
		expect(publicationNear(publicationKey('wf-1', 'Other'), 0)).toBe(false);
		expect(publicationNear(publicationKey('wf-2', 'Address Activity Trigger'), 0)).toBe(false);
	});

	it('is near for a request that arrived before the publication ended or within 500 ms after, not later', () => {
		publicationStarted(TRIGGER);
		publicationEnded(TRIGGER, 10_000);
		expect(publicationNear(TRIGGER, 9_000)).toBe(true);
		expect(publicationNear(TRIGGER, 10_499)).toBe(true);
		expect(publicationNear(TRIGGER, 10_500)).toBe(false);
		expect(publicationNear(TRIGGER, 60_000)).toBe(false);
	});

	it('stays near until every publication of the trigger that started has ended', () => {
		publicationStarted(TRIGGER);
		publicationStarted(TRIGGER);
		publicationEnded(TRIGGER, 1_000);
		expect(publicationNear(TRIGGER, 60_000)).toBe(true);
		publicationEnded(TRIGGER, 2_000);
		expect(publicationNear(TRIGGER, 60_000)).toBe(false);
		expect(publicationNear(TRIGGER, 2_100)).toBe(true);
	});

	it('counts an end it saw no start of (this process started mid-publication) as no publication left running', () => {
		publicationEnded(TRIGGER, 1_000);
		publicationEnded(TRIGGER, 1_000);
		expect(publicationNear(TRIGGER, 60_000)).toBe(false);
		publicationStarted(TRIGGER);
		expect(publicationNear(TRIGGER, 60_000)).toBe(true);
	});

	it('is forgotten with the process memory', () => {
		publicationStarted(TRIGGER);
		forgetPublications();
		expect(publicationNear(TRIGGER, 0)).toBe(false);
	});
});

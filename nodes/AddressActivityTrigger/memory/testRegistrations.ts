/**
 * What "Listen for test event" registered, per workflow and node: like static data for production,
 * but kept in memory only (test listening never touches static data).
 */
import type { IDataObject } from 'n8n-workflow';

import { BoundedMap } from '../../shared/memory/boundedMap';

const testRegistrations = new BoundedMap<string, Record<string, IDataObject>>(200);

/** The test registrations of a workflow's node (`workflowId/nodeName`), made empty on first use. */
export function testRegistrationsOf(key: string): Record<string, IDataObject> {
	let registrations = testRegistrations.get(key);
	if (registrations === undefined) {
		registrations = {};
		testRegistrations.set(key, registrations);
	}
	return registrations;
}

export function forgetTestRegistrations(): void {
	testRegistrations.clear();
}

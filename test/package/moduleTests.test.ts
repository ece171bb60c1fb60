/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// Every module of nodes/ has a unit test file of its own name at its path under test/
// (nodes/shared/model/amounts.ts -> test/shared/model/amounts.test.ts), or is listed below with
// why it has none. A new module without a test file fails here until it has one or is listed.
import * as fs from 'fs';
import * as path from 'path';

import { REPO_ROOT } from '../support/package';

/**
 * Pure declarations: parameter lists, node descriptions and types, with nothing to run.
 * test/package/descriptions.test.ts holds what the descriptions declare.
 */
const DECLARATIONS = [
	// The action node: the parameters several operations share, the operation module's types, and
	// each resource's list of operations with their descriptions.
	'nodes/AddressActivity/commonParameters.ts',
	'nodes/AddressActivity/operation.ts',
	'nodes/AddressActivity/resources/address/index.ts',
	'nodes/AddressActivity/resources/balance/index.ts',
	'nodes/AddressActivity/resources/block/index.ts',
	'nodes/AddressActivity/resources/chain/index.ts',
	'nodes/AddressActivity/resources/sharedSecret/index.ts',
	'nodes/AddressActivity/resources/transaction/index.ts',
	'nodes/AddressActivity/resources/utxo/index.ts',
	'nodes/AddressActivity/resources/webhook/index.ts',
	'nodes/AddressActivity/resources/webhook/primaryNetworkParameters.ts',
	// The triggers' parameter lists as the editor shows them, and the event kind's interface.
	'nodes/AddressActivityPollTrigger/parameterList.ts',
	'nodes/AddressActivityTrigger/parameters/parameterList.ts',
	'nodes/AddressActivityTrigger/eventKinds/eventKind.ts',
	// A webhook's settings and the chain parameters as node parameters, for all three nodes.
	'nodes/shared/parameters/chainParameters.ts',
	'nodes/shared/parameters/webhookParameters.ts',
];

/**
 * Modules tested through a suite that runs several modules together (a node through n8n-core
 * against the emulator), where a file of their own name would repeat that suite: the suite that
 * tests each. Moving a case into a file of the module's name takes the module off this list.
 */
const TESTED_BY_SUITE: Record<string, string> = {
	// The action node: the node reads every item before the first request; each resource's suite
	// runs its operations.
	'nodes/AddressActivity/AddressActivity.node.ts': 'test/AddressActivity/allItemsFirst.test.ts',
	// The poll trigger, through n8n-core's PollContext.
	'nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node.ts': 'test/AddressActivityPollTrigger/pollActivity.test.ts',
	// The webhook trigger, through n8n-core's HookContext and WebhookContext.
	'nodes/AddressActivityTrigger/AddressActivityTrigger.node.ts': 'test/AddressActivityTrigger/example.test.ts',
	'nodes/AddressActivityTrigger/eventKinds/primaryNetworkActivity.ts': 'test/AddressActivityTrigger/lifecycle/primaryNetworkLifecycle.test.ts',
	// The Execute-step sample: sent by checkExists/create, answered by webhook(), one round trip.
	'nodes/AddressActivityTrigger/sample/send.ts': 'test/AddressActivityTrigger/sample/sample.test.ts',
};

/**
 * What this list is for: modules that work being landed beside this test adds, named as on that
 * branch, with no test file of their own name yet (empty while no such work is under way).
 * Listed in advance so that main stays green whichever lands first;
 * an entry may name a module that is not on main yet, or one that has a test file of its own name
 * by now (a branch adding that test need not know of this list, so that is no failure either).
 * Take an entry off once its module has a test file of its own name; outside
 * nodes/shared/ it may instead move to TESTED_BY_SUITE with the suite that tests it.
 */
const LANDING_ALONGSIDE: string[] = [];

/** Every .ts file under nodes/, as a path from the repository root. */
function modules(): string[] {
	const found: string[] = [];
	const walk = (relative: string) => {
		for (const entry of fs.readdirSync(path.join(REPO_ROOT, relative), { withFileTypes: true })) {
			const child = `${relative}/${entry.name}`;
			if (entry.isDirectory()) walk(child);
			else if (entry.name.endsWith('.ts')) found.push(child);
		}
	};
	walk('nodes');
	return found.sort();
}

/** The test file of a module's own name: nodes/a/b.ts -> test/a/b.test.ts. */
function ownTestFile(module: string): string {
	return module.replace(/^nodes\//, 'test/').replace(/\.ts$/, '.test.ts');
}

const exists = (file: string) => fs.existsSync(path.join(REPO_ROOT, file));

describe('a unit test file per module', () => {
	const all = modules();
	const listed = [...DECLARATIONS, ...Object.keys(TESTED_BY_SUITE)];

	it('every module of nodes/ has a test file of its own name, or is listed with why it has none', () => {
		expect(all.length).toBeGreaterThan(100);
		expect(all.filter((module) => !exists(ownTestFile(module)) && !listed.includes(module) && !LANDING_ALONGSIDE.includes(module))).toEqual([]);
	});

	it('lists only modules that exist and have no test file of their own name yet, each once', () => {
		expect(listed.filter((module) => !all.includes(module))).toEqual([]);
		expect(listed.filter((module) => exists(ownTestFile(module)))).toEqual([]);
		const everyEntry = [...listed, ...LANDING_ALONGSIDE];
		expect(everyEntry.filter((module, index) => everyEntry.indexOf(module) !== index)).toEqual([]);
	});

	it('names suites that exist', () => {
		expect(Object.values(TESTED_BY_SUITE).filter((suite) => !exists(suite))).toEqual([]);
	});

	it('lets no suite stand in for a test file of its own name in nodes/shared/', () => {
		expect(listed.filter((module) => module.startsWith('nodes/shared/') && !DECLARATIONS.includes(module))).toEqual([]);
	});
});

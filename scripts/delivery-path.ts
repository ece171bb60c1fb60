/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
// `npm run path:delivery`: which of the package's files and functions one warm delivery of the
// Address Activity Trigger runs (its webhook() through n8n-core's WebhookContext, the emulator on
// 127.0.0.1 sending it), and the same for one poll of the Address Activity Poll Trigger. V8's
// precise coverage counts calls per function (not who called whom): the first delivery (or poll)
// is cold (the shared secret and the webhook are read from the service) and its counts are
// dropped; the second, a different message, is the one printed. V8 counts an async function once
// per call and once more per resumption after an await.
import { Session } from 'node:inspector/promises';
import * as path from 'node:path';

import { forgetProcessMemory } from '../nodes/AddressActivityTrigger/memory/processMemory';
import { TriggerHarness, type ReceivedDelivery } from '../test/harness/trigger';
import { PollHarness } from '../test/harness/poll';
import { ALICE, CAROL, FUJI, startWithReceiver, triggerParameters } from '../test/AddressActivityTrigger/support';
import { pollParameters } from '../test/AddressActivityPollTrigger/support';

const REPO_ROOT = path.resolve(__dirname, '..');

interface FunctionCoverage {
	functionName: string;
	ranges: Array<{ startOffset: number; endOffset: number; count: number }>;
}

interface ScriptCoverage {
	url: string;
	functions: FunctionCoverage[];
}

/** The package's own files (nodes/, credentials/) with the functions that ran and how often. */
function packageCalls(coverage: ScriptCoverage[]): Array<{ file: string; calls: Array<[string, number]> }> {
	const files: Array<{ file: string; calls: Array<[string, number]> }> = [];
	for (const script of coverage) {
		const file = path.relative(REPO_ROOT, script.url.replace(/^file:\/\//, ''));
		if (!/^(nodes|credentials)\//.test(file)) continue;
		const calls = script.functions
			.map((fn): [string, number] => [fn.functionName === '' ? '(anonymous)' : fn.functionName, fn.ranges[0]?.count ?? 0])
			.filter(([, count]) => count > 0);
		if (calls.length > 0) files.push({ file, calls });
	}
	return files.sort((a, b) => a.file.localeCompare(b.file));
}

function print(title: string, files: Array<{ file: string; calls: Array<[string, number]> }>): void {
	const functions = files.reduce((sum, file) => sum + file.calls.length, 0);
	const calls = files.reduce((sum, file) => sum + file.calls.reduce((fileSum, [, count]) => fileSum + count, 0), 0);
	console.log(`\n${title}`);
	for (const { file, calls: ran } of files) {
		console.log(`  ${file}: ${ran.map(([name, count]) => (count === 1 ? name : `${name} x${count}`)).join(', ')}`);
	}
	console.log(`  ${files.length} files, ${functions} functions, ${calls} calls`);
}

/** Runs `work` once with precise call counts on, after dropping what came before; returns the package's calls. */
async function counted(session: Session, work: () => Promise<void>) {
	await session.post('Profiler.takePreciseCoverage');
	await work();
	const { result } = (await session.post('Profiler.takePreciseCoverage')) as unknown as { result: ScriptCoverage[] };
	return packageCalls(result);
}

async function deliveryPath(session: Session): Promise<void> {
	const stack = await startWithReceiver();
	try {
		const { key } = await stack.control.createKey({ plan: 'paid' });
		const credentials = { apiKey: key, baseUrl: stack.emulator.url };
		const trigger = new TriggerHarness({ parameters: triggerParameters({ addresses: ALICE }), credentials, publicUrl: stack.receiverUrl });
		await trigger.activate();
		// The receiver only records the emulator's two signed deliveries; they are handed to webhook() below.
		await stack.control.activity({ chainId: FUJI, from: ALICE, to: CAROL, value: '1500000000000000000' });
		await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '2500000000000000000' });
		const [first, second] = await stack.receiver.waitFor(2);
		const deliver = async (delivery: ReceivedDelivery) => {
			const outcome = await trigger.receive(delivery);
			if (outcome.statusCode !== 200 || (outcome.items ?? []).length !== 1) throw new Error(`unexpected answer ${outcome.statusCode}: ${JSON.stringify(outcome.body)}`);
		};
		// As a process that did not activate the trigger: the first delivery reads the secret and the webhook.
		forgetProcessMemory();
		await counted(session, async () => await deliver(first));
		print('One warm delivery (Transfers, one native transfer to a monitored address; the second delivery in the process):', await counted(session, async () => await deliver(second)));
		await trigger.deactivate();
	} finally {
		await stack.close();
	}
}

async function pollPath(session: Session): Promise<void> {
	const stack = await startWithReceiver();
	try {
		const { key } = await stack.control.createKey({ plan: 'paid' });
		const poll = new PollHarness({ parameters: pollParameters([ALICE]), credentials: { apiKey: key, baseUrl: stack.emulator.url } });
		await poll.activate();
		const pollOnce = async () => {
			const outcome = await poll.poll();
			if (outcome.error !== undefined || (outcome.items ?? []).length !== 1) throw new Error(`unexpected poll: ${outcome.error?.message ?? `${outcome.items?.length ?? 0} items`}`);
		};
		await stack.control.activity({ chainId: FUJI, from: ALICE, to: CAROL, value: '1500000000000000000' });
		await counted(session, pollOnce);
		await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '2500000000000000000' });
		print('One poll (Transfers, one new native transfer of a monitored address; the poll after a first one with items):', await counted(session, pollOnce));
	} finally {
		await stack.close();
	}
}

async function main(): Promise<void> {
	const session = new Session();
	session.connect();
	try {
		await session.post('Profiler.enable');
		await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
		console.log(`Node ${process.version}; calls per function of nodes/ and credentials/ (V8 precise coverage; an async function counts once more per await it resumed from)`);
		await deliveryPath(session);
		await pollPath(session);
	} finally {
		session.disconnect();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});

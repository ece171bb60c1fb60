/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// Runs the CLI as a child process, the way `npm run emulator` does.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { waitFor } from '../../harness/wait';
import { call } from './harness';

const ROOT = join(__dirname, '..', '..', '..');
const TS_NODE = join(ROOT, 'node_modules', '.bin', 'ts-node');

function startCli(args: string[]) {
	const child = spawn(TS_NODE, ['--transpile-only', 'test/emulator/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, exited, output: () => output };
}

// Starting the CLI compiles the emulator with ts-node: a few seconds on a quiet machine, 15 to over
// 20 s on a busy 2-core one (2026-11-25, load 14). A CLI that exits without listening fails at once.
const START_LIMIT_MS = 120_000;
const TEST_LIMIT_MS = 180_000;

async function listeningLine(cli: ReturnType<typeof startCli>) {
	const line = await waitFor(
		'the listening line or the exit',
		() => /emulator listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(cli.output()) ?? (cli.child.exitCode !== null || cli.child.signalCode !== null ? 'exited' : undefined),
		START_LIMIT_MS,
	);
	if (line === 'exited') throw new Error(`the CLI exited before listening:\n${cli.output()}`);
	return line;
}

describe('CLI', () => {
	let child: ChildProcess | undefined;
	afterEach(() => {
		if (child && child.exitCode === null) child.kill('SIGKILL');
	});

	it('starts with a key and plan, prints the listening line, and exits cleanly on SIGTERM', async () => {
		const cli = startCli(['--port', '0', '--api-key', 'cli-key', '--plan', 'paid', '--seed', '3', '--time-scale', '100']);
		child = cli.child;
		const line = await listeningLine(cli);
		const url = line[1];
		expect(Number(line[2])).toBeGreaterThan(0);
		const chains = await call(url, 'GET', '/v1/chains', { key: 'cli-key' });
		expect(chains.status).toBe(200);
		// --plan paid: more than 5 addresses are allowed
		const addresses = Array.from({ length: 6 }, (_, i) => `0x${String(i + 1).repeat(40)}`);
		const created = await call(url, 'POST', '/v1/webhooks', {
			key: 'cli-key',
			body: { url: 'http://127.0.0.1:1/x', chainId: '43114', eventType: 'address_activity', metadata: { addresses } },
		});
		expect(created.status).toBe(201);
		child.kill('SIGTERM');
		expect(await cli.exited).toBe(0);
	}, TEST_LIMIT_MS);

	it('exits cleanly on SIGINT', async () => {
		const cli = startCli(['--port', '0']);
		child = cli.child;
		await listeningLine(cli);
		child.kill('SIGINT');
		expect(await cli.exited).toBe(0);
	}, TEST_LIMIT_MS);

	it('rejects an unknown option with the usage line', async () => {
		const cli = startCli(['--colour', 'red']);
		child = cli.child;
		expect(await cli.exited).toBe(2);
		expect(cli.output()).toContain('usage: npm run emulator --');
	}, TEST_LIMIT_MS);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// The emulator the readers read from: in its own process (default) or in the benchmark's.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';

import type { AddressActivityCredentialData } from '../../harness/credentials';
import { EmulatorControl } from '../../harness/emulatorControl';
import { startTestService } from '../../harness/fixtures';

export interface Service {
	credentials: AddressActivityCredentialData;
	control: EmulatorControl;
	close(): Promise<void>;
}

/** The emulator CLI in a child process, with a paid key and no rate limit in the way. */
export async function emulatorProcess(): Promise<Service> {
	const apiKey = `bench-${randomBytes(8).toString('hex')}`;
	const root = path.resolve(__dirname, '..', '..', '..');
	const child: ChildProcess = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', 'test/emulator/cli.ts', '--port', '0', '--api-key', apiKey, '--plan', 'paid'],
		{ cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const url = await new Promise<string>((resolve, reject) => {
		let output = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
			const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
			if (match) resolve(match[1]);
		});
		child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
	});
	const control = new EmulatorControl(url);
	await control.setRateLimit({ limit: 1_000_000, windowSeconds: 60 });
	return {
		credentials: { apiKey, baseUrl: url },
		control,
		close: async () => {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGTERM');
			await exited;
		},
	};
}

export async function emulatorInProcess(): Promise<Service> {
	const service = await startTestService({ rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
	return { credentials: await service.newAccount({ plan: 'paid' }), control: service.control, close: service.close };
}

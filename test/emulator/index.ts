/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { AddressInfo } from 'node:net';

import { Emulator } from './emulator';
import { createEmulatorServer } from './server';
import type { RunningEmulator, StartEmulatorOptions } from './types';

export type { EmulatorKey, Privilege, RateLimitPolicy, RunningEmulator, StartEmulatorOptions } from './types';

/** Starts the emulator on 127.0.0.1 (a free port unless `port` is given). */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
	const emulator = new Emulator(options);
	const server = createEmulatorServer(emulator);
	// Longer than any pause between a test's requests: with Node's 5 s, a busy machine (a test
	// parsing 100,000 addresses at load 15) let the server close an idle connection just as the
	// client reused it, and the request failed with ECONNRESET.
	server.keepAliveTimeout = 60_000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(emulator.options.port, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	const { port } = server.address() as AddressInfo;
	let closing: Promise<void> | undefined;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		close() {
			closing ??= (async () => {
				await emulator.close();
				await new Promise<void>((resolve) => {
					server.close(() => resolve());
					server.closeAllConnections();
				});
			})();
			return closing;
		},
	};
}

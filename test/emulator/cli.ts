/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console */
import { startEmulator } from './index';
import type { EmulatorKey, Plan } from './types';

const USAGE =
	'usage: npm run emulator -- --port <n> [--api-key <key>] [--plan free|paid] [--seed <n>] [--time-scale <x>]';

function fail(message: string): never {
	console.error(`${message}\n${USAGE}`);
	process.exit(2);
}

function parseArgs(argv: string[]) {
	const values: Record<string, string> = {};
	for (let i = 0; i < argv.length; i++) {
		const name = argv[i];
		if (name === '--help' || name === '-h') {
			console.log(USAGE);
			process.exit(0);
		}
		if (!['--port', '--api-key', '--plan', '--seed', '--time-scale'].includes(name)) fail(`unknown option ${name}`);
		const value = argv[++i];
		if (value === undefined) fail(`${name} needs a value`);
		values[name.slice(2)] = value;
	}
	const number = (name: string, fallback: number) => {
		if (values[name] === undefined) return fallback;
		const parsed = Number(values[name]);
		if (!Number.isFinite(parsed) || parsed < 0) fail(`--${name} must be a non-negative number`);
		return parsed;
	};
	const plan = values.plan ?? 'free';
	if (plan !== 'free' && plan !== 'paid') fail('--plan must be free or paid');
	const apiKeys: EmulatorKey[] = values['api-key'] ? [{ key: values['api-key'], plan: plan as Plan }] : [];
	return {
		port: number('port', 0),
		seed: number('seed', 1),
		timeScale: number('time-scale', 1) || 1,
		apiKeys,
	};
}

async function main() {
	const emulator = await startEmulator(parseArgs(process.argv.slice(2)));
	const stop = () => {
		emulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
	// Only now: whoever reads this line may signal at once (the write to a pipe is synchronous).
	console.log(`emulator listening on ${emulator.url}`);
}

main().catch((error: Error) => {
	console.error(`emulator failed to start: ${error.message}`);
	process.exit(1);
});

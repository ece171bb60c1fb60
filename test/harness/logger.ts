/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * n8n's logger, collected: what the trigger writes through this.logger (refusals, failed lookups)
 * lands in logLines for the tests to check. Without this module unit runs are silent
 * (test/setup-env.js sets N8N_LOG_LEVEL=silent under jest).
 */
import { createRequire } from 'node:module';

export interface LogLine {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	meta?: unknown;
}

/** What n8n-core and the nodes logged in this test file, oldest first. */
export const logLines: LogLine[] = [];

const collectingLogger = {
	error: (message: string, meta?: unknown) => logLines.push({ level: 'error', message, meta }),
	warn: (message: string, meta?: unknown) => logLines.push({ level: 'warn', message, meta }),
	info: (message: string, meta?: unknown) => logLines.push({ level: 'info', message, meta }),
	debug: (message: string, meta?: unknown) => logLines.push({ level: 'debug', message, meta }),
	scoped: () => collectingLogger,
};
// n8n-core takes its logger from its own copies of @n8n/di and @n8n/backend-common.
const requireFromCore = createRequire(require.resolve('n8n-core'));
const { Container } = requireFromCore('@n8n/di') as { Container: { set(token: unknown, value: unknown): void } };
const { Logger } = requireFromCore('@n8n/backend-common') as { Logger: unknown };
Container.set(Logger, collectingLogger);

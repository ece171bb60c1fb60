/**
 * Queue-mode suite: the packed package in n8n 2.41.1 in queue mode (Postgres, Redis, main, two
 * webhook processes, a worker), against the emulator. One deployment per file, one file at a time.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	// Named *.queue.ts so that the default jest config (every *.test.ts under test/) leaves them alone.
	testMatch: ['**/*.queue.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/queue/global-setup.ts',
	globalTeardown: '<rootDir>/test/queue/global-teardown.ts',
	testTimeout: 240000,
	maxWorkers: 1,
};

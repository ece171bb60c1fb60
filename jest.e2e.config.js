/**
 * End-to-end suite: the packed package installed into the real n8n application (Node 24), against
 * the emulator. Slow by nature (n8n install on first use, n8n start per file): one file at a time.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
	testTimeout: 180000,
	// One n8n at a time on a 2-core machine.
	maxWorkers: 1,
};

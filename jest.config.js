/** Unit, emulator and node tests: everything under test/ except the real-n8n end-to-end suite. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
	transform: {
		// Type checking runs once in `npm run typecheck`; jest only transpiles, which keeps it fast.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/global-setup.js',
	globalTeardown: '<rootDir>/test/global-teardown.js',
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// A guard against a hang, not a measure of speed (tests assert counts and contents). On the 2-core
	// development machine with a second `npm test` beside it (load 15, 2026-11-25) single tests took
	// over jest's 30 s: walking the emulator's 10,000 transactions, activating a two-chain trigger.
	testTimeout: 120_000,
};

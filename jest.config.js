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
	testTimeout: 30000,
};

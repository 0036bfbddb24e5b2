// One jest run, four projects: unit, cdk, integration (handlers against the real emulators)
// and e2e (Debian's chromium driven by playwright-core). The emulators and the API are started
// once per run by test/support/cloud-setup.mjs, on free ports, and shared by integration and e2e.
const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
          experimental: { keepImportAttributes: true },
        },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};

export default {
  // testTimeout is a global option: jest ignores it inside a project.
  testTimeout: 120000,
  // Two workers for the unit and cdk files (CPU-bound, each in its own temporary folders and on free
  // ports); jest's default on 2 cores is one, in band, which made them ~11 of CI's 35 minutes. The
  // integration and e2e files share one local cloud and stay serial (test/support/serial-runner.mjs).
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.cjs'],
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/support/unit-env.cjs'],
    },
    { ...base, displayName: 'cdk', testMatch: ['<rootDir>/test/cdk/**/*.test.ts'] },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      runner: '<rootDir>/test/support/serial-runner.mjs',
      globalSetup: '<rootDir>/test/support/cloud-setup.mjs',
      globalTeardown: '<rootDir>/test/support/cloud-teardown.mjs',
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      runner: '<rootDir>/test/support/serial-runner.mjs',
      globalSetup: '<rootDir>/test/support/cloud-setup.mjs',
      globalTeardown: '<rootDir>/test/support/cloud-teardown.mjs',
    },
  ],
};

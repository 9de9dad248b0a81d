// Jest projects: server unit tests, client component tests (jsdom), integration tests against a
// real PostgreSQL, and browser end-to-end tests against the built app. See README "Tests".
const esmPackages = [
  '@nestjs', 'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', '@borewit',
  '@standard-schema', 'openapi-typescript', 'openapi-fetch', 'eventsource-parser',
  // htmlparser2 and its DOM helpers (the website checks parse pages with it).
  'htmlparser2', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'entities',
  // Google sign-in: openid-client and what it is built on.
  'openid-client', 'oauth4webapi', 'jose',
];
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

// Jest's default (cores - 1) runs one file at a time on a 2-core machine. Two workers halve the
// integration and end-to-end time there: their files mostly wait on PostgreSQL, HTTP fakes and
// Chromium, and each file has its own database and app. JEST_MAX_WORKERS overrides it.
const cores = require('node:os').availableParallelism();
const maxWorkers = Number(process.env.JEST_MAX_WORKERS) || Math.max(2, cores - 1);

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30_000,
  maxWorkers,
  // Which files start first: test/support/test-sequencer.cjs.
  testSequencer: '<rootDir>/test/support/test-sequencer.cjs',
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/server/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      moduleNameMapper: { '^@browser-shared/(.*)$': '<rootDir>/server/src/browser-shared/$1' },
      testMatch: ['<rootDir>/client/src/**/*.spec.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};

// Shared Jest setup: @quarry/testing's preset (SWC for TypeScript and the ESM-only Nest 12 packages),
// with @quarry/* imports resolved to package sources so tests never need a build first.
const path = require('node:path');
const quarryPreset = require('./packages/testing/jest-preset.js');

// The monorepo's tests use the local PostgreSQL server unless told otherwise; @quarry/testing has no default.
process.env.QUARRY_TEST_POSTGRES_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

module.exports = (projectDir) => ({
  ...quarryPreset,
  rootDir: projectDir,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleNameMapper: {
    '^@quarry/([a-z-]+)$': path.join(__dirname, 'packages/$1/src/index.ts'),
  },
  testTimeout: 30000,
});

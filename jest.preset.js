// Shared Jest setup: SWC compiles TypeScript and the ESM-only Nest 12 packages to CommonJS,
// and @quarry/* imports resolve to package sources so tests never need a build first.
const path = require('node:path');

const esmOnly = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  'peek-readable',
  'uint8array-extras',
  '@tokenizer',
  'pdfjs-dist',
];

module.exports = (projectDir) => ({
  rootDir: projectDir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@quarry/([a-z-]+)$': path.join(__dirname, 'packages/$1/src/index.ts'),
  },
  testTimeout: 30000,
});

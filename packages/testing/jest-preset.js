// The Jest preset of apps tested with Quarry (`preset: '@quarry/testing'`): SWC compiles the app's
// TypeScript (decorators with their metadata, as Nest needs) and, to CommonJS, the ESM-only packages
// of Nest 12 and of Quarry's dependencies, which Jest would otherwise load untransformed.
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

module.exports = {
  testEnvironment: 'node',
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
};

import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: {
        project: ['packages/*/tsconfig.spec.json', 'apps/*/tsconfig.spec.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:feature', 'type:infra', 'type:core', 'type:testing'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:feature', 'type:infra', 'type:core', 'type:testing'],
            },
            {
              sourceTag: 'type:infra',
              onlyDependOnLibsWithTags: ['type:infra', 'type:core', 'type:testing'],
            },
            { sourceTag: 'type:core', onlyDependOnLibsWithTags: ['type:core'] },
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:core', 'type:infra', 'type:testing'],
            },
          ],
        },
      ],
    },
  },
  {
    // A package's public API is what its README documents: every name exported on purpose.
    files: ['packages/*/src/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'Export the documented names one by one, not `export *`.',
        },
      ],
    },
  },
);

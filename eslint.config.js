// Lint rules: the recommended JavaScript and TypeScript sets, over sources, tests and benches.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'bench/results/', 'bench/corpus/*.ndjson', 'bench/corpus/*.xml'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // One writer by design: writes go through writeTransaction (BEGIN IMMEDIATE), reads through readTransaction.
    files: ['src/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    ignores: ['src/store/sqlite/sqlite.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Use writeTransaction or readTransaction from src/store/sqlite/sqlite.ts: a deferred transaction that writes fails at once under a concurrent writer.',
        },
      ],
    },
  },
  {
    files: ['bin/**/*.js'],
    languageOptions: { globals: { process: 'readonly' } },
  },
);

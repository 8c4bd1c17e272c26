// ESLint for every TypeScript source and test of the monorepo (typescript-eslint's
// recommended rules); formatting is Prettier's job (eslint-config-prettier turns
// the stylistic rules off), and the arrows between rooms are dependency-cruiser's.
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What git ignores is not linted either (builds, the bench's output).
  {
    ignores: [
      '**/dist/**',
      '**/dist-bench/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/data/**',
      'apps/server/bench/results/**',
      'apps/server/test/reference/**',
      'packages/domain/docs-api/**',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Validation deliberately matches control characters (names, paths, headers).
      'no-control-regex': 'off',
    },
  },
  {
    // Tests and benchmarks read JSON bodies of any shape.
    files: ['**/test/**/*.ts', '**/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

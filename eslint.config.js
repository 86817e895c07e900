// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.test-dist/', '.build/', '.bench/', 'bench/content-*/', 'node_modules/', 'data/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      // `_name` marks a binding kept for its position (a destructured field left out on purpose).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Type-only imports keep the domain's runtime free of the glue it names (verbatimModuleSyntax asks the same).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A binding a closure reads before its one assignment (a handler registered before the server exists) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  // src/ is the domain and the build: it never reaches into the server or the tooling.
  {
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/functions/**'],
              message: 'src/ never imports from functions/: the glue depends on the domain, never the reverse.',
            },
            {
              group: ['**/tools/**'],
              message:
                'src/ never imports from tools/: the tooling (training, evaluation, the CLI) depends on the domain, never the reverse.',
            },
          ],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'bench/.work/**',
      'test-results/**',
      'playwright-report/**',
      // Real webpack System output the release check reads, kept byte for byte.
      'packages/releases/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The server's session lookups are async: a promise where a session was meant reads as "signed in".
    // Type-aware rules catch a missing await there (and a promise nobody handles).
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // Doors only: another package is reached through its package.json `exports` (`@atrium/api/schemas`),
    // never by a relative path into its src, which would bypass what the package chose to expose. Root-level
    // tests, scripts and benches too (a test that needs an internal gets a `/testing` subpath); a test inside
    // a package may import its own package's src by relative path.
    files: [
      'packages/**/*.{ts,tsx}',
      'root-config/**/*.{ts,tsx}',
      '{tests,scripts,bench}/**/*.{ts,tsx,js,mjs,cjs}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/src', '../*/src/**', '../../*/src', '../../*/src/**', '../../../*/src/**'],
              message: "Import another package through its exports ('@atrium/<name>' or a subpath of it).",
            },
            {
              group: ['**/packages/*/src/**', '**/root-config/src/**'],
              message: "Import another package through its exports ('@atrium/<name>' or a subpath of it).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

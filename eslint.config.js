// Lint rules for every program in the package: console, worker, server, tests and scripts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'reports/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The tiers, bottom up: domain (the kernel), then workers, machines and streams, then the console (src) and, beside
    // them, the server. Nothing imports a tier above it (docs/architecture.md).
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Shared by browser, worker and server: no runtime of either side.
            'node:*', 'react', 'react-dom', 'fs', 'path', 'crypto',
            '**/src/**', '**/workers/**', '**/machines/**', '**/streams/**', '**/server/**',
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts', 'machines/**/*.ts', 'streams/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/server/**'] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/workers/**', '**/machines/**', '**/streams/**'] }] },
  },
);

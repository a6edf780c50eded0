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
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/workers/**', '**/machines/**', '**/streams/**'] }],
      // Company scoping has one way (server/auth/company-scope.ts): a hand-written `companyCode in (…)` is where a
      // caller without companies meets an empty IN list, or a new query forgets its companies.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[arguments.0.value=/(^|\\.)companyCode$/][arguments.1.value='in']",
          message: 'Scope by company with scopedFrom or inCompanies (server/auth/company-scope.ts).',
        },
        {
          selector: "CallExpression[arguments.0.callee.property.name='ref'][arguments.0.arguments.0.value=/(^|\\.)companyCode$/][arguments.1.value='in']",
          message: 'Scope by company with scopedFrom or inCompanies (server/auth/company-scope.ts).',
        },
        {
          selector: "TemplateLiteral:has(> CallExpression[callee.property.name='ref'][arguments.0.value=/(^|\\.)companyCode$/]):has(> TemplateElement[value.raw=/^\\s*in\\s*\\(/])",
          message: 'Scope by company with companiesSql (server/auth/company-scope.ts).',
        },
      ],
    },
  },
  {
    // A route's path comes from the kernel (the call registry through server/routes/call-route.ts, a definition, a
    // feature's path constant) and is never typed where the route is added, so no path is written twice. The operations
    // endpoints are the exception: only operators and tests call them, and their answers are server shapes.
    files: ['server/**/*.ts'],
    ignores: ['server/routes/diagnostics.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|delete|patch|head|options|all)$/] > :matches(Literal, TemplateLiteral[expressions.length=0]):first-child",
          message: 'A route path typed here: add the call to domain/wire/calls.ts and register it with callRoute, or take the path from its definition.',
        },
        {
          selector: "CallExpression[callee.object.name='app'][callee.property.name='route'] > ObjectExpression > Property[key.name='url'] > :matches(Literal, TemplateLiteral[expressions.length=0])",
          message: 'A route path typed here: add the call to domain/wire/calls.ts and register it with callRoute, or take the path from its definition.',
        },
      ],
    },
  },
);

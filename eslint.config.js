// Type-aware lint: a floating promise here is a lost browser command.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // scripts/test-pack: consumer files for the packed packages, type-checked there (one must fail tsc).
  { ignores: ['**/node_modules/**', '**/dist/**', '**/lib/**', 'reports/**', 'docs/**', '**/*.js', '!eslint.config.js', 'scripts/test-pack/**'] },
  // A relative import that leaves its package reads another package's sources behind its back: no
  // declared dependency, no export, and a cycle turbo never sees. Import by name and declare it.
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: {
      // One program, the root tsconfig's (what `tsc -p tsconfig.json` checks): the project service opened
      // one per package tsconfig and type-checked the shared sources in each, 5x the time for the same rules.
      // A .ts file outside the root tsconfig is a parse error here, so none goes unlinted.
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@browser-provider/firefox', '@browser-provider/chrome', '@browser-provider/safari'], message: 'Only apps/ wires browser adapters in.' },
          ],
        },
      ],
    },
  },
  {
    // Dependencies point one way: protocol ← core ← backends ← adapters ← apps; protocol sees nothing else.
    files: ['packages/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@browser-provider/*', '!@browser-provider/protocol'], message: 'protocol depends on nothing of ours.' }] },
      ],
    },
  },
  {
    // Conformance judges any provider from outside: the protocol, and the client's stream entry point
    // (which loads no core); never the main client entry (createProvider pulls in core and the engines).
    files: ['conformance/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@browser-provider/client', message: 'conformance imports @browser-provider/client/stdio, which loads no core.' }],
          patterns: [{ group: ['@browser-provider/*', '!@browser-provider/protocol', '!@browser-provider/client'], message: 'conformance sees only the protocol and @browser-provider/client/stdio.' }],
        },
      ],
    },
  },
  {
    // Its real-browser tests (never published) gate on the installed engines like every browser suite.
    files: ['conformance/**/*.browser.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@browser-provider/client', message: 'conformance imports @browser-provider/client/stdio, which loads no core.' }],
          patterns: [{ group: ['@browser-provider/*', '!@browser-provider/protocol', '!@browser-provider/client', '!@browser-provider/testing'], message: 'conformance tests see the protocol, @browser-provider/client/stdio and the test helpers.' }],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@browser-provider/bidi', '@browser-provider/classic', '@browser-provider/firefox', '@browser-provider/chrome', '@browser-provider/safari'], message: 'core never names an engine.' }] },
      ],
    },
  },
  {
    // Apps, the benchmark and the client (createProvider) wire adapters in, like any user of the packages.
    files: ['apps/**/*.ts', 'bench/**/*.ts', 'packages/client/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);

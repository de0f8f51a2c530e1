import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'resources/db/**', 'resources/models/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['packaging/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The renderer and the shared contract must never reach into the server or Node.
    files: ['src/renderer/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main/**', 'node:*', 'better-sqlite3', 'express'], message: 'renderer/shared code talks to the server over HTTP only' }] }],
    },
  },
);

import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'dev-dist', 'bench/tmp'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Imports flow one way (DESIGN §1): contract imports nothing of ours; src and server never import each other.
  {
    files: ['contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../src/*', '../server/*', '../sw/*', 'react', 'node:*'] }] },
  },
  {
    files: ['src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/sw/**'] }] },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/sw/**'] }] },
  },
)

import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import globals from 'globals'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const root = dirname(fileURLToPath(import.meta.url))

/** Every folder under src/features is one feature; a new folder is a new zone without touching this file. */
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Import zones (DESIGN §1, docs/architecture.md): `target` files may not import anything under `from`, unless it is
 * under one of `except` (relative to `from`). Imports flow one way:
 *   contract ← server;  contract ← sw;
 *   contract ← src/lib ← src/api ← src/session ← src/components, src/pwa ← src/features ← src/app
 * The shared layers are src/lib, src/api, src/session, src/components and src/pwa. src/session (the signed-in user's
 * session actions, settings and features) is where src/api meets the page's state: src/lib stays below src/api.
 */
const zones = {
  contractImportsNothingOfOurs: {
    target: './contract',
    from: '.',
    except: ['./contract', './node_modules'],
    message:
      'contract/ is shared by the page, the service worker and the server: it imports nothing of ours.',
  },
  swImportsOnlyContract: {
    target: './sw',
    from: '.',
    except: ['./sw', './contract', './node_modules'],
    message: 'The service worker imports only contract/ (and its own files and packages).',
  },
  srcNeverImportsServer: {
    target: './src',
    from: ['./server', './sw'],
    message: 'The page never imports the server or the service worker: share through contract/.',
  },
  serverNeverImportsSrc: {
    target: './server',
    from: ['./src', './sw'],
    message: 'The server never imports the page or the service worker: share through contract/.',
  },
  sharedNeverImportsFeatures: {
    target: ['./src/components', './src/lib', './src/api', './src/session', './src/pwa'],
    from: ['./src/features', './src/app'],
    message:
      'src/components, src/lib, src/api, src/session and src/pwa are shared: they never import a feature or src/app.',
  },
  libNeverImportsLayersAbove: {
    target: './src/lib',
    from: ['./src/api', './src/session', './src/components', './src/pwa'],
    message:
      'src/lib is the bottom layer of the page: it never imports src/api, src/session, src/components or src/pwa (what needs them moves up, e.g. to src/session).',
  },
  apiImportsOnlyLib: {
    target: './src/api',
    from: ['./src/session', './src/components', './src/pwa'],
    message: 'src/api fetches through src/lib only: it never imports src/session, src/components or src/pwa.',
  },
  sessionNeverImportsUi: {
    target: './src/session',
    from: ['./src/components', './src/pwa'],
    message: 'src/session holds no UI: it never imports src/components or src/pwa (they import it).',
  },
  featureNeverImportsApp: {
    target: './src/features',
    from: './src/app',
    message: 'A feature never imports src/app: move what it needs to src/components, src/session or src/lib.',
  },
  featureNeverImportsAnotherFeature: features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `A feature never imports another feature: move what both need to src/components or src/lib.`,
  })),
}

/** The zones of production code (and of every file unless an override below says otherwise). */
const allZones = Object.values(zones).flat()
/**
 * Tests may mount the app layer (AppProviders, <App/>) to check a feature as the user meets it; they keep every
 * other zone, so a test never imports another feature.
 */
const testZones = allZones.filter((zone) => zone !== zones.featureNeverImportsApp)

const restrictedPaths = (list) => ['error', { zones: list, basePath: root }]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'coverage',
      'dev-dist',
      'bench/tmp',
      'tests/e2e/artifacts',
      'test-results',
      'playwright-report',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
      // The files import-x reads to follow imports (no-cycle); without it only .js files are followed.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': restrictedPaths(allZones),
      // Modules import one way (STYLE): two that reach each other, however far round, are one module or a misplaced
      // piece. Packages are not followed (ignoreExternal): a cycle here is always in our own code.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/features/*/test-helpers.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(testZones) },
  },
  // Secure-context-only APIs have one way each in the page (plain http on a school LAN has neither): ids through
  // src/lib/random-id.ts, copying through src/components/copy-text.tsx.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/**/*.test.{ts,tsx}',
      'src/test/**',
      'src/lib/random-id.ts',
      'src/components/copy-text.tsx',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'randomUUID',
          message: 'crypto.randomUUID exists only over HTTPS: use randomId() of src/lib/random-id.ts.',
        },
        {
          object: 'navigator',
          property: 'clipboard',
          message:
            'navigator.clipboard exists only over HTTPS: use useCopyText() of src/components/copy-text.tsx.',
        },
      ],
    },
  },
  // contract/ runs in the page, the service worker and Node: no React, no Node built-ins (zones cover our folders).
  {
    files: ['contract/**'],
    ignores: ['contract/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'node:*'] }] },
  },
  // server/services/ is what the API does, not how HTTP carries it: the request and the reply stay in the route
  // (a write is a Change factory that plugins/app/write.ts runs; docs/architecture.md, "A server write").
  {
    files: ['server/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify-*', '@fastify/*'],
              message: 'A service never imports Fastify: keep the request and the reply in the route.',
            },
          ],
        },
      ],
    },
  },
)

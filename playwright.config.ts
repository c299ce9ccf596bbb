/**
 * End-to-end suite (tests/e2e, see tests/README.md): the real server with the built app, started once per run by
 * tests/e2e/global-setup.ts, and Debian's Chromium — never a downloaded browser.
 *
 *   npm run test:e2e                              # vite build, then every spec
 *   npx playwright test tests/e2e/specs/theme.spec.ts   # one spec, against the dist/ there is
 *
 * A failed test is retried once; one that passes on the retry is reported as flaky (the list reporter and the
 * last line of `npm test` show it). E2E_JSON names the JSON report scripts/test.mjs reads.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, CONTEXT_OPTIONS } from './tests/support/chromium'

export default defineConfig({
  testDir: 'tests/e2e/specs',
  testMatch: '*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 1,
  // Two cores, shared with the server and Chromium: two workers when the machine has more to give.
  workers: Number(process.env.E2E_WORKERS) || 1,
  fullyParallel: false,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON || 'test-results/e2e.json' }]],
  use: {
    ...CONTEXT_OPTIONS,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})

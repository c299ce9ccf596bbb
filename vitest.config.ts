import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'
import { aliases } from './aliases'
import { chakraGlobalCss } from './scripts/chakra-global-css'

/**
 * `src/**\/*.test.ts` files that need a browser (window, navigator, localStorage, IndexedDB, the MSW server of
 * src/test/setup.ts, a rendered hook), directly or through what they import: they run in `client`. Every other
 * `.test.ts` runs in `logic`; a new one that fails there with "window/localStorage/… is not defined" goes here.
 */
const BROWSER_TESTS = [
  'src/api/auth.test.ts',
  'src/features/dashboard/closed-alerts.test.ts',
  'src/features/groups/api/notes.test.ts',
  'src/features/groups/use-group-notes.test.ts',
  'src/features/timetable/api/timetable-plan.test.ts',
  'src/lib/api-client.test.ts',
  'src/lib/offline/local-mirror.test.ts',
  'src/lib/offline/user-data.test.ts',
  'src/lib/outbox/flush-lock.test.ts',
  'src/lib/outbox/outbox.test.ts',
  'src/lib/outbox/parked-writes.test.ts',
  'src/lib/use-search-term.test.ts',
  'src/pwa/register.test.ts',
  'src/pwa/update-banner.test.ts',
]

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        extends: true,
        // Pure logic: the node environment, no setup file, no happy-dom, no MSW (seconds, not minutes).
        test: {
          name: 'logic',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'sw/**/*.test.ts',
            'src/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...BROWSER_TESTS],
          // A cap, not a timed assertion: the import-zone test runs ESLint.
          testTimeout: 30000,
          // One module graph for all files (42 files: 14 s against 24 s isolated, 33 s in forks, loaded machine).
          // Safe while these tests stub nothing: a test that needs vi.mock or vi.stubGlobal belongs in `client`.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        // `virtual:chakra-global-css` for <ChakraRoot/>: the tests keep Chakra's run-time global CSS.
        plugins: [react(), chakraGlobalCss()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx', ...BROWSER_TESTS],
          setupFiles: ['src/test/setup.ts'],
          // A cap, not a timed assertion: axe on the whole shell takes >15 s on a loaded 2-core machine.
          testTimeout: 30000,
          // Worker threads start a little faster than forked processes (6 component files: 64 s against 68 s on the
          // loaded machine). Isolation stays on: module state (toaster, outbox, a vi.mock) and window listeners never
          // leak between files. Off, the same files took 21 s, but the outbox
          // test failed on what earlier files left behind.
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
})

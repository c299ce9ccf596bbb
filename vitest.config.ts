import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'contract/**/*.test.ts'],
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

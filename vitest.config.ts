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
          // Worker threads start faster than forked processes; every file still gets its own module graph
          // (isolation stays on: module state such as the toaster, the outbox or a vi.mock never leaks between files).
          pool: 'threads',
          deps: {
            optimizer: {
              // Pre-bundled once into node_modules/.vite instead of thousands of small ESM files loaded by every
              // test file (lucide-react alone is 4,800 files). React stays external, so there is one React.
              client: {
                enabled: true,
                include: [
                  '@chakra-ui/react',
                  '@emotion/react',
                  'lucide-react',
                  'date-fns',
                  'date-fns/locale',
                ],
              },
            },
          },
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

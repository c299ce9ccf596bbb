/**
 * Runs before every client test file (vitest.config.ts). Keep it light: it runs once per file, so everything
 * imported here is paid 25+ times a run. Chakra in particular is not imported here (it cost ~1.5 s a file): the
 * toaster's store is loaded only when a test showed a toast.
 */
import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetNotifyForTests, toasterWanted } from '../lib/notify'
import { resetSessionActionsForTests } from '../session/session-actions'
import { server } from './msw'

// findBy*/waitFor wait for a condition; on a loaded 2-core machine a render can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  // Toasts and the one-shot 401 guard are module state: every test starts without them.
  if (toasterWanted()) {
    const { toaster } = await import('../lib/toast-store')
    toaster.remove()
  }
  resetNotifyForTests()
  resetSessionActionsForTests()
})
afterAll(() => server.close())

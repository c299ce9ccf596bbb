import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetNotifyForTests } from '../lib/notify'
import { resetSessionActionsForTests } from '../lib/session-actions'
import { toaster } from '../lib/toast-store'
import { server } from './msw'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  // Toasts and the one-shot 401 guard are module state: every test starts without them.
  toaster.remove()
  resetNotifyForTests()
  resetSessionActionsForTests()
})
afterAll(() => server.close())

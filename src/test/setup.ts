import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetNotifyForTests } from '../lib/notify'
import { resetSessionActionsForTests } from '../lib/session-actions'
import { toaster } from '../lib/toast-store'
import { server } from './msw'

// The form path (react-hook-form, the TypeBox resolver, TypeBox) loads once per worker here rather than inside
// the first test that opens a form screen lazily: a cold load takes about a second on a busy machine, which is
// the whole of a findBy's wait (the shell's and the accessibility tests open the settings screen that way).
import '@sinclair/typebox'
import '../components/form'

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

import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/** The backend base URL component tests run against (happy-dom's origin + /api). */
export const API = `${window.location.origin}/api`

/**
 * Answered in every test unless a test says otherwise: the signed-in app asks for it at start (the parked-writes
 * offer, src/app/parked-writes-offer.tsx), which no screen test is about.
 */
const defaults = [
  http.get(`${API}/auth/outbox-key`, () =>
    HttpResponse.json({ username: 'teszt.tanar', key: 'A'.repeat(43) }),
  ),
]

/** The MSW server of component tests. Tests add handlers with `server.use(...)`; the API base is API. */
export const server = setupServer(...defaults)

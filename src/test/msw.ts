import { setupServer } from 'msw/node'

/** The MSW server of component tests. Tests add handlers with `server.use(...)`; the API base is API. */
export const server = setupServer()

/** The backend base URL component tests run against (happy-dom's origin + /api). */
export const API = `${window.location.origin}/api`

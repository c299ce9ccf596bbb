/**
 * A session of an account over the API, straight to the server (not through the test's network cut and not in the
 * browser): for setting up fixtures and reading what the server has. Writes carry a fresh Idempotency-Key, as the
 * app's do.
 */
import type { Account } from './accounts'
import { expect } from './fixtures'

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; data: T }>

export async function apiSession(serverUrl: string, account: Account): Promise<Api> {
  const answer = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  })
  expect(answer.status, `login of ${account.username}`).toBe(200)
  const { Token } = (await answer.json()) as { Token: string }
  return async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${serverUrl}/api${path}`, {
      method,
      headers: {
        Authorization: Token,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'Idempotency-Key': crypto.randomUUID() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, data: (await response.json()) as T }
  }
}

/** GET `path` with the session; the answer must be 200. */
export async function apiGet<T>(api: Api, path: string): Promise<T> {
  const { status, data } = await api<T>('GET', path)
  expect(status, `GET ${path}`).toBe(200)
  return data
}

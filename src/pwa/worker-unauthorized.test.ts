import { describe, expect, it, vi } from 'vitest'
import { apiCacheName } from '@contract/api-cache-name'
import { listenForWorkerUnauthorized } from './worker-unauthorized'

function worker() {
  const target = new EventTarget()
  const post = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }))
  return { target: target as unknown as ServiceWorkerContainer, post }
}

describe('listenForWorkerUnauthorized', () => {
  it("applies the 401 rule when the worker's late 401 was for this page's session", async () => {
    const { target, post } = worker()
    const onUnauthorized = vi.fn()
    listenForWorkerUnauthorized(target, onUnauthorized, () => 'token-a')
    post({ type: 'API_UNAUTHORIZED', cacheName: await apiCacheName('token-a') })
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1))
  })

  it("ignores another session's 401, update notices, and a page without a session", async () => {
    const { target, post } = worker()
    const onUnauthorized = vi.fn()
    let token: string | null = 'token-b'
    listenForWorkerUnauthorized(target, onUnauthorized, () => token)
    post({ type: 'API_UNAUTHORIZED', cacheName: await apiCacheName('token-a') })
    post({ type: 'API_CACHE_UPDATED', routeId: 'students', path: '/students/', url: 'x' })
    token = null
    post({ type: 'API_UNAUTHORIZED', cacheName: await apiCacheName('token-a') })
    await new Promise((resolve) => setTimeout(resolve, 0))
    await apiCacheName('flush')
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

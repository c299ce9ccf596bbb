import { QueryClient } from '@tanstack/react-query'
import { createStore, get, set } from 'idb-keyval'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiCacheName } from '@contract/api-cache-name'
import { mirrorLocalKey, readMirroredKey } from './local-mirror'
import { registerQueryClientForWipe, wipeUserData } from './user-data'

/** Just enough Cache Storage for the wipe: names only. */
function fakeCaches(names: string[]) {
  const stored = new Set(names)
  return {
    stored,
    keys: async () => [...stored],
    delete: async (name: string) => stored.delete(name),
  }
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((info) => info.name ?? '')
}

describe('wipeUserData', () => {
  const precache = 'workbox-precache-v2-http://localhost:3000/'
  let storage: ReturnType<typeof fakeCaches>

  beforeEach(async () => {
    storage = fakeCaches([precache, await apiCacheName('tok-a'), await apiCacheName('tok-b'), 'other-cache'])
    vi.stubGlobal('caches', storage)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    registerQueryClientForWipe(null)
  })

  it('deletes every api-* cache and keeps the precache', async () => {
    await wipeUserData()
    expect([...storage.stored].sort()).toEqual(['other-cache', precache].sort())
  })

  it('empties the outbox and the closed-alerts mirror, and keeps localSettings', async () => {
    const outbox = createStore('portal-outbox', 'items')
    await set('k1', { id: 'k1', method: 'POST', url: '/work/hours' }, outbox)
    localStorage.setItem('closedAlerts', '["a1"]')
    localStorage.setItem('localSettings', '{"backendUrl":"https://api.pelda.hu"}')
    await mirrorLocalKey('closedAlerts')
    await mirrorLocalKey('localSettings')

    await wipeUserData()

    expect(await get('k1', outbox)).toBeUndefined()
    expect(await readMirroredKey('closedAlerts')).toBeUndefined()
    expect(localStorage.getItem('closedAlerts')).toBeNull()
    expect(localStorage.getItem('localSettings')).toBe('{"backendUrl":"https://api.pelda.hu"}')
    expect(await readMirroredKey('localSettings')).toBe('{"backendUrl":"https://api.pelda.hu"}')
  })

  it('forgets the session’s outbox key and leaves parked writes to their owner’s next sign-in', async () => {
    localStorage.setItem('outbox_key', '{"owner":"api-1","username":"tanar.a","key":"k"}')
    const parked = createStore('portal-parked-writes', 'bundles')
    await set('b1', { id: 'b1', username: 'tanar.a', sealed: true }, parked)

    await wipeUserData()

    expect(localStorage.getItem('outbox_key')).toBeNull()
    expect(await get('b1', parked)).toEqual({ id: 'b1', username: 'tanar.a', sealed: true })
  })

  it('empties per-user outbox databases created under the outbox prefix', async () => {
    const perUser = createStore('portal-outbox-abc123', 'items')
    await set('k2', 'x', perUser)
    await wipeUserData()
    expect(await get('k2', perUser)).toBeUndefined()
  })

  it('does not create databases that did not exist', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory())
    await wipeUserData()
    expect(await databaseNames()).toEqual([])
  })

  it('clears the registered query cache', async () => {
    const client = new QueryClient()
    client.setQueryData(['students'], [{ name: 'Kiss Anna' }])
    registerQueryClientForWipe(client)
    await wipeUserData()
    expect(client.getQueryData(['students'])).toBeUndefined()
  })

  it('tells the service worker first and deletes the caches only after its answer (no late answer comes back)', async () => {
    const events: string[] = []
    const worker = {
      postMessage: (message: unknown, transfer: MessagePort[]) => {
        events.push(`told ${(message as { type: string }).type}, caches: ${storage.stored.size}`)
        setTimeout(() => {
          events.push('answered')
          transfer[0].postMessage(message)
        }, 20)
      },
    }
    const deleting = storage.delete
    storage.delete = async (name: string) => {
      events.push(`delete ${name.startsWith('api-') ? 'api' : name}`)
      return deleting(name)
    }
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: worker, getRegistration: async () => undefined },
    })
    try {
      await wipeUserData()
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker')
    }
    expect(events).toEqual(['told API_CACHE_WIPE, caches: 4', 'answered', 'delete api', 'delete api'])
  })

  it('works where Cache Storage is missing', async () => {
    vi.stubGlobal('caches', undefined)
    await expect(wipeUserData()).resolves.toBeUndefined()
  })
})

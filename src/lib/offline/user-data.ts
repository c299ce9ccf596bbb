/**
 * Wipes the signed-in user's offline data (DESIGN §5, shared tablets): a second teacher on the same tablet must
 * never see the first one's data, online or offline. Called on logout, on a 401 and before a new login's token is
 * stored. Keeps what belongs to the device: the app shell precache and `localSettings`.
 */
import type { QueryClient } from '@tanstack/react-query'
import { isApiCacheName } from '@contract/api-cache-name'
import type { ApiCacheWipeMessage } from '@contract/sw-protocol'
import { MIRROR_DATABASES } from './local-mirror'
import { outbox } from '../outbox/outbox'
import { OUTBOX_KEY_STORAGE } from '../outbox/parked-writes'

/** The Munkaidő tervező's plans (src/features/timetable), kept on the device per user. */
export const TIMETABLE_DATABASE = 'portal-timetable'

/** IndexedDB databases that hold one user's data. */
export const PER_USER_DATABASES = [
  MIRROR_DATABASES.closedAlerts,
  'portal-outbox',
  TIMETABLE_DATABASE,
] as const

/** Per-user databases may also be created per user under these prefixes (e.g. `portal-outbox-<hash>`). */
const PER_USER_DATABASE_PREFIXES = ['portal-outbox']

/** localStorage keys that belong to the user, not the device (`outbox_key`: the session's key for parked writes). */
const PER_USER_LOCAL_KEYS = ['closedAlerts', OUTBOX_KEY_STORAGE]

type WipeableClient = Pick<QueryClient, 'clear' | 'cancelQueries'>

let queryClient: WipeableClient | null = null

/** The app registers its TanStack Query client so a wipe also forgets the queries in memory. */
export function registerQueryClientForWipe(client: WipeableClient | null): void {
  queryClient = client
}

/** How long the wipe waits for the service worker's answer to API_CACHE_WIPE (an older worker never answers). */
export const WORKER_WIPE_WAIT_MS = 2000

/**
 * Tells the service worker that the user's data is being wiped (contract/sw-protocol.ts `API_CACHE_WIPE`) and waits
 * for its answer: from then on it writes no answer of a request that was on its way (a refetch, its own background
 * revalidation, a refresh after a write) into an API cache, so none comes back after the caches are deleted.
 */
async function stopWorkerCacheWrites(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const container = navigator.serviceWorker
  const worker = container.controller ?? (await container.getRegistration().catch(() => undefined))?.active
  if (!worker) return
  const channel = new MessageChannel()
  const message: ApiCacheWipeMessage = { type: 'API_CACHE_WIPE' }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, WORKER_WIPE_WAIT_MS)
    channel.port1.onmessage = () => {
      clearTimeout(timer)
      resolve()
    }
    worker.postMessage(message, [channel.port2])
  })
  channel.port1.close()
}

/** Deletes every `api-*` cache, once the service worker writes none of them any more; the precache and others stay. */
async function deleteApiCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  // A worker that cannot be told (none, or it fails) is not waited for: the caches go all the same.
  await stopWorkerCacheWrites().catch(() => undefined)
  const names = await caches.keys()
  await Promise.all(names.filter(isApiCacheName).map((name) => caches.delete(name)))
}

/**
 * Empties every object store of database `name`. Clearing instead of deleting: `deleteDatabase` waits for every
 * open connection (the outbox and the alerts mirror keep theirs open), and a wipe must not hang before a reload.
 * A database that does not exist is not created.
 */
function clearDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(name)
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)))
      return
    }
    // An upgrade means the database did not exist: abort, so opening does not create it.
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = (event) => {
      event.preventDefault()
      if (request.error?.name === 'AbortError') resolve()
      else reject(request.error ?? new Error(`IndexedDB ${name} nem nyitható meg.`))
    }
    request.onsuccess = () => {
      const db = request.result
      const storeNames = Array.from(db.objectStoreNames)
      if (storeNames.length === 0) {
        db.close()
        resolve()
        return
      }
      const tx = db.transaction(storeNames, 'readwrite')
      for (const storeName of storeNames) tx.objectStore(storeName).clear()
      tx.oncomplete = () => {
        db.close()
        resolve()
      }
      tx.onerror = tx.onabort = () => {
        db.close()
        reject(tx.error ?? new Error(`IndexedDB ${name} törlése nem sikerült.`))
      }
    }
  })
}

async function perUserDatabaseNames(): Promise<string[]> {
  const names = new Set<string>(PER_USER_DATABASES)
  try {
    for (const info of (await indexedDB.databases?.()) ?? []) {
      if (info.name && PER_USER_DATABASE_PREFIXES.some((prefix) => info.name!.startsWith(prefix)))
        names.add(info.name)
    }
  } catch {
    // Older browsers cannot list databases; the fixed names are still cleared.
  }
  return [...names]
}

/**
 * Deletes the current user's API caches, empties the per-user IndexedDB data (closed-alerts mirror, outbox),
 * removes `closedAlerts` from localStorage and clears the registered TanStack Query cache. Keeps the precache
 * and `localSettings`. Every part is attempted; the first failure is rethrown at the end.
 */
export async function wipeUserData(): Promise<void> {
  // The outbox stops first, so no retry writes an item back after its database is emptied.
  outbox.stop()
  if (queryClient) {
    await queryClient.cancelQueries().catch(() => undefined)
    queryClient.clear()
  }
  for (const key of PER_USER_LOCAL_KEYS) localStorage.removeItem(key)
  const results = await Promise.allSettled([
    deleteApiCaches(),
    ...(typeof indexedDB === 'undefined' ? [] : (await perUserDatabaseNames()).map(clearDatabase)),
  ])
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (failure) throw failure.reason
}

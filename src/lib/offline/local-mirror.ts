/**
 * Mirrors the spec's local-storage keys `localSettings` and `closedAlerts` into IndexedDB (idb-keyval, one
 * database per concern), and puts them back when the browser dropped localStorage but kept IndexedDB — as
 * installed apps on tablets under storage pressure do.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval'

/** Which IndexedDB database mirrors which localStorage key. `portal-alerts` is per user (wiped on logout). */
export const MIRROR_DATABASES = {
  localSettings: 'portal-settings',
  closedAlerts: 'portal-alerts',
} as const

export type MirroredKey = keyof typeof MIRROR_DATABASES

export const MIRRORED_KEYS = Object.keys(MIRROR_DATABASES) as MirroredKey[]

/** idb-keyval's default object store name; the wipe clears whole databases, so the name only matters here. */
const STORE_NAME = 'keyval'

const stores = new Map<MirroredKey, UseStore>()

function storeFor(key: MirroredKey): UseStore {
  let store = stores.get(key)
  if (!store) {
    store = createStore(MIRROR_DATABASES[key], STORE_NAME)
    stores.set(key, store)
  }
  return store
}

/** Copies the current localStorage value of `key` into its mirror (a removed key is removed there too). */
export async function mirrorLocalKey(key: MirroredKey): Promise<void> {
  const value = localStorage.getItem(key)
  if (value === null) await del(key, storeFor(key))
  else await set(key, value, storeFor(key))
}

/** The mirrored value of `key`, or undefined. */
export async function readMirroredKey(key: MirroredKey): Promise<string | undefined> {
  const value = await get<unknown>(key, storeFor(key))
  return typeof value === 'string' ? value : undefined
}

/**
 * At start: a key missing from localStorage but present in its mirror is restored; a key present in
 * localStorage refreshes its mirror; `localSettings` missing from both becomes '{}' (the same settings). A key written
 * while the mirror was being read is kept. Returns the keys that were restored. Never throws (IndexedDB may be off).
 */
export async function restoreMirroredKeys(): Promise<MirroredKey[]> {
  const restored: MirroredKey[] = []
  await Promise.all(
    MIRRORED_KEYS.map(async (key) => {
      try {
        if (localStorage.getItem(key) === null) {
          const value = await readMirroredKey(key)
          // Written meanwhile (the prerendered login screen takes input while IndexedDB answers): that value stays.
          if (localStorage.getItem(key) !== null) await mirrorLocalKey(key)
          else if (value !== undefined) {
            localStorage.setItem(key, value)
            restored.push(key)
          } else if (key === 'localSettings') {
            // Nothing to restore (no setting was ever made on this device): an empty entry, so that the next start
            // sees localStorage kept and does not wait for IndexedDB again (main.tsx). At 4× CPU that wait ended
            // only after the signed-in app's code had been evaluated, and held the first requests back with it.
            localStorage.setItem(key, '{}')
          }
        } else {
          await mirrorLocalKey(key)
        }
      } catch (error) {
        console.warn(`A(z) ${key} tükrözése nem sikerült.`, error)
      }
    }),
  )
  return restored
}

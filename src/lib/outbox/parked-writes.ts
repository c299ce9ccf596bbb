/**
 * Unsent writes of a session that ended with a 401 (issue 17, docs/decisions/client-writes.md, "Parked writes"). The 401 rule wipes
 * the user's data; before it does, the writes still waiting in the outbox are parked in a database of the device
 * (`portal-parked-writes`, which no wipe empties), sealed with AES-GCM under the account's outbox key (from
 * `GET /auth/outbox-key`, kept on the device only while the session lasts) with the username in clear. At the next
 * sign-in on that device the same account gets its key again, and only that key opens them: another account's
 * bundles are never shown, opened or sent. Without Web Crypto (an insecure origin) they are parked unsealed and
 * still offered to the same username only.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval'
import type { OutboxItem } from './outbox-item'

export const PARKED_DATABASE = 'portal-parked-writes'
export const PARKED_STORE = 'bundles'
/** localStorage: the signed-in session's outbox key, `{owner, username, key}`; a wipe removes it. */
export const OUTBOX_KEY_STORAGE = 'outbox_key'

/** The signed-in session's outbox key: `owner` is the session's cache hash, so a key is used for its own session. */
export interface OutboxKeyRecord {
  owner: string
  username: string
  /** 32 bytes, base64url. */
  key: string
}

interface BundleBase {
  id: string
  username: string
  parkedAt: number
  count: number
}

/** One session's parked writes. */
export type ParkedBundle =
  | (BundleBase & { sealed: true; iv: string; data: string })
  | (BundleBase & { sealed: false; items: OutboxItem[] })

/** What the next sign-in of the same account finds. */
export interface ParkedWrites {
  bundleIds: string[]
  items: OutboxItem[]
}

export interface ParkingDeps {
  /** Web Crypto's SubtleCrypto, or undefined on an insecure origin. */
  subtle?: SubtleCrypto
  store?: UseStore
  storage?: Storage
  now?: () => number
  randomBytes?: (length: number) => Uint8Array
}

let defaultStore: UseStore | null = null

function resolve(deps: ParkingDeps) {
  const subtle = 'subtle' in deps ? deps.subtle : globalThis.crypto?.subtle
  return {
    subtle,
    // Opened on first use: importing this module creates no database.
    store: deps.store ?? (defaultStore ??= createStore(PARKED_DATABASE, PARKED_STORE)),
    storage: deps.storage ?? localStorage,
    now: deps.now ?? Date.now,
    randomBytes:
      deps.randomBytes ?? ((length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length))),
  }
}

// ---- the session's key ----------------------------------------------------------------------------------------

function isKeyRecord(value: unknown): value is OutboxKeyRecord {
  if (!value || typeof value !== 'object') return false
  const record = value as Partial<OutboxKeyRecord>
  return (
    typeof record.owner === 'string' && typeof record.username === 'string' && typeof record.key === 'string'
  )
}

export function rememberOutboxKey(record: OutboxKeyRecord, storage: Storage = localStorage): void {
  storage.setItem(OUTBOX_KEY_STORAGE, JSON.stringify(record))
}

export function readOutboxKey(storage: Storage = localStorage): OutboxKeyRecord | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(OUTBOX_KEY_STORAGE) ?? 'null')
    return isKeyRecord(value) ? value : null
  } catch {
    return null
  }
}

export function forgetOutboxKey(storage: Storage = localStorage): void {
  storage.removeItem(OUTBOX_KEY_STORAGE)
}

// ---- sealing --------------------------------------------------------------------------------------------------

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

async function aesKey(subtle: SubtleCrypto, key: string, usage: KeyUsage): Promise<CryptoKey> {
  return subtle.importKey('raw', fromBase64(key), 'AES-GCM', false, [usage])
}

/** The username is the additional data: a bundle relabelled with another username does not open. */
function additionalData(username: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`portal-parked-writes:${username}`)
}

async function seal(
  subtle: SubtleCrypto,
  record: OutboxKeyRecord,
  items: OutboxItem[],
  iv: Uint8Array<ArrayBuffer>,
): Promise<{ iv: string; data: string }> {
  const sealed = await subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(record.username) },
    await aesKey(subtle, record.key, 'encrypt'),
    new TextEncoder().encode(JSON.stringify(items)),
  )
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(sealed)) }
}

/** The bundle's items, or null when `key` is not the one it was sealed with. */
async function open(
  subtle: SubtleCrypto | undefined,
  bundle: ParkedBundle,
  username: string,
  key: string,
): Promise<OutboxItem[] | null> {
  if (bundle.username !== username) return null
  if (!bundle.sealed) return bundle.items
  if (!subtle) return null
  try {
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(bundle.iv), additionalData: additionalData(username) },
      await aesKey(subtle, key, 'decrypt'),
      fromBase64(bundle.data),
    )
    const items: unknown = JSON.parse(new TextDecoder().decode(plain))
    return Array.isArray(items) ? (items as OutboxItem[]) : null
  } catch {
    return null
  }
}

function isBundle(value: unknown): value is ParkedBundle {
  if (!value || typeof value !== 'object') return false
  const bundle = value as Partial<ParkedBundle>
  return (
    typeof bundle.id === 'string' && typeof bundle.username === 'string' && typeof bundle.sealed === 'boolean'
  )
}

// ---- parking and finding --------------------------------------------------------------------------------------

/**
 * Parks `items` (the outbox's waiting writes of the session that just got a 401) under the session's key, then
 * forgets the key. Returns how many were parked: 0 without items, or without a key of this session (`owner`) —
 * then nothing says whose they are, and they go with the wipe as before.
 */
export async function parkWrites(
  items: OutboxItem[],
  owner: string | null,
  deps: ParkingDeps = {},
): Promise<number> {
  const { subtle, store, storage, now, randomBytes } = resolve(deps)
  const record = readOutboxKey(storage)
  forgetOutboxKey(storage)
  if (!items.length || !record || !owner || record.owner !== owner) return 0
  const base: BundleBase = {
    id: toBase64(randomBytes(12)).replace(/[+/=]/g, ''),
    username: record.username,
    parkedAt: now(),
    count: items.length,
  }
  const bundle: ParkedBundle = subtle
    ? { ...base, sealed: true, ...(await seal(subtle, record, items, new Uint8Array(randomBytes(12)))) }
    : { ...base, sealed: false, items }
  await set(bundle.id, bundle, store)
  return items.length
}

/**
 * The parked writes `username` can open with `key`, oldest first. Bundles of this username that the key does not
 * open (sealed for an account of the same name that was deleted and made again, or by an older server secret) can
 * never be opened and are deleted; every other account's bundles are left alone, unread.
 */
export async function findParkedWrites(
  username: string,
  key: string,
  deps: ParkingDeps = {},
): Promise<ParkedWrites> {
  const { subtle, store } = resolve(deps)
  const found: ParkedWrites = { bundleIds: [], items: [] }
  const bundles = (await entries<IDBValidKey, unknown>(store))
    .map(([, value]) => value)
    .filter(isBundle)
    .filter((bundle) => bundle.username === username)
    .sort((a, b) => a.parkedAt - b.parkedAt)
  for (const bundle of bundles) {
    const items = await open(subtle, bundle, username, key)
    if (items) {
      found.bundleIds.push(bundle.id)
      // Two tabs of one session may both have parked the same writes: each id once.
      found.items.push(...items.filter((item) => !found.items.some((known) => known.id === item.id)))
    } else if (bundle.sealed && subtle) {
      await del(bundle.id, store)
    }
  }
  return found
}

/** Deletes parked bundles (sent again, or discarded by their owner). */
export async function removeParkedWrites(
  bundleIds: readonly string[],
  deps: ParkingDeps = {},
): Promise<void> {
  const { store } = resolve(deps)
  for (const id of bundleIds) await del(id, store)
}

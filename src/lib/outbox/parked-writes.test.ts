import { webcrypto } from 'node:crypto'
import { createStore, entries, type UseStore } from 'idb-keyval'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OutboxItem } from './outbox-item'
import {
  findParkedWrites,
  parkWrites,
  readOutboxKey,
  rememberOutboxKey,
  removeParkedWrites,
  type ParkingDeps,
} from './parked-writes'

// Node's Web Crypto, passed in: the page's is `crypto.subtle`, which only secure contexts have.
const subtle = webcrypto.subtle as unknown as SubtleCrypto
const KEY_A = Buffer.alloc(32, 1).toString('base64url')
const KEY_B = Buffer.alloc(32, 2).toString('base64url')

function item(id: string, label: string): OutboxItem {
  return {
    id,
    method: 'POST',
    url: '/work/hours',
    body: { date: '2026-11-20', hours: 8 },
    label,
    createdAt: Number(id.replace(/\D/g, '')),
    attempts: 2,
    lastError: 'Hiba történt a kapcsolat során.',
    queryKey: ['workHours'],
    owner: 'api-a',
    status: 'waiting',
  }
}

let store: UseStore
let count = 0
let deps: ParkingDeps

beforeEach(() => {
  store = createStore(`parked-test-${++count}`, 'bundles')
  deps = { subtle, store, storage: localStorage }
})

async function stored(): Promise<string> {
  return JSON.stringify(await entries(store))
}

describe('parked writes, sealed (a secure origin)', () => {
  it('parks the session’s writes sealed, with only the username in clear, and forgets the key', async () => {
    rememberOutboxKey({ owner: 'api-a', username: 'tanar.a', key: KEY_A })
    const parked = await parkWrites(
      [item('írás-egy', 'Munkaidő: Kovács Ádám'), item('írás-kettő', 'Jegyzet')],
      'api-a',
      deps,
    )

    expect(parked).toBe(2)
    expect(readOutboxKey()).toBeNull()
    const text = await stored()
    expect(text).toContain('tanar.a')
    // Accented ids: the sealed base64 and the bundle's random id can never contain them by chance ('i1' could).
    for (const secret of ['Kovács', 'Jegyzet', '/work/hours', '2026-11-20', 'írás-egy'])
      expect(text).not.toContain(secret)
  })

  it('opens for the same account’s key, in order; another account neither sees nor opens them', async () => {
    rememberOutboxKey({ owner: 'api-a', username: 'tanar.a', key: KEY_A })
    await parkWrites([item('i1', 'első'), item('i2', 'második')], 'api-a', deps)

    const other = await findParkedWrites('tanar.b', KEY_B, deps)
    expect(other).toEqual({ bundleIds: [], items: [] })
    expect(await stored(), 'another account’s sign-in leaves them for their owner').toContain('tanar.a')

    const mine = await findParkedWrites('tanar.a', KEY_A, deps)
    expect(mine.items.map((i) => i.label)).toEqual(['első', 'második'])
    expect(mine.items[0]).toEqual(item('i1', 'első'))

    await removeParkedWrites(mine.bundleIds, deps)
    expect(await findParkedWrites('tanar.a', KEY_A, deps)).toEqual({ bundleIds: [], items: [] })
  })

  it('offers each write once when two tabs of the session both parked it', async () => {
    for (let tab = 0; tab < 2; tab++) {
      rememberOutboxKey({ owner: 'api-a', username: 'tanar.a', key: KEY_A })
      await parkWrites([item('i1', 'első')], 'api-a', deps)
    }
    const mine = await findParkedWrites('tanar.a', KEY_A, deps)
    expect(mine.bundleIds).toHaveLength(2)
    expect(mine.items.map((i) => i.id)).toEqual(['i1'])
  })

  it('another key cannot open them, even under the same username (then they are deleted: no key ever will)', async () => {
    rememberOutboxKey({ owner: 'api-a', username: 'tanar.a', key: KEY_A })
    await parkWrites([item('i1', 'első')], 'api-a', deps)
    expect(await findParkedWrites('tanar.a', KEY_B, deps)).toEqual({ bundleIds: [], items: [] })
    expect(await entries(store)).toEqual([])
  })

  it('a bundle relabelled with another username does not open with that account’s key', async () => {
    rememberOutboxKey({ owner: 'api-a', username: 'tanar.a', key: KEY_A })
    await parkWrites([item('i1', 'első')], 'api-a', deps)
    const [[key, bundle]] = await entries<IDBValidKey, { username: string }>(store)
    const { set } = await import('idb-keyval')
    await set(key, { ...bundle, username: 'tanar.b' }, store)
    // Even were tanar.b to hold tanar.a's key, the username is sealed into the bundle.
    expect((await findParkedWrites('tanar.b', KEY_A, deps)).items).toEqual([])
  })

  it('parks nothing without this session’s key (another session’s, or none)', async () => {
    expect(await parkWrites([item('i1', 'első')], 'api-a', deps)).toBe(0)
    rememberOutboxKey({ owner: 'api-other-session', username: 'tanar.a', key: KEY_A })
    expect(await parkWrites([item('i1', 'első')], 'api-a', deps)).toBe(0)
    expect(readOutboxKey(), 'a key is forgotten by the 401 rule either way').toBeNull()
    expect(await entries(store)).toEqual([])
  })
})

describe('parked writes without Web Crypto (an insecure origin)', () => {
  it('parks them unsealed and offers them to the same username only', async () => {
    const insecure: ParkingDeps = { ...deps, subtle: undefined }
    rememberOutboxKey({ owner: 'api-a', username: 'tanar.a', key: KEY_A })
    expect(await parkWrites([item('i1', 'első')], 'api-a', insecure)).toBe(1)

    expect((await findParkedWrites('tanar.b', KEY_B, insecure)).items).toEqual([])
    expect((await findParkedWrites('tanar.b', KEY_B, deps)).items, 'nor later on a secure origin').toEqual([])
    expect((await findParkedWrites('tanar.a', KEY_A, insecure)).items.map((i) => i.id)).toEqual(['i1'])
  })
})

/**
 * One tab flushes the outbox at a time. With Web Locks (`navigator.locks`, every current browser) the lock is
 * released by the browser even when a tab crashes. Without them, a lease in localStorage that the holder renews
 * while it works and that expires on its own when the holder dies.
 */

export const FLUSH_LOCK_NAME = 'portal-outbox-flush'
const LEASE_KEY = 'portal-outbox-flush-lease'
export const LEASE_MS = 15_000

/** The part of the Web Locks API the outbox uses. */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>
}

/**
 * Runs `task` while holding the flush lock and returns true, or returns false at once when another tab holds it.
 * `renew` (fallback only) extends the lease; the task calls it between items.
 */
export type FlushLock = (task: (renew: () => void) => Promise<void>) => Promise<boolean>

export function webLock(locks: LockManagerLike): FlushLock {
  return async (task) => {
    let ran = false
    await locks.request(FLUSH_LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return
      ran = true
      await task(() => {})
    })
    return ran
  }
}

interface Lease {
  tab: string
  until: number
}

function readLease(storage: Storage): Lease | null {
  try {
    const value = JSON.parse(storage.getItem(LEASE_KEY) ?? 'null') as Lease | null
    return value && typeof value.tab === 'string' && typeof value.until === 'number' ? value : null
  } catch {
    return null
  }
}

/** The fallback: a lease of LEASE_MS in localStorage, taken when free or expired. */
export function leaseLock(storage: Storage, tab: string, now: () => number = Date.now): FlushLock {
  return async (task) => {
    const held = readLease(storage)
    if (held && held.tab !== tab && held.until > now()) return false
    const renew = () => storage.setItem(LEASE_KEY, JSON.stringify({ tab, until: now() + LEASE_MS }))
    renew()
    // Two tabs may have written at once: the one whose lease stayed goes on.
    await Promise.resolve()
    if (readLease(storage)?.tab !== tab) return false
    try {
      await task(renew)
    } finally {
      if (readLease(storage)?.tab === tab) storage.removeItem(LEASE_KEY)
    }
    return true
  }
}

/** Web Locks when the browser has them, else the lease. */
export function defaultFlushLock(tab: string): FlushLock {
  const locks =
    typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }).locks : undefined
  return locks ? webLock(locks) : leaseLock(localStorage, tab)
}

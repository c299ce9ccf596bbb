/**
 * The worker's side of the page's wipe (src/lib/offline/user-data.ts; DESIGN §5, shared tablets). The page deletes
 * every `api-*` cache at Kijelentkezés, on a 401 and before a login, but an answer still on its way — a query's
 * refetch, the background revalidation after the deadline (./api-strategy.ts), the refresh after a write
 * (./write-refresh.ts) — would open the signed-out user's cache again and write into it after the wipe, and it would
 * stay on the device until the next login.
 *
 * So the page tells the worker first (`API_CACHE_WIPE`, contract/sw-protocol.ts) and deletes the caches only after the
 * worker's answer. The worker counts wipes: a request notes the count when it leaves, and its answer is written only
 * if no wipe came since. A wipe that comes while a write runs (the body is still arriving) deletes that cache once
 * the write is done, so a write the wipe did not wait for does not outlive it either.
 * Pure apart from what it is given, so it is tested without a worker (api-cache-wipes.test.ts).
 */

/** The worker's count of wipes; one per worker, shared by every request it answers. */
export class ApiCacheWipes {
  private count = 0

  /** Noted when a request leaves: its answer may be written only while no wipe came since. */
  ticket(): number {
    return this.count
  }

  /** The page is wiping: every answer of a request that left before is no longer written. */
  wiped(): void {
    this.count++
  }

  /** True when a wipe came after `ticket` was noted. */
  since(ticket: number): boolean {
    return this.count !== ticket
  }
}

/** What an API cache write needs to know about the wipes: the counter and the count when the request left. */
export interface WipeTicket {
  wipes: ApiCacheWipes
  ticket: number
}

/**
 * Runs `write` on cache `cacheName` unless a wipe came after the request left; a wipe that comes while `write`
 * runs deletes the cache when it is done. Returns whether what was written stayed.
 */
export async function writeUnlessWiped(
  caches: CacheStorage,
  cacheName: string,
  left: WipeTicket,
  write: (cache: Cache) => Promise<void>,
): Promise<boolean> {
  if (left.wipes.since(left.ticket)) return false
  await write(await caches.open(cacheName))
  if (!left.wipes.since(left.ticket)) return true
  await caches.delete(cacheName)
  return false
}

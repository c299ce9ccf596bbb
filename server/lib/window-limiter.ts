/**
 * Counts events per key (a client IP) in fixed windows, in memory, per process. Two users:
 * - the bad-token limit (plugins/app/auth.ts): tokens that matched no live session are recorded, and over the limit
 *   the IP's tokens are refused with 429 before any database look-up until its window ends, so a random token per
 *   request neither escapes the request rate limit (which counts per token) nor costs a query each;
 * - the short links' per-address limit (routes/short-redirect): every visit is taken, synchronously, because it
 *   runs on the hottest path the server has (docs/decisions/links.md, "The redirect out of the API's hooks").
 */
export interface WindowLimiterOptions {
  /** Events a key may have per window. */
  max: number
  windowMs: number
  /** Bound on the keys remembered at once (expired windows are dropped first, then the oldest). */
  maxKeys?: number
}

export class WindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()

  constructor(private readonly options: WindowLimiterOptions) {}

  /** Seconds until `key` may have events again, or 0 when it may now. */
  retryAfter(key: string, now: number): number {
    const window = this.windows.get(key)
    if (!window || window.resetAt <= now || window.count < this.options.max) return 0
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000))
  }

  /** Counts one event of `key`. */
  record(key: string, now: number): void {
    const window = this.windows.get(key)
    if (window && window.resetAt > now) {
      window.count++
      return
    }
    this.windows.delete(key)
    this.windows.set(key, { count: 1, resetAt: now + this.options.windowMs })
    this.prune(now)
  }

  /** Counts one event of `key` and answers the window's count and end (the API limit's store, lib/shared-counter.ts). */
  hit(key: string, now: number): { count: number; resetAt: number } {
    this.record(key, now)
    return this.windows.get(key)!
  }

  /** Counts one event of `key` and says whether it was within the limit: 0 if so, else the seconds to wait. */
  take(key: string, now: number): number {
    const wait = this.retryAfter(key, now)
    this.record(key, now)
    return wait
  }

  private prune(now: number): void {
    const limit = this.options.maxKeys ?? 10_000
    if (this.windows.size <= limit) return
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key)
    // Insertion order is the order windows started: the oldest go first.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= limit) break
      this.windows.delete(key)
    }
  }
}

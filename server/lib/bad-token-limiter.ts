/**
 * Counts, per client IP, the tokens that matched no live session. Over the limit the IP's tokens are refused with
 * 429 before any database look-up until its window ends, so a random token per request neither escapes the rate
 * limit (which counts per token) nor costs a query each. In memory, per process, like the request rate limit.
 */
export interface BadTokenLimiterOptions {
  /** Unknown tokens an IP may send per window. */
  max: number
  windowMs: number
  /** Bound on the IPs remembered at once (expired windows are dropped first, then the oldest). */
  maxIps?: number
}

export class BadTokenLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()

  constructor(private readonly options: BadTokenLimiterOptions) {}

  /** Seconds until `ip` may try tokens again, or 0 when it may now. */
  retryAfter(ip: string, now: number): number {
    const window = this.windows.get(ip)
    if (!window || window.resetAt <= now || window.count < this.options.max) return 0
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000))
  }

  /** Counts one token from `ip` that matched no session. */
  record(ip: string, now: number): void {
    const window = this.windows.get(ip)
    if (window && window.resetAt > now) {
      window.count++
      return
    }
    this.windows.delete(ip)
    this.windows.set(ip, { count: 1, resetAt: now + this.options.windowMs })
    this.prune(now)
  }

  private prune(now: number): void {
    const limit = this.options.maxIps ?? 10_000
    if (this.windows.size <= limit) return
    for (const [ip, window] of this.windows) if (window.resetAt <= now) this.windows.delete(ip)
    // Insertion order is the order windows started: the oldest go first.
    for (const ip of this.windows.keys()) {
      if (this.windows.size <= limit) break
      this.windows.delete(ip)
    }
  }
}

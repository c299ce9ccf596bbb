/**
 * Request limits counted where every process sees them (issue 17): with `REDIS_URL`, the API's per-token limit, the
 * bad-token limit and the short links' per-address limit count in Redis (fixed windows: INCR, and PEXPIRE on a
 * window's first event, in one script). Redis is a help, not a dependency: when it does not answer, each limit
 * counts in the process as it does without REDIS_URL (logged once, never an error to the client), and goes back to
 * Redis by itself once it answers again. Without REDIS_URL none of this is loaded and the figures are per process.
 */
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { WindowLimiter, type WindowLimiterOptions } from './window-limiter'

const WINDOW_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`

/** One Redis connection per process, shared by every limit. */
export class SharedCounter {
  private readonly redis: Redis
  private failing = false

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly prefix = 'portal:',
  ) {
    // No offline queue and a short timeout: a request never waits for a Redis that is not there.
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 2000,
    })
    // Connection errors surface on the commands (and are logged once there); an unhandled 'error' event would
    // end the process.
    this.redis.on('error', () => {})
    this.redis.defineCommand('portalWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT })
  }

  /**
   * Resolves once connected, or after `timeoutMs` (Redis down at start: the limits count in the process until it
   * comes). The app awaits it before it listens, so the first requests are counted where they should be.
   */
  ready(timeoutMs = 2000): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.redis.off('ready', done)
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      this.redis.once('ready', done)
    })
  }

  /** Counts one event of `key` in its window of `windowMs`; rejects when Redis does not answer. */
  async incr(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const command = (
      this.redis as unknown as Record<string, (k: string, w: number) => Promise<[number, number]>>
    ).portalWindow!
    try {
      const [count, ttlMs] = await command.call(this.redis, this.prefix + key, windowMs)
      if (this.failing) {
        this.failing = false
        this.log.warn(
          'Redis újra elérhető: a korlátok ismét közösek / Redis reachable again: limits shared again',
        )
      }
      return { count, ttlMs }
    } catch (error) {
      if (!this.failing) {
        this.failing = true
        this.log.warn(
          { err: error },
          'Redis nem érhető el: a korlátok folyamatonként számolnak / Redis unreachable: limits count per process',
        )
      }
      throw error
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }
}

/**
 * A WindowLimiter's rules (events per key per window) counted in Redis, with an in-process one as the fallback.
 * `retryAfter` stays synchronous and local: a key is known to be over its limit once one of this process's own
 * `record`s found it so, so a process checks at most one event more than the shared limit.
 */
export class SharedWindowLimiter {
  private readonly local: WindowLimiter
  private readonly blockedUntil = new Map<string, number>()

  constructor(
    private readonly counter: SharedCounter,
    private readonly name: string,
    private readonly options: WindowLimiterOptions,
  ) {
    this.local = new WindowLimiter(options)
  }

  retryAfter(key: string, now: number): number {
    const until = this.blockedUntil.get(key)
    if (until !== undefined && until > now) return Math.max(1, Math.ceil((until - now) / 1000))
    if (until !== undefined) this.blockedUntil.delete(key)
    return this.local.retryAfter(key, now)
  }

  /** Counts one event; answers the seconds to wait when the key is now at its limit (0 when below). */
  async record(key: string, now: number): Promise<number> {
    let count: number
    let ttlMs: number
    try {
      ;({ count, ttlMs } = await this.counter.incr(`${this.name}:${key}`, this.options.windowMs))
    } catch {
      this.local.record(key, now)
      return this.local.retryAfter(key, now)
    }
    if (count < this.options.max) return 0
    if (this.blockedUntil.size >= (this.options.maxKeys ?? 10_000)) this.blockedUntil.clear()
    this.blockedUntil.set(key, now + ttlMs)
    return Math.max(1, Math.ceil(ttlMs / 1000))
  }

  /** Counts one event and says whether it was within the limit: 0 if so, else the seconds to wait. */
  async take(key: string, now: number): Promise<number> {
    try {
      const { count, ttlMs } = await this.counter.incr(`${this.name}:${key}`, this.options.windowMs)
      return count > this.options.max ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0
    } catch {
      return this.local.take(key, now)
    }
  }
}

/** A @fastify/rate-limit store on the shared counter, with the in-process count as its fallback. */
export function sharedRateLimitStore(counter: SharedCounter, name: string): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    private readonly local = new WindowLimiter({
      max: Number.MAX_SAFE_INTEGER,
      windowMs: 60_000,
      maxKeys: 5000,
    })

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.incr(`${name}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        () => {
          const now = Date.now()
          const { count, resetAt } = this.local.hit(key, now)
          callback(null, { current: count, ttl: resetAt - now })
        },
      )
    }

    child(): FastifyRateLimitStore {
      return new SharedStore()
    }
  }
}

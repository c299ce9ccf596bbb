/**
 * Guess limits for passwords and MFA codes (docs/decisions/sign-in.md, "Sign-in limits that hold under concurrency and do
 * not lock the owner out"). Every check of a secret first CLAIMS a place in its counters, in the database, in one
 * statement: whatever the concurrency and the number of processes, no more secrets are checked than the limits
 * allow. A wrong secret keeps its claim (it is the failure record); a right one gives it back or clears the counter.
 */
import { throttledMessage } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  claimCounter,
  deleteCounter,
  readCounter,
  releaseCounter,
  type ClaimResult,
} from '../repositories/auth-counters-repository'

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Wrong passwords per account from one address (or from one known device) in the window. */
  perAccountAddress: 5,
  /**
   * Wrong passwords per account over all addresses in the window: the account-wide back-off, doubling the
   * window each time it is reached again right after, up to 2^accountMaxStrikes windows. A known device passes it.
   */
  perAccount: 20,
  accountMaxStrikes: 6,
  /** Wrong passwords from one address over all accounts: a whole school signs in behind one NAT address. */
  perIp: 300,
  /** Wrong MFA codes per account in the window, over all its logins (two challenges' worth). */
  mfaCodesPerAccount: 10,
  /** MFA codes mailed per account in the window. */
  mfaLoginsPerAccount: 5,
  /** Wrong current passwords per account in the window at a password change (like wrong sign-ins). */
  passwordPerAccount: 5,
} as const

export type CounterScope = 'address' | 'device' | 'account' | 'ip' | 'mfa' | 'mfaLogin' | 'password'

export interface Limit {
  scope: CounterScope
  key: string
  max: number
  /** Exponential back-off (the account-wide limit). */
  backoff?: boolean
}

/** The 429 of every guess limit: the message says how many minutes to wait, Retry-After the seconds. */
export function throttledError(resetAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))
  return new HttpError(429, throttledMessage(Math.ceil(seconds / 60)), { 'retry-after': String(seconds) })
}

const options = (limit: Limit) => ({
  windowMs: THROTTLE.windowMs,
  maxStrikes: limit.backoff ? THROTTLE.accountMaxStrikes : 0,
  max: limit.max,
})

/** Claims held by one check of a secret. */
export interface Claims {
  /** The secret was right: counters in `clear` are emptied, every other claim is given back. */
  succeeded(clear?: CounterScope[]): Promise<void>
}

/**
 * Claims one place in each limit, in order; when any is full, gives back the places already taken and throws the
 * 429 (waiting for the latest window among the full ones).
 */
export async function claim(db: Db, now: Date, limits: Limit[]): Promise<Claims> {
  const taken: { limit: Limit; result: ClaimResult }[] = []
  for (const limit of limits) {
    const result = await claimCounter(db, limit.scope, limit.key, now, options(limit))
    if (result.count > limit.max) {
      for (const held of taken)
        await releaseCounter(db, held.limit.scope, held.limit.key, held.result.resetAt)
      throw throttledError(result.resetAt, now)
    }
    taken.push({ limit, result })
  }
  return {
    succeeded: async (clear = []) => {
      for (const { limit, result } of taken) {
        if (clear.includes(limit.scope)) await deleteCounter(db, limit.scope, limit.key)
        else await releaseCounter(db, limit.scope, limit.key, result.resetAt)
      }
    },
  }
}

/** 429 when any of the limits is already full (no claim: nothing is checked by the caller on their behalf). */
export async function assertOpen(db: Db, now: Date, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const counter = await readCounter(db, limit.scope, limit.key, now)
    if (counter && counter.count >= limit.max) throw throttledError(counter.resetAt, now)
  }
}

export async function clearCounters(db: Db, scopes: CounterScope[], key: string): Promise<void> {
  for (const scope of scopes) await deleteCounter(db, scope, key)
}

/**
 * Sign-in, MFA and sessions (DESIGN §3). Sessions are opaque 256-bit tokens stored as sha256 hashes with a
 * sliding 14-day expiry. A user with an MFA email first gets a temporary token (a session of kind 'mfa') and a
 * 6-digit code by mail; the code is single-use, hashed, bound to that token, valid 15 minutes, 5 wrong tries end it.
 */
import { timingSafeEqual } from 'node:crypto'
import { LIMITS } from '../../contract/limits'
import { MESSAGES } from '../../contract/messages'
import type { Config } from '../config'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { verifyDummyPassword, verifyPassword } from '../lib/password'
import { newMfaCode, newToken, sha256 } from '../lib/tokens'
import { writeAudit } from '../repositories/audit-repository'
import {
  clearFailures,
  failuresSince,
  recordFailure,
  type AttemptScope,
} from '../repositories/login-attempts-repository'
import {
  countWrongAttempt,
  consumeChallenge,
  findChallenge,
  insertChallenge,
} from '../repositories/mfa-repository'
import {
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
} from '../repositories/sessions-repository'
import { findUserByUsername } from '../repositories/users-repository'
import { mfaMail, type Mailer } from './mailer'

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000
/** How stale `last_seen` may get before a request slides the expiry (saves a write per request). */
const TOUCH_AFTER_MS = 60 * 1000

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perIp: 30,
  /** Wrong MFA codes per account in the window, over all its logins (two challenges' worth). */
  mfaCodesPerAccount: 10,
  /** MFA codes mailed per account in the window. */
  mfaLoginsPerAccount: 5,
  /** Wrong current passwords per account in the window at a password change (like wrong sign-ins). */
  passwordPerAccount: 5,
} as const

export interface AuthDeps {
  db: Db
  config: Pick<Config, 'PASSWORD_HASH_LOG_N' | 'PRODUCT_NAME'>
  mailer: Mailer
  now: () => Date
}

export interface LoginResult {
  Token: string
  mfa: boolean
  message: string
  /** Present (true) only when the account has a one-time password (issue 11). */
  passwordChangeRequired?: true
}

/** `{ passwordChangeRequired: true }` for an account with a one-time password, else nothing (the answer stays as it was). */
const oneTimeFlag = (user: { passwordOneTime: boolean }) =>
  user.passwordOneTime ? { passwordChangeRequired: true as const } : {}

const codeHash = (loginTokenHash: string, code: string) => sha256(`${loginTokenHash}:${code}`)

type Limit = [scope: AttemptScope, key: string, max: number]

/** 429 with Retry-After when any `[scope, key, max]` has `max` or more entries in the window. */
export async function assertUnder(deps: Pick<AuthDeps, 'db' | 'now'>, limits: Limit[]): Promise<void> {
  const now = deps.now()
  const since = new Date(now.getTime() - THROTTLE.windowMs)
  const counts = await Promise.all(limits.map(([scope, key]) => failuresSince(deps.db, scope, key, since)))
  const blocked = counts
    .map((c, i) => (c.count >= limits[i][2] ? c.oldest : null))
    .filter((d): d is Date => d !== null)
  if (!blocked.length) return
  const until = Math.max(...blocked.map((oldest) => oldest.getTime() + THROTTLE.windowMs))
  const retryAfter = Math.max(1, Math.ceil((until - now.getTime()) / 1000))
  throw new HttpError(429, MESSAGES.throttled, { 'retry-after': String(retryAfter) })
}

/**
 * Before the password is checked: wrong passwords per account and per IP, and — so that a known password does not
 * buy unlimited code guesses by signing in again — wrong MFA codes and mailed codes per account.
 */
function assertNotThrottled(deps: AuthDeps, accountKey: string, ip: string): Promise<void> {
  return assertUnder(deps, [
    ['user', accountKey, THROTTLE.perAccount],
    ['ip', ip, THROTTLE.perIp],
    ['mfa', accountKey, THROTTLE.mfaCodesPerAccount],
    ['mfaLogin', accountKey, THROTTLE.mfaLoginsPerAccount],
  ])
}

/** Checks the credentials; answers with a session token, or with a temporary token and a mailed code. */
export async function login(
  deps: AuthDeps,
  username: string,
  password: string,
  ip: string,
): Promise<LoginResult> {
  const accountKey = username.trim().toLowerCase()
  await assertNotThrottled(deps, accountKey, ip)

  const user = await findUserByUsername(deps.db, username.trim())
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyDummyPassword(password, deps.config.PASSWORD_HASH_LOG_N)
  if (!user || !ok || user.disabled) {
    await recordFailure(
      deps.db,
      [
        { scope: 'user', key: accountKey },
        { scope: 'ip', key: ip },
      ],
      deps.now(),
    )
    throw new HttpError(401, MESSAGES.badCredentials)
  }
  await clearFailures(deps.db, 'user', accountKey)

  const token = newToken()
  const tokenHash = sha256(token)
  const now = deps.now()

  if (user.mfaEmail) {
    const code = newMfaCode()
    const expiresAt = new Date(now.getTime() + LIMITS.mfaTtlSeconds * 1000)
    await deps.db.transaction(async (tx) => {
      await recordFailure(tx, [{ scope: 'mfaLogin', key: accountKey }], now)
      await insertSession(tx, { tokenHash, userId: user.id, kind: 'mfa', expiresAt, now })
      await insertChallenge(tx, {
        loginTokenHash: tokenHash,
        userId: user.id,
        codeHash: codeHash(tokenHash, code),
        expiresAt,
        now,
      })
    })
    try {
      await deps.mailer.send(
        mfaMail(deps.config.PRODUCT_NAME, user.mfaEmail, code, LIMITS.mfaTtlSeconds / 60),
      )
    } catch (error) {
      await deleteSession(deps.db, tokenHash)
      throw error
    }
    return { Token: token, mfa: true, message: MESSAGES.mfaSent }
  }

  await deps.db.transaction(async (tx) => {
    await insertSession(tx, {
      tokenHash,
      userId: user.id,
      kind: 'session',
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    })
    await writeAudit(tx, { username: user.username, type: 'dashboardAuthentication', at: now })
  })
  return { Token: token, mfa: false, message: MESSAGES.loginOk, ...oneTimeFlag(user) }
}

/** Exchanges a temporary token and its mailed code for a session token. */
export async function completeMfa(
  deps: AuthDeps,
  temporaryToken: string,
  code: string,
): Promise<{ Token: string; message: string; passwordChangeRequired?: true }> {
  const loginTokenHash = sha256(temporaryToken)
  const session = await findSessionWithUser(deps.db, loginTokenHash)
  const challenge = session?.kind === 'mfa' ? await findChallenge(deps.db, loginTokenHash) : null
  if (!session || !challenge || challenge.used || session.user.disabled) {
    throw new HttpError(401, MESSAGES.notLoggedIn)
  }
  if (challenge.attempts >= LIMITS.mfaMaxAttempts) throw new HttpError(401, MESSAGES.mfaTooManyTries)
  const accountKey = session.user.username.toLowerCase()
  await assertUnder(deps, [['mfa', accountKey, THROTTLE.mfaCodesPerAccount]])
  const now = deps.now()
  if (now.getTime() > challenge.expiresAt.getTime()) throw new HttpError(401, MESSAGES.mfaExpired)

  const expected = Buffer.from(challenge.codeHash, 'hex')
  const given = Buffer.from(codeHash(loginTokenHash, code), 'hex')
  if (!timingSafeEqual(expected, given)) {
    const attempts = await countWrongAttempt(deps.db, loginTokenHash)
    await recordFailure(deps.db, [{ scope: 'mfa', key: accountKey }], now)
    if (attempts === null) throw new HttpError(401, MESSAGES.notLoggedIn)
    throw new HttpError(401, attempts >= LIMITS.mfaMaxAttempts ? MESSAGES.mfaTooManyTries : MESSAGES.mfaWrong)
  }

  const token = newToken()
  const consumed = await deps.db.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, loginTokenHash, LIMITS.mfaMaxAttempts))) return false
    await deleteSession(tx, loginTokenHash)
    await insertSession(tx, {
      tokenHash: sha256(token),
      userId: session.user.id,
      kind: 'session',
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    })
    await writeAudit(tx, { username: session.user.username, type: 'dashboardAuthentication', at: now })
    await clearFailures(tx, ['mfa', 'mfaLogin'], accountKey)
    return true
  })
  if (!consumed) throw new HttpError(401, MESSAGES.notLoggedIn)
  return { Token: token, message: MESSAGES.loginOk, ...oneTimeFlag(session.user) }
}

/**
 * The live session behind a token (either kind), or null when unknown, expired or its user is disabled.
 * Temporary MFA tokens are returned even when expired so that /auth/mfa can say the code expired.
 */
export async function resolveSession(deps: Pick<AuthDeps, 'db' | 'now'>, token: string) {
  const tokenHash = sha256(token)
  const session = await findSessionWithUser(deps.db, tokenHash)
  if (!session || session.user.disabled) return null
  const now = deps.now()
  if (session.kind === 'session') {
    if (session.expiresAt.getTime() <= now.getTime()) return null
    if (now.getTime() - session.lastSeen.getTime() > TOUCH_AFTER_MS) {
      await touchSession(deps.db, tokenHash, now, new Date(now.getTime() + SESSION_TTL_MS))
    }
  }
  return session
}

export async function logout(db: Db, tokenHash: string): Promise<void> {
  await deleteSession(db, tokenHash)
}

/**
 * Sign-in, MFA and sessions (DESIGN §3). Sessions are opaque 256-bit tokens stored as sha256 hashes with a
 * sliding 14-day expiry. A user with an MFA email first gets a temporary token (a session of kind 'mfa') and a
 * 6-digit code by mail; the code is single-use, hashed, bound to that token, valid 15 minutes, 5 wrong tries end it.
 * Every password and code is checked only after a place is claimed in its guess limits (services/throttle.ts).
 */
import { timingSafeEqual } from 'node:crypto'
import { LIMITS } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import type { Config } from '../config'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { verifyDummyPassword, verifyPassword } from '../lib/password'
import { newMfaCode, newToken, sha256 } from '../lib/tokens'
import { writeAudit } from '../repositories/audit-repository'
import { insertKnownDevice, touchKnownDevice } from '../repositories/known-devices-repository'
import {
  claimAttempt,
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
import { findUserByUsername, recordSignIn } from '../repositories/users-repository'
import { mfaMail, type Mailer } from './mailer'
import { assertOpen, claim, clearCounters, THROTTLE, type Limit } from './throttle'

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000
/** How stale `last_seen` may get before a request slides the expiry (saves a write per request). */
const TOUCH_AFTER_MS = 60 * 1000

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
  /** This device's proof for the account (after a full sign-in): sent back with later sign-ins. */
  device?: string
}

/** The proof a device keeps after a full sign-in: the one it came with when still valid, else a new one. */
async function deviceProof(db: Db, userId: string, known: string | null, now: Date): Promise<string> {
  if (known) return known
  const proof = newToken()
  await insertKnownDevice(db, sha256(proof), userId, now)
  return proof
}

/** `{ passwordChangeRequired: true }` for an account with a one-time password, else nothing (the answer stays as it was). */
const oneTimeFlag = (user: { passwordOneTime: boolean }) =>
  user.passwordOneTime ? { passwordChangeRequired: true as const } : {}

const codeHash = (loginTokenHash: string, code: string) => sha256(`${loginTokenHash}:${code}`)

/**
 * Before anything is checked: wrong MFA codes and mailed codes per account, so that a known password does not buy
 * unlimited code guesses by signing in again.
 */
const mfaLimits = (accountKey: string): Limit[] => [
  { scope: 'mfa', key: accountKey, max: THROTTLE.mfaCodesPerAccount },
  { scope: 'mfaLogin', key: accountKey, max: THROTTLE.mfaLoginsPerAccount },
]

/**
 * The places a password check claims (docs/decisions/sign-in.md, "Sign-in limits that hold under concurrency"): from a known device its own budget only; else the
 * account from this address, the address over all accounts, and the account over all addresses (with back-off).
 */
function passwordLimits(accountKey: string, ip: string, deviceHash: string | null): Limit[] {
  if (deviceHash) return [{ scope: 'device', key: deviceHash, max: THROTTLE.perAccountAddress }]
  return [
    { scope: 'address', key: `${accountKey} ${ip}`, max: THROTTLE.perAccountAddress },
    { scope: 'ip', key: ip, max: THROTTLE.perIp },
    { scope: 'account', key: accountKey, max: THROTTLE.perAccount, backoff: true },
  ]
}

/**
 * Checks the credentials; answers with a session token, or with a temporary token and a mailed code. `device` is
 * the proof a device got at an earlier sign-in to this account (its own guess budget, past an account-wide back-off).
 */
export async function login(
  deps: AuthDeps,
  username: string,
  password: string,
  ip: string,
  device?: string,
): Promise<LoginResult> {
  const accountKey = username.trim().toLowerCase()
  const now = deps.now()
  await assertOpen(deps.db, now, mfaLimits(accountKey))

  const user = await findUserByUsername(deps.db, username.trim())
  const deviceHash = device ? sha256(device) : null
  const known = Boolean(user && deviceHash && (await touchKnownDevice(deps.db, deviceHash, user.id, now)))
  const claims = await claim(deps.db, now, passwordLimits(accountKey, ip, known ? deviceHash : null))
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyDummyPassword(password, deps.config.PASSWORD_HASH_LOG_N)
  if (!user || !ok || user.disabled) throw new HttpError(401, MESSAGES.badCredentials)
  await claims.succeeded(['address', 'device'])

  const token = newToken()
  const tokenHash = sha256(token)

  if (user.mfaEmail) {
    // Claimed like a guess: concurrent sign-ins with the right password mail no more codes than the limit.
    const mails = await claim(deps.db, now, [
      { scope: 'mfaLogin', key: accountKey, max: THROTTLE.mfaLoginsPerAccount },
    ])
    const code = newMfaCode()
    const expiresAt = new Date(now.getTime() + LIMITS.mfaTtlSeconds * 1000)
    await deps.db.transaction(async (tx) => {
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
      await mails.succeeded()
      throw error
    }
    return { Token: token, mfa: true, message: MESSAGES.mfaSent }
  }

  const proof = await deviceProof(deps.db, user.id, known ? device! : null, now)
  await deps.db.transaction(async (tx) => {
    await insertSession(tx, {
      tokenHash,
      userId: user.id,
      kind: 'session',
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      now,
    })
    await writeAudit(tx, { username: user.username, type: 'dashboardAuthentication', at: now })
    await recordSignIn(tx, user.id, now)
  })
  return { Token: token, mfa: false, message: MESSAGES.loginOk, ...oneTimeFlag(user), device: proof }
}

/** Exchanges a temporary token and its mailed code for a session token. */
export async function completeMfa(
  deps: AuthDeps,
  temporaryToken: string,
  code: string,
): Promise<{ Token: string; message: string; passwordChangeRequired?: true; device: string }> {
  const loginTokenHash = sha256(temporaryToken)
  const session = await findSessionWithUser(deps.db, loginTokenHash)
  const challenge = session?.kind === 'mfa' ? await findChallenge(deps.db, loginTokenHash) : null
  if (!session || !challenge || challenge.used || session.user.disabled) {
    throw new HttpError(401, MESSAGES.notLoggedIn)
  }
  if (challenge.attempts >= LIMITS.mfaMaxAttempts) throw new HttpError(401, MESSAGES.mfaTooManyTries)
  const accountKey = session.user.username.toLowerCase()
  const now = deps.now()
  if (now.getTime() > challenge.expiresAt.getTime()) throw new HttpError(401, MESSAGES.mfaExpired)
  // Claimed before the comparison, the challenge's own tries first, then the account's codes: a burst on one
  // temporary token, or on many, in any number of processes, compares no more codes than these allow.
  const attempts = await claimAttempt(deps.db, loginTokenHash)
  if (attempts === null) throw new HttpError(401, MESSAGES.notLoggedIn)
  if (attempts > LIMITS.mfaMaxAttempts) throw new HttpError(401, MESSAGES.mfaTooManyTries)
  const claims = await claim(deps.db, now, [
    { scope: 'mfa', key: accountKey, max: THROTTLE.mfaCodesPerAccount },
  ])

  const expected = Buffer.from(challenge.codeHash, 'hex')
  const given = Buffer.from(codeHash(loginTokenHash, code), 'hex')
  if (!timingSafeEqual(expected, given)) {
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
    await recordSignIn(tx, session.user.id, now)
    await clearCounters(tx, ['mfa', 'mfaLogin'], accountKey)
    return true
  })
  if (!consumed) {
    await claims.succeeded()
    throw new HttpError(401, MESSAGES.notLoggedIn)
  }
  const device = await deviceProof(deps.db, session.user.id, null, now)
  return { Token: token, message: MESSAGES.loginOk, ...oneTimeFlag(session.user), device }
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

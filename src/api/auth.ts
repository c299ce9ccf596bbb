/**
 * The session (DESIGN §3): signing in (POST /auth/login, then POST /auth/mfa for an MFA account), signing out
 * (POST /auth/logout) and the account's outbox key (GET /auth/outbox-key). The login screen is in the first load, so
 * this module holds only what entering and leaving a session needs; changing one's own credentials is in account.ts.
 *
 * POST /auth/login {username, password, device?}: a session token, or a temporary token when mfa is true. `device`
 * is the proof this device got at its last full sign-in to that account (issue 17): the server gives a known device
 * its own guess budget, so the owner is not locked out by someone else's wrong guesses. Kept in localStorage under
 * a SHA-256 of the username (a shared tablet must not show the next user who signed in before: DESIGN §5); it
 * survives sign-out (it is the device's, not the session's) and is no credential on its own.
 */
import type { LoginRequest, LoginResponse, MfaResponse } from '@contract/api'
import type { OutboxKeyResponse } from '@contract/api/outbox-key'
import { sha256Bytes } from '@contract/sha256'
import { apiRequest } from '../lib/api-client'

const DEVICE_PROOFS_KEY = 'deviceProofs'

function proofs(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DEVICE_PROOFS_KEY) ?? '{}')
    return value && typeof value === 'object' ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** The storage key of an account: a hash, so the usernames that signed in on this device are not readable. */
function accountKey(username: string): string {
  const digest = sha256Bytes(new TextEncoder().encode(`device-proof:${username.trim().toLowerCase()}`))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The device's proof for `username`, if it signed in to that account before. */
export function deviceProof(username: string): string | undefined {
  return proofs()[accountKey(username)]
}

/** Keeps the proof the server gave at a full sign-in (after the MFA code for an MFA account). */
export function rememberDevice(username: string, proof: string | undefined): void {
  if (!proof) return
  try {
    localStorage.setItem(DEVICE_PROOFS_KEY, JSON.stringify({ ...proofs(), [accountKey(username)]: proof }))
  } catch {
    // Storage full or refused: the next sign-in simply has no proof.
  }
}

/** A 401 here means wrong credentials, not a lost session: the 401 rule does not apply. */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const device = deviceProof(credentials.username)
  const data = (
    await apiRequest<LoginResponse>('/auth/login', {
      method: 'POST',
      body: device ? { ...credentials, device } : credentials,
      token: null,
      handleUnauthorized: false,
    })
  ).data
  rememberDevice(credentials.username, data?.device)
  return data
}

/** POST /auth/mfa {code} with the temporary token: the session token. */
export async function submitMfa({
  code,
  mfaToken,
}: {
  code: string
  mfaToken: string | null
}): Promise<MfaResponse> {
  return (
    await apiRequest<MfaResponse>('/auth/mfa', {
      method: 'POST',
      body: { code },
      token: mfaToken,
      handleUnauthorized: false,
    })
  ).data
}

/** POST /auth/logout: revokes the session on the server (DESIGN §3). */
export async function logout(): Promise<void> {
  await apiRequest<unknown>('/auth/logout', { method: 'POST', handleUnauthorized: false })
}

/** GET /auth/outbox-key (issue 17): the signed-in account's key for parking its unsent writes on this device. */
export async function getOutboxKey(): Promise<OutboxKeyResponse> {
  return (await apiRequest<OutboxKeyResponse>('/auth/outbox-key')).data
}

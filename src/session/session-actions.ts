/**
 * Entering and leaving a session. Every path wipes the previous user's cached data first (DESIGN §5, shared
 * tablets), then changes the stored token and reloads, as the spec does.
 */
import { PASSWORD_CHANGE_REQUIRED } from '@contract/password-rule'
import { logout } from '@/api/auth'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { page } from '@/lib/page'
import { removeMfaToken, removeToken, setPasswordChangeRequired, setToken } from '@/lib/session'

import { PENDING_NOTICE_KEY } from '@/lib/pending-notice'

async function wipeQuietly(): Promise<void> {
  try {
    // Loaded on demand: the offline code stays out of the login screen's first load.
    const { wipeUserData } = await import('@/lib/offline/user-data')
    await wipeUserData()
  } catch (error) {
    // A failed wipe must not trap the user in a broken session; the next login wipes again.
    console.error('wipeUserData failed', error)
  }
}

/**
 * After login or MFA: wipe the previous user's data, store the session token, reload. With
 * `passwordChangeRequired` (a one-time password, issue 11) the reloaded page shows only the screen to set one.
 */
export async function startSession(token: string, passwordChangeRequired = false): Promise<void> {
  removeMfaToken()
  await wipeQuietly()
  setToken(token)
  setPasswordChangeRequired(passwordChangeRequired)
  page.reload()
}

/** A refusal of the server because the account still has a one-time password (403, reason passwordChangeRequired). */
export function isPasswordChangeRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false
  const body = error.body as { reason?: unknown } | null
  return body?.reason === PASSWORD_CHANGE_REQUIRED
}

let requiringPasswordChange = false

/**
 * The server said the account must set its own password first (a session the login did not mark, e.g. opened
 * in another tab): reload into the screen that sets it. Runs once per page.
 */
export function requirePasswordChange(): void {
  if (requiringPasswordChange) return
  requiringPasswordChange = true
  setPasswordChangeRequired(true)
  page.reload()
}

/** The account's own password is set: the reloaded page opens the app. */
export function finishPasswordChange(): void {
  setPasswordChangeRequired(false)
  page.reload()
}

const sessionEndHooks = new Set<() => Promise<void>>()

/**
 * Runs `hook` at Kijelentkezés before the session is revoked (the token still works): e.g. the settings that wait
 * for their debounced save are saved now instead of being lost with the reload. Returns the unsubscribe.
 */
export function beforeSessionEnd(hook: () => Promise<void>): () => void {
  sessionEndHooks.add(hook)
  return () => sessionEndHooks.delete(hook)
}

/** Kijelentkezés: save what waits to be saved, revoke on the server (best effort), wipe, remove the token, reload. */
export async function endSession(): Promise<void> {
  // A hook that fails (offline) must not keep the user signed in.
  await Promise.allSettled([...sessionEndHooks].map((hook) => hook()))
  try {
    await logout()
  } catch {
    // Offline or already revoked: the local session ends anyway.
  }
  await wipeQuietly()
  removeToken()
  setPasswordChangeRequired(false)
  page.reload()
}

let handlingUnauthorized = false
const endingListeners = new Set<() => void>()

/** True once the 401 rule has started on this page: the signed-in app is no longer rendered (app.tsx). */
export function sessionEnding(): boolean {
  return handlingUnauthorized
}

/** Calls `listener` when the 401 rule starts (useSyncExternalStore). */
export function subscribeSessionEnding(listener: () => void): () => void {
  endingListeners.add(listener)
  return () => endingListeners.delete(listener)
}

async function parkQuietly(): Promise<void> {
  try {
    const { parkUnsentWrites } = await import('./parking')
    await parkUnsentWrites()
  } catch (error) {
    // Not parked: they go with the wipe, as before parking existed.
    console.error('parkUnsentWrites failed', error)
  }
}

/**
 * The spec's 401 rule: toast 'Nem vagy bejelentkezve.', wipe, remove the token, reload. Runs once per page, whatever
 * brought the 401 (an answer, the service worker's notice). The signed-in app stops rendering at once, so nothing it
 * showed from cached data stays on screen while the wipe runs; the session's unsent writes are parked for the same
 * account's next sign-in on this device first (src/lib/outbox/parked-writes.ts).
 */
export async function handleUnauthorized(): Promise<void> {
  if (handlingUnauthorized) return
  handlingUnauthorized = true
  for (const listener of endingListeners) listener()
  const message = 'Nem vagy bejelentkezve.'
  notify.error(message)
  // The reload would swallow the toast; the login screen shows it again after the reload.
  sessionStorage.setItem(PENDING_NOTICE_KEY, message)
  await parkQuietly()
  await wipeQuietly()
  removeToken()
  setPasswordChangeRequired(false)
  page.reload()
}

/** Tests only. */
export function resetSessionActionsForTests(): void {
  handlingUnauthorized = false
  requiringPasswordChange = false
}

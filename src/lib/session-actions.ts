/**
 * Entering and leaving a session. Every path wipes the previous user's cached data first (DESIGN §5, shared
 * tablets), then changes the stored token and reloads, as the spec does.
 */
import { logout } from '../api/logout'
import { notify } from './notify'
import { page } from './page'
import { removeMfaToken, removeToken, setToken } from './session'

import { PENDING_NOTICE_KEY } from './pending-notice'

async function wipeQuietly(): Promise<void> {
  try {
    // Loaded on demand: the offline code stays out of the login screen's first load.
    const { wipeUserData } = await import('./offline/user-data')
    await wipeUserData()
  } catch (error) {
    // A failed wipe must not trap the user in a broken session; the next login wipes again.
    console.error('wipeUserData failed', error)
  }
}

/** After login or MFA: wipe the previous user's data, store the session token, reload. */
export async function startSession(token: string): Promise<void> {
  removeMfaToken()
  await wipeQuietly()
  setToken(token)
  page.reload()
}

/** Kijelentkezés: revoke on the server (best effort), wipe, remove the token, reload. */
export async function endSession(): Promise<void> {
  try {
    await logout()
  } catch {
    // Offline or already revoked: the local session ends anyway.
  }
  await wipeQuietly()
  removeToken()
  page.reload()
}

let handlingUnauthorized = false

/** The spec's 401 rule: toast 'Nem vagy bejelentkezve.', wipe, remove the token, reload. Runs once per page. */
export async function handleUnauthorized(): Promise<void> {
  if (handlingUnauthorized) return
  handlingUnauthorized = true
  const message = 'Nem vagy bejelentkezve.'
  notify.error(message)
  // The reload would swallow the toast; the login screen shows it again after the reload.
  sessionStorage.setItem(PENDING_NOTICE_KEY, message)
  await wipeQuietly()
  removeToken()
  page.reload()
}

/** Tests only. */
export function resetSessionActionsForTests(): void {
  handlingUnauthorized = false
}

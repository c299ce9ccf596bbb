/** A notice saved before a reload (the 401 rule) and shown once after it. */
import { notify } from './notify'

export const PENDING_NOTICE_KEY = 'pendingNotice'

/** Shows (once) a notice saved before the last reload. */
export function showPendingNotice(): void {
  const message = sessionStorage.getItem(PENDING_NOTICE_KEY)
  if (!message) return
  sessionStorage.removeItem(PENDING_NOTICE_KEY)
  notify.error(message)
}

/**
 * The announcements the user dismissed (spec §3, §4): their ids, a JSON array in localStorage `closedAlerts`,
 * mirrored into IndexedDB (src/lib/offline/local-mirror.ts) so a browser that drops localStorage keeps them.
 * Both are the user's own data: the wipe on logout clears them (src/lib/offline/user-data.ts).
 */
import { mirrorLocalKey } from '@/lib/offline/local-mirror'

export const CLOSED_ALERTS_KEY = 'closedAlerts'

/** The dismissed ids; anything unreadable counts as none dismissed. */
export function readClosedAlerts(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(CLOSED_ALERTS_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Adds `id` to the dismissed ids (once), updates the mirror in the background and returns the new list. */
export function closeAlert(id: string): string[] {
  const closed = readClosedAlerts()
  const next = closed.includes(id) ? closed : [...closed, id]
  localStorage.setItem(CLOSED_ALERTS_KEY, JSON.stringify(next))
  mirrorLocalKey(CLOSED_ALERTS_KEY).catch((error: unknown) =>
    console.warn('A bezárt értesítések tükrözése nem sikerült.', error),
  )
  return next
}

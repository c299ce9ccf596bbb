/** The backend base URL: the `backendUrl` local setting, else `<page origin>/api` (DESIGN §4). */
export function defaultBackendUrl(): string {
  return `${window.location.origin}/api`
}

/** Reads `backendUrl` from the localSettings JSON in localStorage, falling back to the default. */
export function currentBackendUrl(): string {
  try {
    const stored = JSON.parse(localStorage.getItem('localSettings') ?? '{}') as Record<string, unknown>
    if (typeof stored.backendUrl === 'string' && stored.backendUrl.trim()) return stored.backendUrl.replace(/\/+$/, '')
  } catch {
    // A corrupt localSettings entry falls back to the default address.
  }
  return defaultBackendUrl()
}

/**
 * Spec §5: empty is an error; without an http:// or https:// prefix, https:// is prepended.
 * Returns the normalised URL, or the Hungarian error message.
 */
export function normaliseBackendUrl(input: string): { url: string } | { error: string } {
  const value = input.trim()
  if (!value) return { error: 'Kérlek add meg a backend URL-t.' }
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`
  return { url: url.replace(/\/+$/, '') }
}

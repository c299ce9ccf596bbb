import { readLocalSettings } from './local-settings'

/** The backend base URL: the `backendUrl` local setting, else `<page origin>/api` (DESIGN §4). */
export function defaultBackendUrl(): string {
  return `${window.location.origin}/api`
}

/** Reads `backendUrl` from the local settings, falling back to the default. */
export function currentBackendUrl(): string {
  const { backendUrl } = readLocalSettings()
  if (typeof backendUrl === 'string' && backendUrl.trim()) return backendUrl.replace(/\/+$/, '')
  return defaultBackendUrl()
}

export const BACKEND_URL_REQUIRED = 'Kérlek add meg a backend URL-t.'

/**
 * Spec §5, the one rule for a typed backend address (the login page's dialog and the settings screen): empty is
 * an error; without an http:// or https:// prefix, https:// is prepended; trailing slashes go.
 * Returns the normalised URL, or the Hungarian error message.
 */
export function normaliseBackendUrl(input: string): { url: string } | { error: string } {
  const value = input.trim()
  if (!value) return { error: BACKEND_URL_REQUIRED }
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`
  return { url: url.replace(/\/+$/, '') }
}

/** The error of `normaliseBackendUrl`, if any: a form's extra check. */
export function checkBackendUrl(input: string): string | undefined {
  const result = normaliseBackendUrl(input)
  return 'error' in result ? result.error : undefined
}

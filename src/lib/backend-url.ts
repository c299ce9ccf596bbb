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

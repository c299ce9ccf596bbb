/**
 * Where a quick-launch button points (spec §5): a url without an http(s) prefix gets https://. Only http and
 * https targets become links; another scheme (javascript:, mailto:, data: …), credentials in the url or text that
 * is no url at all give null, and the button is shown without a link.
 */

/** A scheme at the start, e.g. 'javascript:' — but not 'localhost:8080', a host with a port. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i
const HTTP = /^https?:\/\//i

export function quickActionHref(url: string): string | null {
  const trimmed = url.trim()
  if (!trimmed) return null
  if (!HTTP.test(trimmed) && SCHEME.test(trimmed)) return null
  const candidate = HTTP.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`
  let parsed: URL
  try {
    parsed = new URL(candidate)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (parsed.username || parsed.password || !parsed.hostname) return null
  return parsed.href
}

/** The full short link and the host shown before the code field (spec §4 Links, §7 "Copy action"). */

/** `<base><code>`: the base from GET /dashboard (`config.shortLinkBase`), with one slash between. */
export function fullShortLink(base: string, code: string): string {
  return base.endsWith('/') ? `${base}${code}` : `${base}/${code}`
}

/** The base without its scheme, ending in '/': 'https://s.pelda.hu' → 's.pelda.hu/'. */
export function shortLinkPrefix(base: string): string {
  const bare = base.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
  return bare.endsWith('/') ? bare : `${bare}/`
}

/**
 * An original URL's text in a narrow cell (issue 18): without `https://` and `www.`, which every other row has too,
 * so what tells links apart is what fits. `http://` stays (it says the target is not encrypted).
 */
export function shownTarget(readable: string): string {
  return readable.replace(/^https:\/\//i, '').replace(/^www\./i, '')
}

/** '12 rövid URL'. */
export function linkCount(count: number): string {
  return `${count} rövid URL`
}

/** The end of the chosen day in local time, as ISO; null without a date. */
export function expiryOf(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59).toISOString()
}

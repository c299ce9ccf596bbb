/**
 * Blocked-domain names (DESIGN §3): one normalisation shared by the server and the Proxy Manager screen, and the
 * CSV export. Pure: the IDN step uses the WHATWG URL parser, present in browsers and in Node.
 */

export const DOMAIN_MESSAGES = {
  required: 'Kérlek adj meg egy domaint.',
  invalid: 'Érvénytelen domain. Kérlek adj meg egy érvényes domainnevet (például pelda.hu).',
  ipAddress: 'IP-cím nem tiltható, kérlek adj meg egy domainnevet.',
} as const

/** Longest input looked at (a pasted URL may be long; a hostname is at most 253). */
export const DOMAIN_INPUT_MAX = 2048

export type DomainResult = { domain: string; error?: undefined } | { domain?: undefined; error: string }

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const IPV4 = /^\d+(?:\.\d+){3}$/

/**
 * Lower case; scheme, credentials, path, query, fragment, port, a leading `*.` or `.` and a trailing dot removed;
 * IDN to punycode. A valid hostname (labels 1–63 of a–z, 0–9 and '-' not at either end, at most 253 in all, at
 * least one dot, a TLD that is not all digits) or a Hungarian error. An IP address is refused.
 */
export function normaliseDomain(input: string): DomainResult {
  let host = input.trim().toLowerCase()
  if (!host) return { error: DOMAIN_MESSAGES.required }
  if (host.length > DOMAIN_INPUT_MAX) return { error: DOMAIN_MESSAGES.invalid }
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '')
  host = host.split(/[/?#\\]/, 1)[0]
  host = host.slice(host.lastIndexOf('@') + 1)
  if (host.startsWith('[')) return { error: DOMAIN_MESSAGES.ipAddress }
  host = host.replace(/:\d*$/, '')
  host = host.replace(/^\*\./, '').replace(/^\./, '').replace(/\.$/, '')
  if (!host || /[\s:*%]/.test(host)) return { error: DOMAIN_MESSAGES.invalid }
  if (IPV4.test(host)) return { error: DOMAIN_MESSAGES.ipAddress }
  if ([...host].some((c) => c.charCodeAt(0) > 0x7f)) {
    try {
      host = new URL(`http://${host}`).hostname
    } catch {
      return { error: DOMAIN_MESSAGES.invalid }
    }
  }
  return isValidHostname(host) ? { domain: host } : { error: DOMAIN_MESSAGES.invalid }
}

/** Already-normalised form check: what the database may hold. */
export function isValidHostname(host: string): boolean {
  if (host.length > 253 || IPV4.test(host)) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  if (/^\d+$/.test(labels[labels.length - 1])) return false
  return labels.every((label) => LABEL.test(label))
}

/** A CSV cell a spreadsheet will not run: a value starting with = + - @, tab or CR gets a leading apostrophe. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** blocked_domains.csv: one domain a line (spec "Proxy kezelés"), formula-safe. */
export function blockedDomainsCsv(domains: readonly string[]): string {
  return domains.map((d) => `${csvCell(d)}\n`).join('')
}

/** The Squid `dstdomain` feed: one `.domain` a line, so each entry also matches its subdomains. */
export function squidDstdomain(domains: readonly string[]): string {
  return domains.map((d) => `.${d}\n`).join('')
}

/**
 * Blocked-domain names (DESIGN §3): one normalisation shared by the server and the Proxy Manager screen, and the
 * CSV export. Pure: the IDN step uses the WHATWG URL parser, present in browsers and in Node.
 */
import { csvCell } from './csv'
import { domainToUnicode } from './punycode'

export const DOMAIN_MESSAGES = {
  required: 'Kérlek adj meg egy domaint.',
  invalid: 'Érvénytelen domain. Kérlek adj meg egy érvényes domainnevet (például pelda.hu).',
  ipAddress: 'IP-cím nem tiltható, kérlek adj meg egy domainnevet.',
} as const

/** Longest input looked at (a pasted URL may be long; a hostname is at most 253). */
export const DOMAIN_INPUT_MAX = 2048

/** A domain's comment (issue 9, beyond the spec): at most this many characters after trimming. */
export const COMMENT_MAX = 200
/** What the request schema lets through before the Hungarian check (a bound on the body, not the rule). */
export const COMMENT_INPUT_MAX = 4096
/** Entries one bulk add takes (a large hosts-file blocklist). */
export const BULK_DOMAINS_MAX = 100_000
/** The bulk route's own body limit: 100,000 long names fit (the API's default is 256 KiB). */
export const BULK_BODY_BYTES = 8 * 1024 * 1024

/** The Proxy Manager's messages beyond the spec's §8 (comments, bulk add). */
export const PROXY_MESSAGES = {
  commentTooLong: `A megjegyzés legfeljebb ${COMMENT_MAX} karakter lehet.`,
  commentSaved: 'Megjegyzés mentve.',
  commentError: 'Hiba történt a megjegyzés mentése közben.',
  bulkError: 'Hiba történt a domainek hozzáadása közben.',
} as const

/** '3 domain hozzáadva a tiltólistához.' with ', 2 már szerepelt rajta' / ', 1 érvénytelen' when there were any. */
export function bulkAddedMessage(added: number, duplicates: number, invalid: number): string {
  const extra = [
    duplicates > 0 ? `${duplicates} már szerepelt rajta` : '',
    invalid > 0 ? `${invalid} érvénytelen` : '',
  ]
    .filter(Boolean)
    .join(', ')
  return `${added} domain hozzáadva a tiltólistához${extra ? ` (${extra})` : ''}.`
}

export type CommentResult =
  { comment: string | null; error?: undefined } | { comment?: undefined; error: string }

/**
 * Plain text on one line: control characters and runs of whitespace become one space, then trimmed; empty is no
 * comment (null); longer than COMMENT_MAX is refused with a Hungarian message.
 */
export function normaliseComment(input: string | undefined | null): CommentResult {
  // eslint-disable-next-line no-control-regex
  const text = (input ?? '').replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()
  if (!text) return { comment: null }
  if ([...text].length > COMMENT_MAX) return { error: PROXY_MESSAGES.commentTooLong }
  return { comment: text }
}

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

/** blocked_domains.csv: one domain a line (spec "Proxy kezelés"), formula-safe. */
export function blockedDomainsCsv(domains: readonly string[]): string {
  return domains.map((d) => `${csvCell(d)}\n`).join('')
}

/**
 * The Squid `dstdomain` feed: one `.domain` a line, so each entry also matches its subdomains. A domain whose
 * parent is on the list too is left out (issue 18): `.alvideo.example` already matches `sub.alvideo.example`, and
 * Squid warns about every such line. The list itself keeps both.
 */
export function squidDstdomain(domains: readonly string[]): string {
  const listed = new Set(domains)
  const covered = (domain: string) => {
    for (let dot = domain.indexOf('.'); dot !== -1; dot = domain.indexOf('.', dot + 1))
      if (listed.has(domain.slice(dot + 1))) return true
    return false
  }
  return domains
    .filter((d) => !covered(d))
    .map((d) => `.${d}\n`)
    .join('')
}

/**
 * A stored (punycode) domain as people read it: `xn--bc-lia7ab.hu` → `ábécé.hu` (issue 18). The list and the
 * search show this; the feed, the CSV and every request keep the stored form.
 */
export function shownDomain(domain: string): string {
  return domain.includes('xn--') ? domainToUnicode(domain) : domain
}

/**
 * The whole domain a `www.` name belongs to (`www.tiktok.com` → `tiktok.com`), offered in the add form and the bulk
 * add (issue 18): Squid's `.tiktok.com` covers `www.` and every other subdomain. Null when the name has no `www.`
 * or what remains would not be a domain (`www.hu`).
 */
export function wholeDomainOf(domain: string): string | null {
  if (!domain.startsWith('www.')) return null
  const rest = domain.slice(4)
  return isValidHostname(rest) ? rest : null
}

/** One line of a bulk add, as the report shows it before the user confirms. */
export type BulkLine =
  | { line: number; text: string; status: 'new'; domain: string }
  | { line: number; text: string; status: 'duplicate'; domain: string }
  | { line: number; text: string; status: 'invalid'; error: string }

const HOSTS_ADDRESS = /^(?:0\.0\.0\.0|127\.0\.0\.1|::1?|::)\s+/

/**
 * Bulk add (issue 9, Pi-hole's anchor): pasted lines or a hosts file. Blank lines and `#` comments are skipped; a
 * hosts-file line (`0.0.0.0 example.com`, `127.0.0.1 a.hu b.hu`) gives one entry per name after the address. Each
 * entry is normalised (with `wholeDomains`, a `www.` name becomes its whole domain, see `wholeDomainOf`); one
 * already on `existing` or earlier in the paste is a duplicate.
 */
export function parseBulkDomains(
  text: string,
  existing: readonly string[],
  options: { wholeDomains?: boolean } = {},
): BulkLine[] {
  const known = new Set(existing)
  const report: BulkLine[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const content = raw.replace(/#.*$/, '').trim()
    if (!content) return
    const names = HOSTS_ADDRESS.test(content) ? content.replace(HOSTS_ADDRESS, '').split(/\s+/) : [content]
    for (const name of names) {
      const result = normaliseDomain(name)
      if (result.error === undefined && options.wholeDomains)
        result.domain = wholeDomainOf(result.domain) ?? result.domain
      if (result.error !== undefined)
        report.push({ line: i + 1, text: name, status: 'invalid', error: result.error })
      else if (known.has(result.domain))
        report.push({ line: i + 1, text: name, status: 'duplicate', domain: result.domain })
      else {
        known.add(result.domain)
        report.push({ line: i + 1, text: name, status: 'new', domain: result.domain })
      }
    }
  })
  return report
}

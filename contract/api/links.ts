/**
 * Short links (spec §3, §4 Links, §7; DESIGN §3; issue 9). School-wide: every user with the features sees, creates
 * and deletes every link. `/s/:short` (outside /api) redirects to `url` and counts the visit.
 */
import { Type, type Static } from '@sinclair/typebox'
import { MESSAGES } from '../messages'
import { UNSHOWABLE, domainToUnicode } from '../punycode'
import { strict } from './common'

/** Short codes: letters, digits, `_` and `-`, 1–64 characters, case-sensitive. */
export const SHORT_CODE_PATTERN = '^[A-Za-z0-9_-]{1,64}$'
export const URL_MAX = 2048

export const ShortLink = Type.Object({
  id: Type.String(),
  url: Type.String(),
  short: Type.String(),
  visits: Type.Integer({ minimum: 0 }),
  /** ISO timestamp after which `/s/:short` answers 410, or null for never. */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
})
export type ShortLink = Static<typeof ShortLink>

/** GET /links: newest first. */
export const LinksResponse = Type.Object({ links: Type.Array(ShortLink) })
export type LinksResponse = Static<typeof LinksResponse>

/**
 * POST /links/. The URL is sent as typed (the server adds https:// to one without a scheme, as the client's check
 * does); the code is checked by the server (`SHORT_CODE_PATTERN`), Hungarian 400 otherwise.
 */
export const CreateLinkRequest = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: URL_MAX,
      errorMessage: {
        required: MESSAGES.linkFieldsRequired,
        minLength: MESSAGES.linkFieldsRequired,
        invalid: MESSAGES.linkUrlInvalid,
      },
    }),
    short: Type.String({
      minLength: 1,
      maxLength: 64,
      errorMessage: {
        required: MESSAGES.linkFieldsRequired,
        minLength: MESSAGES.linkFieldsRequired,
        invalid: MESSAGES.linkCodeInvalid,
      },
    }),
    expiresAt: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Null()], { errorMessage: MESSAGES.linkExpiryInvalid }),
    ),
  },
  strict,
)
export type CreateLinkRequest = Static<typeof CreateLinkRequest>

export const CreateLinkResponse = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  id: Type.String(),
})
export type CreateLinkResponse = Static<typeof CreateLinkResponse>

export const LinkIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })
export type LinkIdParams = Static<typeof LinkIdParams>

export const ShortCodeParams = Type.Object({ code: Type.String({ maxLength: 500 }) })
export type ShortCodeParams = Static<typeof ShortCodeParams>

/**
 * Characters a target may not hold anywhere (issue 18): controls (CR/LF and tab too, which the URL parser would
 * silently drop), lone surrogates (which it would turn into U+FFFD), line and paragraph separators, and the
 * invisible format characters used to disguise a link (bidi overrides and marks, zero-width characters, BOM).
 */
const FORBIDDEN_IN_TARGET = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Cf}]/u

/** A host as the WHATWG parser leaves it, checked again: some browsers' parsers let a space through as `%20`. */
const TARGET_HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/

/**
 * The target a link may point to, one rule for the form and the server: `http:` or `https:` without user name or
 * password; a URL without a scheme gets `https://`. Returns the URL to store — the WHATWG parser's serialisation, so
 * an IRI's path, query and fragment are percent-encoded UTF-8 and an IDN host is punycode, and the `Location` of the
 * redirect is always valid — 'invalid' when it cannot be one, or 'refused' for another scheme or credentials.
 */
export function linkTarget(typed: string): string | 'invalid' | 'refused' {
  const trimmed = typed.trim()
  if (!trimmed || FORBIDDEN_IN_TARGET.test(trimmed)) return 'invalid'
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return 'invalid'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'refused'
  if (url.username || url.password) return 'refused'
  if (!url.hostname || !TARGET_HOST.test(url.hostname)) return 'invalid'
  return url.href
}

/** The form's inline message for a target (spec §5), or undefined when the server will take it. */
export function linkTargetError(typed: string): string | undefined {
  const target = linkTarget(typed)
  if (target === 'invalid') return MESSAGES.linkUrlInvalid
  if (target === 'refused') return MESSAGES.linkUrlRefused
  return undefined
}

/** `%XX` runs decoded where they are UTF-8 of showable non-ASCII characters; everything else stays encoded. */
function decodedForReading(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    let decoded: string
    try {
      decoded = decodeURIComponent(run)
    } catch {
      return run
    }
    let out = ''
    for (const char of decoded) {
      const code = char.codePointAt(0) ?? 0
      if (code < 0x80) out += `%${code.toString(16).toUpperCase().padStart(2, '0')}`
      else out += UNSHOWABLE.test(char) ? encodeURIComponent(char) : char
    }
    return out
  })
}

/**
 * A stored target as people read it (the list): the host in Unicode and the UTF-8 percent-escapes of letters
 * decoded (`https://hu.wikipedia.org/wiki/Kőbánya`). Escapes of ASCII, controls, invisible and bidi characters stay
 * encoded, so what is shown is never disguised. Something that does not parse is shown as it is.
 */
export function readableUrl(stored: string): string {
  let url: URL
  try {
    url = new URL(stored)
  } catch {
    return stored
  }
  if (url.username || url.password) return url.href
  const port = url.port ? `:${url.port}` : ''
  return `${url.protocol}//${domainToUnicode(url.hostname)}${port}${decodedForReading(url.pathname + url.search + url.hash)}`
}

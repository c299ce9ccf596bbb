/**
 * Short links (spec §3, §4 Links, §7; DESIGN §3; issue 9). School-wide: every user with the features sees, creates
 * and deletes every link. `/s/:short` (outside /api) redirects to `url` and counts the visit.
 */
import { Type, type Static } from '@sinclair/typebox'
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
    url: Type.String({ minLength: 1, maxLength: URL_MAX }),
    short: Type.String({ minLength: 1, maxLength: 64 }),
    expiresAt: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
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
 * The target a link may point to: `http:` or `https:` without user name or password. A URL without a scheme gets
 * `https://` (as the client's check assumes). Returns the URL to store, 'invalid' when it does not parse, or
 * 'refused' for another scheme or credentials.
 */
export function linkTarget(typed: string): string | 'invalid' | 'refused' {
  const trimmed = typed.trim()
  if (!trimmed) return 'invalid'
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return 'invalid'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'refused'
  if (url.username || url.password) return 'refused'
  if (!url.hostname) return 'invalid'
  return withScheme
}

/** The spec's client check (§5): https:// assumed when the URL does not start with 'http'; it must parse. */
export function parsesAsLinkUrl(typed: string): boolean {
  const candidate = typed.startsWith('http') ? typed : `https://${typed}`
  try {
    new URL(candidate)
    return true
  } catch {
    return false
  }
}

/**
 * Short links (spec §4 Links, §7; DESIGN §3, §6): school-wide — every user with the features lists, creates and
 * deletes every link (docs/decisions-links.md). Targets are http(s) without credentials; codes
 * `[A-Za-z0-9_-]{1,64}`, unique (409). `/s/:code` counts the visit and stores nothing about the visitor.
 */
import {
  linkTarget,
  SHORT_CODE_PATTERN,
  type CreateLinkRequest,
  type CreateLinkResponse,
  type MessageBody,
  type ShortLink,
} from '../../contract/api'
import { MESSAGES } from '../../contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  deleteLink as removeLink,
  insertLink,
  listLinks,
  visitLink,
  type ShortLinkRow,
} from '../repositories/links-repository'
import { isUuid, refuseInvalidBody, type ValidationError } from './body-errors'
import type { Change } from './write'

const CODE = new RegExp(SHORT_CODE_PATTERN)

function toLink(row: ShortLinkRow): ShortLink {
  return {
    id: row.id,
    url: row.url,
    short: row.short,
    visits: row.visits,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  }
}

/** GET /links: every link, newest first. */
export async function linksList(db: Db): Promise<ShortLink[]> {
  return (await listLinks(db)).map(toLink)
}

/** The body's rules; returns what to store. */
function checkedLink(
  body: CreateLinkRequest,
  validationError: ValidationError,
): { url: string; short: string; expiresAt: Date | null } {
  refuseInvalidBody(validationError, [
    [/^\/(url|short)$/, MESSAGES.linkFieldsRequired, ['required', 'minLength']],
    [/^\/url$/, MESSAGES.linkUrlInvalid],
    [/^\/short$/, MESSAGES.linkCodeInvalid],
    [/^\/expiresAt$/, MESSAGES.linkExpiryInvalid],
  ])
  if (!CODE.test(body.short)) throw new HttpError(400, MESSAGES.linkCodeInvalid)
  const url = linkTarget(body.url)
  if (url === 'invalid') throw new HttpError(400, MESSAGES.linkUrlInvalid)
  if (url === 'refused') throw new HttpError(400, MESSAGES.linkUrlRefused)
  let expiresAt: Date | null = null
  if (body.expiresAt) {
    const ms = Date.parse(body.expiresAt)
    if (!/^\d{4}-\d{2}-\d{2}T/.test(body.expiresAt) || Number.isNaN(ms))
      throw new HttpError(400, MESSAGES.linkExpiryInvalid)
    expiresAt = new Date(ms)
  }
  return { url, short: body.short, expiresAt }
}

/** POST /links/ → 201 {id}; 409 when the code is taken; audited as createShortUrl. */
export function createLink(
  body: CreateLinkRequest,
  validationError: ValidationError,
): Change<CreateLinkResponse> {
  const input = checkedLink(body, validationError)
  return async ({ tx, now, user }) => {
    const row = await insertLink(tx, { ...input, createdBy: user.id, now })
    if (!row) throw new HttpError(409, MESSAGES.linkCodeTaken)
    return {
      status: 201,
      body: { code: 201, message: MESSAGES.linkCreated, id: row.id },
      audit: { type: 'createShortUrl', extras: { urlDocId: row.id, short: row.short } },
    }
  }
}

/** DELETE /links/:id; 404 for an unknown id; audited as deleteShortUrl. */
export function deleteLink(id: string): Change<MessageBody> {
  return async ({ tx }) => {
    const row = isUuid(id) ? await removeLink(tx, id) : null
    if (!row) throw new HttpError(404, MESSAGES.linkNotFound)
    return {
      body: { code: 200, message: MESSAGES.linkDeleted },
      audit: { type: 'deleteShortUrl', extras: { urlDocId: row.id, short: row.short } },
    }
  }
}

export type Redirect = { kind: 'redirect'; url: string } | { kind: 'missing' } | { kind: 'expired' }

/** GET /s/:code: the target (visit counted), or why not. */
export async function followLink(db: Db, code: string, now: Date): Promise<Redirect> {
  if (!CODE.test(code)) return { kind: 'missing' }
  const found = await visitLink(db, code, now)
  if (!found) return { kind: 'missing' }
  return found.expired ? { kind: 'expired' } : { kind: 'redirect', url: found.url }
}

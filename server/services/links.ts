/**
 * Short links (spec §4 Links, §7; DESIGN §3, §6): school-wide — every user with the features lists, creates and
 * deletes every link (docs/decisions/links.md, "Links"). Targets are http(s) without credentials, stored as the WHATWG
 * URL serialisation (contract `linkTarget`: IRIs percent-encoded, IDN hosts punycode); codes
 * `[A-Za-z0-9_-]{1,64}`, unique (409). `/s/:code` counts the visit and stores nothing about the visitor.
 *
 * The redirect stays off the database (docs/decisions/links.md, "The redirect off the database"): each server process keeps a `LinkDirectory`
 * — code → target in memory, filled on first use and emptied by every links write, and visit counts buffered and
 * written in one transaction a second later, on close, and before any answer that shows counts.
 */
import {
  linkTarget,
  SHORT_CODE_PATTERN,
  type CreateLinkRequest,
  type CreateLinkResponse,
  type MessageBody,
  type ShortLink,
} from '@contract/api'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  addVisits,
  deleteLink as removeLink,
  findLinkByCode,
  insertLink,
  listLinks,
  type ShortLinkRow,
} from '../repositories/links-repository'
import { isUuid } from '../lib/uuid'
import { keptList } from './kept-lists'
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

/**
 * GET /links: every link, newest first, kept serialised per change of the links' counter (services/kept-lists.ts).
 * Visit counts stay current: writing buffered counts is an UPDATE of short_links, which bumps the counter, so the
 * list is made again after each flush — this process's buffered counts are flushed before the list is read (exact),
 * another process's are written within `VISIT_FLUSH_MS` (at most a second old).
 */
export function keptLinks(db: Db, directory: LinkDirectory) {
  const list = keptList(db, 'links', async () => ({
    body: JSON.stringify({ links: (await listLinks(db)).map(toLink) }),
    value: undefined,
  }))
  return {
    async get() {
      await directory.flush()
      return list.get()
    },
  }
}

/** The body's rules beyond its schema; returns what to store. */
function checkedLink(body: CreateLinkRequest): { url: string; short: string; expiresAt: Date | null } {
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
export function createLink(body: CreateLinkRequest, directory: LinkDirectory): Change<CreateLinkResponse> {
  const input = checkedLink(body)
  return async ({ tx, now, user }) => {
    directory.forget()
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
export function deleteLink(id: string, directory: LinkDirectory): Change<MessageBody> {
  return async ({ tx }) => {
    directory.forget()
    const row = isUuid(id) ? await removeLink(tx, id) : null
    if (!row) throw new HttpError(404, MESSAGES.linkNotFound)
    return {
      body: { code: 200, message: MESSAGES.linkDeleted },
      audit: { type: 'deleteShortUrl', extras: { urlDocId: row.id, short: row.short } },
    }
  }
}

export type Redirect = { kind: 'redirect'; url: string } | { kind: 'missing' } | { kind: 'expired' }

/** What the directory remembers of a code: the link, or null for "no such link". */
interface KnownLink {
  id: string
  url: string
  /** Epoch milliseconds, or null for never. */
  expiresAt: number | null
}

/**
 * How long a remembered code is trusted (real milliseconds). This process's own writes empty the directory at
 * once; the limit bounds how long a write made by another server process on the same PostgreSQL database goes
 * unseen here. One read per visited code per second costs nothing next to a write per visit.
 */
export const DIRECTORY_TTL_MS = 1000
/** Codes remembered at most (unknown ones too, so a flood of made-up codes costs memory only up to this). */
export const DIRECTORY_SIZE = 10_000
/** Milliseconds between a first buffered visit and the write of the batch. */
export const VISIT_FLUSH_MS = 1000

/**
 * One server process's view of the short links. Exact for this process's own writes; another process's writes on
 * the same PostgreSQL database are seen within `DIRECTORY_TTL_MS`, and its buffered counts reach this process's
 * list only once written (docs/decisions/links.md, "The redirect off the database").
 */
export class LinkDirectory {
  private readonly known = new Map<string, { link: KnownLink | null; until: number }>()
  /** Bumped by every `forget`: a lookup that started before it does not store what it read. */
  private generation = 0
  /** Link id → visits answered but not written yet. */
  private pending = new Map<string, number>()
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> | null = null
  private closed = false
  /** Milliseconds from the first buffered visit to the write of the batch (a test lengthens it). */
  flushAfterMs = VISIT_FLUSH_MS

  constructor(
    private readonly db: Db,
    private readonly onFlushError: (error: unknown) => void,
  ) {}

  /** GET /s/:code: the target (visit counted, written later), or why not. */
  async follow(code: string, now: Date): Promise<Redirect> {
    if (!CODE.test(code)) return { kind: 'missing' }
    const known = this.known.get(code)
    const link = known && known.until > Date.now() ? known.link : await this.lookUp(code)
    if (!link) return { kind: 'missing' }
    if (link.expiresAt !== null && link.expiresAt <= now.getTime()) return { kind: 'expired' }
    this.count(link.id)
    return { kind: 'redirect', url: link.url }
  }

  /**
   * Empties the cache: called by every links write inside its transaction and again once it has committed (the
   * routes' onSend), so a lookup that read the old row while the write was under way is never kept.
   */
  forget(): void {
    this.generation++
    this.known.clear()
  }

  /** Writes the buffered counts in one transaction (after any write already under way); a failed batch is kept. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing.catch(() => undefined)
    if (this.pending.size === 0) return
    this.stopTimer()
    const batch = [...this.pending]
    this.pending = new Map()
    const writing = (async () => {
      try {
        await this.db.transaction((tx) => addVisits(tx, batch))
      } catch (error) {
        for (const [id, visits] of batch) this.addPending(id, visits)
        throw error
      } finally {
        this.writing = null
      }
    })()
    this.writing = writing
    await writing
  }

  /** The app's onClose (every request has finished by then): writes what is buffered; no timer afterwards. */
  async close(): Promise<void> {
    this.closed = true
    this.stopTimer()
    await this.flush()
  }

  private async lookUp(code: string): Promise<KnownLink | null> {
    const generation = this.generation
    const row = await findLinkByCode(this.db, code)
    // A target stored before issue 18 may be an IRI (`…/Kőbánya`) or hold a character no `Location` may carry: it
    // goes through today's rule, so it redirects to its percent-encoded form, or, when it cannot be a URL at all,
    // answers as a missing link instead of a 500 (the list still shows it, to be deleted).
    const url = row ? linkTarget(row.url) : 'invalid'
    const link =
      row && url !== 'invalid' && url !== 'refused'
        ? { id: row.id, url, expiresAt: row.expiresAt?.getTime() ?? null }
        : null
    if (generation === this.generation) {
      this.known.delete(code)
      if (this.known.size >= DIRECTORY_SIZE) this.known.delete(this.known.keys().next().value as string)
      this.known.set(code, { link, until: Date.now() + DIRECTORY_TTL_MS })
    }
    return link
  }

  private count(id: string): void {
    this.addPending(id, 1)
  }

  private addPending(id: string, visits: number): void {
    this.pending.set(id, (this.pending.get(id) ?? 0) + visits)
    if (this.timer || this.closed) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.flush().catch(this.onFlushError)
    }, this.flushAfterMs)
    this.timer.unref()
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}

const directories = new WeakMap<object, LinkDirectory>()

/**
 * The app's directory. Keyed by the app's HTTP server, which every encapsulated plugin of one Fastify app shares,
 * so the links routes and the redirect see the same one, and a second app in the same process (tests) its own.
 */
export function linkDirectory(app: {
  server: object
  db: Db
  log: { warn(object: object, message: string): void }
}): LinkDirectory {
  let directory = directories.get(app.server)
  if (!directory) {
    directory = new LinkDirectory(app.db, (error) =>
      app.log.warn({ err: error }, 'short-link visit counts not written; retried in a second'),
    )
    directories.set(app.server, directory)
  }
  return directory
}

/**
 * One queued write (DESIGN §5): `{id (= Idempotency-Key), method, url, body, createdAt, attempts, lastError}`, plus
 * what the outbox needs to show and apply it. Plain data only: it is stored in IndexedDB as is. The session token is
 * never part of it — `apiRequest` attaches it when the item is sent.
 */
import type { QueryKey } from '@tanstack/react-query'

export type QueuedMethod = 'POST' | 'PUT' | 'DELETE'

/** What a screen asks the outbox to send. */
export interface QueuedRequest {
  method: QueuedMethod
  /** Path relative to the backend base URL, e.g. `/work/hours`. */
  url: string
  body?: unknown
  /** What the write does, for the outbox panel ('Munkaidő: 2026. november 20. – 8 óra'). */
  label: string
  /** The body `code` a success must carry (spec §7), when the endpoint answers one. */
  expectCode?: number
}

export interface OutboxItem extends QueuedRequest {
  /** Also the Idempotency-Key: a retry of the same item is applied once by the server. */
  id: string
  /** Epoch milliseconds; strictly increasing within a tab, so items keep the order they were made in. */
  createdAt: number
  attempts: number
  lastError: string | null
  /** The query the write changes: its optimistic view and its refresh after the server accepted. */
  queryKey: QueryKey
  /** Whose write it is: a hash of the session token (never the token). Another user's items are never sent. */
  owner: string
  /** `waiting` until sent; `rejected` once the server refused it (4xx): out of the queue, kept visible. */
  status: 'waiting' | 'rejected'
}

/** Items in the order they go out. */
export function byCreation(a: OutboxItem, b: OutboxItem): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/**
 * The outbox panel's line of a write named by a free text (an announcement, a bug report): the prefix and the text's
 * start, white space folded, so the user recognises it ('Értesítés: Holnap elmarad a …').
 */
export function textLabel(prefix: string, text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return `${prefix}: ${line.length > 40 ? `${line.slice(0, 40)}…` : line}`
}

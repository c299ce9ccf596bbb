/**
 * The offline write outbox (DESIGN §5), the platform piece every writing screen uses through
 * `useQueuedMutation` (./use-queued-mutation.ts). A write is stored in IndexedDB first, shown at once (the
 * optimistic view is the cached query plus the waiting items), and sent in order, one at a time, by whichever tab
 * holds the flush lock:
 *   - sent and accepted: removed, the change is written into the query's cache, the query refetches;
 *   - network error, 408, 429, 5xx: kept, `attempts`/`lastError` updated, retried with backoff;
 *   - another 4xx: taken out of the queue and kept visible as rejected; the server's message is shown and the
 *     optimistic change disappears with it (rollback);
 *   - 401: nothing is touched and the flush stops; `apiRequest` runs the spec's 401 rule (which wipes).
 * Flushes run at start, on `online`, when the page becomes visible, on a timer while items wait and on request
 * ('Szinkronizálás most').
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { hashKey } from '@tanstack/react-query'
import { createStore, del, entries, set, type UseStore } from 'idb-keyval'
import { apiCacheName } from '@contract/api-cache-name'
import { randomId } from '../random-id'
import { ApiError, apiRequest, NetworkError } from '../api-client'
import { notify } from '../notify'
import { getToken } from '../session'
import { defaultFlushLock, type FlushLock } from './flush-lock'
import { byCreation, type OutboxItem, type QueuedRequest } from './outbox-item'

/** The per-user IndexedDB database of the outbox (emptied by wipeUserData) and its object store. */
export const OUTBOX_DATABASE = 'portal-outbox'
export const OUTBOX_STORE = 'items'

/** First retry after 2 s, doubling up to a minute; while nothing fails, a look every 30 s while items wait. */
export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 60_000
export const POLL_MS = 30_000

export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS)
}

export interface OutboxState {
  /** Waiting to be sent, in order. */
  items: readonly OutboxItem[]
  /** Refused by the server (4xx): out of the queue, shown until dismissed. */
  rejected: readonly OutboxItem[]
  /** A flush is running in this tab. */
  flushing: boolean
}

/** Why an item was not sent yet. */
export type DeferReason = 'network' | 'server'

/** Per-item reactions of the screen that queued it (this page only; after a reload the defaults apply). */
export interface ItemCallbacks {
  onSent?: (item: OutboxItem) => void
  /** The server refused the write; `message` is its message ('' when it gave none). */
  onRejected?: (item: OutboxItem, message: string) => void
  /** The write could not be sent at once and waits in the queue (told once per item). */
  onDeferred?: (item: OutboxItem, reason: DeferReason) => void
}

/**
 * How a waiting item of `queryKey` changes that query's cached data. Must be idempotent (a set, not an append).
 * `item` tells which record a write changes when its body does not (PUT /classrooms/:id carries the id in the url).
 */
export type Optimistic = (current: unknown, body: unknown, item: OutboxItem) => unknown

export interface OutboxDeps {
  /** Sends an item; resolves when the server accepted it. Default: `apiRequest` with the item's id as key. */
  send?: (item: OutboxItem) => Promise<unknown>
  /** Whose queue is open: a hash of the session token, or null when nobody is signed in. */
  owner?: () => Promise<string | null>
  lock?: FlushLock
  store?: UseStore
  now?: () => number
  /** BroadcastChannel name that keeps the tabs' views of the queue in step; null for none. */
  channel?: string | null
  isOnline?: () => boolean
}

type Message =
  { type: 'changed' } | { type: 'sent'; id: string } | { type: 'rejected'; id: string; message: string }

function isOutboxItem(value: unknown): value is OutboxItem {
  if (!value || typeof value !== 'object') return false
  const item = value as Partial<OutboxItem>
  return (
    typeof item.id === 'string' &&
    typeof item.url === 'string' &&
    typeof item.createdAt === 'number' &&
    typeof item.owner === 'string' &&
    Array.isArray(item.queryKey)
  )
}

/** 'retry' for what may pass later, 'rejected' for a refusal, 'unauthorized' for the 401 rule. */
export function classifyFailure(error: unknown): {
  kind: 'retry' | 'rejected' | 'unauthorized'
  message: string
} {
  if (error instanceof ApiError) {
    const status = error.status
    if (status === 401) return { kind: 'unauthorized', message: error.message }
    if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', message: error.message }
    return { kind: 'rejected', message: error.message }
  }
  if (error instanceof NetworkError) return { kind: 'retry', message: error.message }
  return { kind: 'retry', message: error instanceof Error ? error.message : String(error) }
}

async function defaultSend(item: OutboxItem): Promise<unknown> {
  // expectCode: a 2xx whose body `code` differs is a failure (spec §7), judged once, in the API client.
  const { data } = await apiRequest<unknown>(item.url, {
    method: item.method,
    body: item.body,
    idempotencyKey: item.id,
    expectCode: item.expectCode,
  })
  return data
}

async function defaultOwner(): Promise<string | null> {
  const token = getToken()
  return token ? apiCacheName(token) : null
}

/** What the outbox does with the page's query client: bakes accepted writes, cancels and refetches. */
type OutboxQueryClient = Pick<QueryClient, 'setQueryData' | 'invalidateQueries' | 'cancelQueries'>

export function createOutbox(deps: OutboxDeps = {}) {
  const tab = randomId()
  const send = deps.send ?? defaultSend
  const ownerOf = deps.owner ?? defaultOwner
  const lock = deps.lock ?? defaultFlushLock(tab)
  // Opened on first use: importing the outbox creates no database.
  let openedStore: UseStore | null = deps.store ?? null
  const store: UseStore = (txMode, callback) =>
    (openedStore ??= createStore(OUTBOX_DATABASE, OUTBOX_STORE))(txMode, callback)
  const now = deps.now ?? Date.now
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false)
  const channelName = deps.channel === undefined ? 'portal-outbox' : deps.channel

  let state: OutboxState = { items: [], rejected: [], flushing: false }
  const listeners = new Set<() => void>()
  const callbacks = new Map<string, ItemCallbacks>()
  // Items whose screen has been told that they wait (onDeferred runs once per item).
  const told = new Set<string>()
  const optimistic = new Map<string, Optimistic>()
  let queryClient: OutboxQueryClient | null = null
  let lastCreatedAt = 0
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  let started = false
  // After a 401 nothing more is sent from this page: the 401 rule signs the user out.
  let halted = false
  let channel: BroadcastChannel | null = null
  const cleanups: (() => void)[] = []

  function setState(patch: Partial<OutboxState>): void {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }

  function post(message: Message): void {
    channel?.postMessage(message)
  }

  /** Reads this user's items from IndexedDB into the state; items of anyone else are deleted. */
  async function load(owner: string): Promise<OutboxItem[]> {
    const all = await entries<IDBValidKey, unknown>(store)
    const mine: OutboxItem[] = []
    for (const [key, value] of all) {
      if (isOutboxItem(value) && value.owner === owner) mine.push(value)
      else await del(key, store)
    }
    mine.sort(byCreation)
    if (!stopped)
      setState({
        items: mine.filter((item) => item.status !== 'rejected'),
        rejected: mine.filter((item) => item.status === 'rejected'),
      })
    return mine
  }

  function schedule(delay: number | null): void {
    if (timer !== null) clearTimeout(timer)
    timer = null
    if (delay === null || stopped) return
    timer = setTimeout(() => {
      timer = null
      if (isOnline()) void flush()
      else schedule(POLL_MS)
    }, delay)
  }

  /**
   * The server accepted `item`: its change goes into the cached query before it leaves the optimistic view. A fetch
   * of the query still running may have left before the server applied the write: it is cancelled (back to the data
   * just written), or its older answer would land after the write left the view and hide it until the refetch at the
   * end of the flush (the register's rapid taps cycled from the older status). That refetch brings the server's answer.
   */
  function bake(item: OutboxItem): void {
    if (!queryClient) return
    const apply = optimistic.get(hashKey(item.queryKey))
    if (apply) {
      queryClient.setQueryData(item.queryKey, (current: unknown) =>
        current === undefined ? current : apply(current, item.body, item),
      )
    }
    void queryClient.cancelQueries({ queryKey: item.queryKey, exact: true }).catch(() => undefined)
  }

  type Outcome = 'sent' | 'rejected' | 'retry' | 'stop'

  async function sendOne(item: OutboxItem): Promise<Outcome> {
    try {
      await send(item)
    } catch (error) {
      if (stopped) return 'stop'
      const { kind, message } = classifyFailure(error)
      // 401: the queue stays as it is; apiRequest has already started the spec's 401 rule.
      if (kind === 'unauthorized') {
        halted = true
        return 'stop'
      }
      const updated: OutboxItem = {
        ...item,
        attempts: item.attempts + 1,
        lastError: message || null,
        status: kind === 'rejected' ? 'rejected' : 'waiting',
      }
      await set(item.id, updated, store)
      if (kind === 'rejected') {
        setState({
          items: state.items.filter((other) => other.id !== item.id),
          rejected: [...state.rejected, updated],
        })
        post({ type: 'rejected', id: item.id, message })
        rejectedCallback(updated, message)
        void queryClient?.invalidateQueries({ queryKey: item.queryKey })
        return 'rejected'
      }
      setState({ items: state.items.map((other) => (other.id === item.id ? updated : other)) })
      post({ type: 'changed' })
      failures++
      // Every write of this page that now waits (this one and those queued behind it) is told once.
      const reason: DeferReason = error instanceof ApiError ? 'server' : 'network'
      for (const waiting of state.items) {
        const onDeferred = callbacks.get(waiting.id)?.onDeferred
        if (!onDeferred || told.has(waiting.id)) continue
        told.add(waiting.id)
        onDeferred(waiting, reason)
      }
      return 'retry'
    }
    if (stopped) return 'stop'
    await del(item.id, store)
    failures = 0
    bake(item)
    setState({ items: state.items.filter((other) => other.id !== item.id) })
    post({ type: 'sent', id: item.id })
    callbacks.get(item.id)?.onSent?.(item)
    callbacks.delete(item.id)
    return 'sent'
  }

  function rejectedCallback(item: OutboxItem, message: string): void {
    const handler = callbacks.get(item.id)?.onRejected
    callbacks.delete(item.id)
    if (handler) handler(item, message)
    else notify.error(message ? `Hiba történt: ${message}` : `Hiba történt: ${item.label}`)
  }

  async function flushOnce(): Promise<void> {
    const owner = await ownerOf()
    if (!owner || stopped || halted) return
    const touched = new Map<string, QueryKey>()
    const acquired = await lock(async (renew) => {
      for (;;) {
        if (stopped || halted) return
        // Read again before each item: another tab may have sent or added some meanwhile.
        const next = (await load(owner)).find((item) => item.status !== 'rejected')
        if (!next || stopped) return
        renew()
        const outcome = await sendOne(next)
        if (outcome === 'sent') touched.set(hashKey(next.queryKey), next.queryKey)
        if (outcome === 'retry' || outcome === 'stop') return
      }
    })
    // The server's answer replaces the optimistic state: refetch what the sent writes changed, once per query.
    for (const queryKey of touched.values()) void queryClient?.invalidateQueries({ queryKey })
    if (stopped || halted) return
    if (state.items.length === 0) schedule(null)
    else if (!acquired) schedule(POLL_MS)
    else schedule(failures > 0 ? backoffDelay(failures) : POLL_MS)
  }

  /** Sends what waits, unless this tab is already sending (then it looks once more when done). */
  function flush(): Promise<void> {
    if (stopped || halted) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    setState({ flushing: true })
    running = (async () => {
      try {
        do {
          again = false
          await flushOnce()
        } while (again && !stopped && !halted)
      } catch (error) {
        console.error('Az elküldésre váró módosítások küldése nem sikerült.', error)
        schedule(POLL_MS)
      } finally {
        running = null
        setState({ flushing: false })
      }
    })()
    return running
  }

  /** Stops sending, timers and listeners; nothing is written after this (a wipe follows). */
  function stop(): void {
    stopped = true
    started = false
    schedule(null)
    for (const cleanup of cleanups.splice(0)) cleanup()
    callbacks.clear()
    state = { items: [], rejected: [], flushing: false }
    for (const listener of listeners) listener()
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot(): OutboxState {
      return state
    },
    /** The query client whose caches sent writes update and refetch. */
    connect(client: OutboxQueryClient | null): void {
      queryClient = client
    },
    /** How waiting writes to `queryKey` change its data (the optimistic view); see useQueuedMutation. */
    registerOptimistic(queryKey: QueryKey, apply: Optimistic): void {
      optimistic.set(hashKey(queryKey), apply)
    },
    /** The data of `queryKey` as it will be once every waiting write to it (of `items`: all by default) is sent. */
    withPending<T>(
      queryKey: QueryKey,
      data: T | undefined,
      items: readonly OutboxItem[] = state.items,
    ): T | undefined {
      const apply = optimistic.get(hashKey(queryKey))
      if (!apply) return data
      const hash = hashKey(queryKey)
      let result: unknown = data
      for (const item of items) if (hashKey(item.queryKey) === hash) result = apply(result, item.body, item)
      return result as T | undefined
    },

    /** Stores a write and starts sending it. Rejects when it could not be stored (nobody signed in, no IndexedDB). */
    async enqueue(
      request: QueuedRequest,
      queryKey: QueryKey,
      itemCallbacks: ItemCallbacks = {},
    ): Promise<OutboxItem> {
      const owner = await ownerOf()
      if (!owner || stopped) throw new Error('Nincs bejelentkezett felhasználó.')
      const createdAt = Math.max(now(), lastCreatedAt + 1)
      lastCreatedAt = createdAt
      const item: OutboxItem = {
        ...request,
        id: randomId(),
        createdAt,
        attempts: 0,
        lastError: null,
        queryKey: [...queryKey],
        owner,
        status: 'waiting',
      }
      await set(item.id, item, store)
      // A stop (the wipe that follows it) while the item was being stored: it must not outlive the wipe.
      if (stopped) {
        await del(item.id, store)
        throw new Error('Nincs bejelentkezett felhasználó.')
      }
      callbacks.set(item.id, itemCallbacks)
      setState({ items: [...state.items, item].sort(byCreation) })
      post({ type: 'changed' })
      void flush()
      return item
    },

    flush,

    /** 'Szinkronizálás most': send at once, whatever the backoff says. */
    syncNow(): Promise<void> {
      return flush()
    },

    /**
     * This user's writes still waiting, read from IndexedDB (not the page's view): what the 401 rule parks before
     * the wipe (./parked-writes.ts). Empty when nobody is signed in.
     */
    async waitingItems(): Promise<OutboxItem[]> {
      const owner = await ownerOf()
      if (!owner) return []
      const all = await entries<IDBValidKey, unknown>(store)
      return all
        .map(([, value]) => value)
        .filter((value): value is OutboxItem => isOutboxItem(value) && value.owner === owner)
        .filter((item) => item.status !== 'rejected')
        .sort(byCreation)
    },

    /**
     * Takes parked writes of an earlier session of the same account back into the queue, as the signed-in user's,
     * and sends them. Each keeps its id (its Idempotency-Key: a write the server had applied is answered from the
     * stored answer, not applied twice), its order and its label.
     */
    async adopt(items: readonly OutboxItem[]): Promise<void> {
      const owner = await ownerOf()
      if (!owner || stopped) throw new Error('Nincs bejelentkezett felhasználó.')
      const adopted = items.map((item): OutboxItem => ({
        ...item,
        owner,
        status: 'waiting',
        attempts: 0,
        lastError: null,
      }))
      for (const item of adopted) {
        lastCreatedAt = Math.max(lastCreatedAt, item.createdAt)
        await set(item.id, item, store)
      }
      const ids = new Set(adopted.map((item) => item.id))
      setState({ items: [...state.items.filter((item) => !ids.has(item.id)), ...adopted].sort(byCreation) })
      post({ type: 'changed' })
      void flush()
    },

    /** Removes a rejected item from the panel. */
    async dismiss(id: string): Promise<void> {
      await del(id, store)
      setState({ rejected: state.rejected.filter((item) => item.id !== id) })
      post({ type: 'changed' })
    },

    /** Loads the queue, listens for the flush triggers and flushes. Returns the stop function. */
    start(): () => void {
      if (started) return stop
      started = true
      stopped = false
      halted = false
      const onOnline = () => {
        failures = 0
        void flush()
      }
      const onVisible = () => {
        if (document.visibilityState === 'visible') void flush()
      }
      if (typeof window !== 'undefined') {
        window.addEventListener('online', onOnline)
        cleanups.push(() => window.removeEventListener('online', onOnline))
      }
      if (typeof document !== 'undefined') {
        document.addEventListener('visibilitychange', onVisible)
        cleanups.push(() => document.removeEventListener('visibilitychange', onVisible))
      }
      if (channelName && typeof BroadcastChannel !== 'undefined') {
        const opened = new BroadcastChannel(channelName)
        channel = opened
        opened.onmessage = (event: MessageEvent<Message>) => {
          const message = event.data
          if (message?.type === 'sent') {
            const item = state.items.find((other) => other.id === message.id)
            if (item) callbacks.get(message.id)?.onSent?.(item)
            callbacks.delete(message.id)
          }
          if (message?.type === 'rejected') {
            const handler = callbacks.get(message.id)?.onRejected
            callbacks.delete(message.id)
            const item = state.items.find((other) => other.id === message.id)
            if (handler && item) handler(item, message.message)
          }
          void ownerOf().then((owner) => (owner && !stopped ? load(owner) : undefined))
        }
        cleanups.push(() => {
          opened.close()
          channel = null
        })
      }
      void flush()
      return stop
    },

    stop,

    /** Settles when the current flush (if any) has finished. */
    idle(): Promise<void> {
      return running ?? Promise.resolve()
    },
  }
}

/** The app's outbox. */
export const outbox = createOutbox()

/**
 * How the worker answers a cached API GET (DESIGN §5, §8: a 401 from the network always reaches the page):
 * network first, racing a short deadline, with the user's own cache behind it.
 *   - the network answers within the deadline: its answer goes to the page — a 200 is stored, a 401 deletes the
 *     user's whole API cache (never a cached body), another 4xx deletes that entry, a 5xx falls back to the cached
 *     copy when there is one (a proxy in front of a stopped server is as good as offline);
 *   - the network fails (offline, no route, refused): the cached copy at once, so an offline reload paints as fast
 *     as before;
 *   - the deadline passes first: the cached copy (a slow network must not hold the screen), and the late answer
 *     still decides — a 200 is stored and, if it differs, the page is told to refetch (API_CACHE_UPDATED); a 401
 *     deletes the cache and tells the pages (API_UNAUTHORIZED), which apply the 401 rule.
 * The request goes out conditional when the user's cached copy has an ETag (`If-None-Match`; issue 21: the students
 * list of a district is 1.1 MB compressed): a 304 is a fresh answer — the page gets the cached body as a 200 with the
 * 304's `Date` (the offline marker's "utoljára frissítve"), the stored copy gets that `Date` too, and nothing is
 * announced. Only the caller's own cache is read, so a 304 never serves another user's copy.
 * Nothing is written into the cache once the page has wiped it since the request left (./api-cache-wipes.ts): the
 * answer of a request that was on its way at Kijelentkezés still reaches the page, but not the signed-out user's disk.
 * Pure apart from what it is given, so it is tested without a worker (api-strategy.test.ts).
 */
import type { SwToPageMessage } from '../contract/sw-protocol'
import { writeUnlessWiped, type WipeTicket } from './api-cache-wipes'
import { apiPathOf, matchApiRoute } from './api-routes'
import { cacheUpdatedMessage, sameContent } from './cache-updates'

/** How long the network may take before the cached copy is shown. */
export const NETWORK_DEADLINE_MS = 3000

/** The cache is per user and per URL; a `Vary` header must not hide the offline copy. */
const MATCH: CacheQueryOptions = { ignoreVary: true }

const IF_NONE_MATCH = 'If-None-Match'

export interface ApiStrategyDeps {
  caches: CacheStorage
  /** The caller's own cache (`api-<hash(token)>`). */
  cacheName: string
  /** The backend base URL (for the update notice's path). */
  base: string
  fetch: (request: Request) => Promise<Response>
  /** Keeps the worker alive for what follows the answer (the fetch event's `waitUntil`). */
  waitUntil: (work: Promise<unknown>) => void
  /** Tells every page of the origin. */
  post: (message: SwToPageMessage) => void
  /** The worker's wipes and their count when the request left: no write into a cache wiped since. */
  left: WipeTicket
  /** Resolves when the network's time is up; default NETWORK_DEADLINE_MS. */
  deadline?: () => { passed: Promise<void>; cancel: () => void }
}

type NetworkOutcome = { kind: 'answer'; response: Response } | { kind: 'error'; error: unknown }

function timer(ms: number): { passed: Promise<void>; cancel: () => void } {
  let handle: ReturnType<typeof setTimeout> | undefined
  const passed = new Promise<void>((resolve) => (handle = setTimeout(resolve, ms)))
  return { passed, cancel: () => clearTimeout(handle) }
}

/** Answers `request` (a GET of a cached API route carrying a token) as described above. */
export async function networkFirstWithDeadline(request: Request, deps: ApiStrategyDeps): Promise<Response> {
  const { caches, cacheName } = deps
  const cachedCopy = async (): Promise<Response | undefined> =>
    (await caches.has(cacheName)) ? (await caches.open(cacheName)).match(request, MATCH) : undefined

  // The cached copy's validator, unless the page asked its own question (then its 304 is the page's).
  const etag = request.headers.has(IF_NONE_MATCH) ? null : ((await cachedCopy())?.headers.get('ETag') ?? null)
  const outgoing = etag ? conditional(request, etag) : request
  const network: Promise<NetworkOutcome> = deps.fetch(outgoing).then(
    (response) => ({ kind: 'answer', response }),
    (error: unknown) => ({ kind: 'error', error }),
  )
  const deadline = (deps.deadline ?? (() => timer(NETWORK_DEADLINE_MS)))()
  const first = await Promise.race([network, deadline.passed.then(() => 'deadline' as const)])
  deadline.cancel()

  if (first !== 'deadline') return answerInTime(first, request, etag, deps, cachedCopy)

  const cached = await cachedCopy()
  // Nothing to show meanwhile: wait for the network as if there were no deadline.
  if (!cached) return answerInTime(await network, request, etag, deps, cachedCopy)
  const served = cached.clone()
  deps.waitUntil(network.then((late) => lateAnswer(late, request, etag, served, deps)).catch(() => undefined))
  return cached
}

/** `request` asking for a 304 when its answer still has `etag`. */
function conditional(request: Request, etag: string): Request {
  const headers = new Headers(request.headers)
  headers.set(IF_NONE_MATCH, etag)
  return new Request(request, { headers })
}

/** `cached` with the fresh answer's `Date`: what a 200 with the same body would have been. */
function restamped(cached: Response, notModified: Response): Response {
  const headers = new Headers(cached.headers)
  const date = notModified.headers.get('Date')
  if (date) headers.set('Date', date)
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers })
}

/** The stored copy takes the 304's `Date`, if it is still the copy the 304 was about. */
async function restampStored(request: Request, etag: string, notModified: Response, deps: ApiStrategyDeps) {
  if (!notModified.headers.get('Date') || !(await deps.caches.has(deps.cacheName))) return
  await writeUnlessWiped(deps.caches, deps.cacheName, deps.left, async (cache) => {
    const stored = await cache.match(request, MATCH)
    if (stored?.headers.get('ETag') === etag) await cache.put(request, restamped(stored, notModified))
  })
}

/**
 * A 304 to the worker's own question: the user's cached copy, fresh. If that copy went (or changed) meanwhile, the
 * question is asked again without the condition.
 */
async function notModifiedAnswer(
  notModified: Response,
  request: Request,
  etag: string,
  deps: ApiStrategyDeps,
  cachedCopy: () => Promise<Response | undefined>,
): Promise<Response> {
  const cached = await cachedCopy()
  if (cached?.headers.get('ETag') !== etag) {
    const again: NetworkOutcome = await deps.fetch(request).then(
      (response) => ({ kind: 'answer', response }),
      (error: unknown) => ({ kind: 'error', error }),
    )
    return answerInTime(again, request, null, deps, cachedCopy)
  }
  deps.waitUntil(restampStored(request, etag, notModified, deps).catch(() => undefined))
  return restamped(cached, notModified)
}

async function answerInTime(
  outcome: NetworkOutcome,
  request: Request,
  etag: string | null,
  deps: ApiStrategyDeps,
  cachedCopy: () => Promise<Response | undefined>,
): Promise<Response> {
  if (outcome.kind === 'error') {
    const cached = await cachedCopy()
    if (cached) return cached
    throw outcome.error
  }
  const { response } = outcome
  if (response.status === 304 && etag) return notModifiedAnswer(response, request, etag, deps, cachedCopy)
  if (response.status >= 500) return (await cachedCopy()) ?? response
  await settle(response, request, deps)
  return response
}

/** True for a 200, and for a refusal that is the route's answer (`storedRefusals`: the 404 of "no groups"). */
function isStoredAnswer(response: Response, request: Request, base: string): boolean {
  if (response.status === 200) return true
  const path = apiPathOf(request.url, base)
  const route = path === null ? null : matchApiRoute(path)
  return route?.storedRefusals.includes(response.status) ?? false
}

/**
 * What an answer does to the cache: store a 200 (or a refusal that is the route's answer), forget everything on a
 * 401, forget this entry on another 4xx.
 */
async function settle(response: Response, request: Request, deps: ApiStrategyDeps): Promise<void> {
  const { caches, cacheName } = deps
  if (isStoredAnswer(response, request, deps.base)) {
    const stored = response.clone()
    await writeUnlessWiped(caches, cacheName, deps.left, (cache) => cache.put(request, stored))
  } else if (response.status === 401) {
    await caches.delete(cacheName)
  } else if (response.status >= 400 && response.status < 500 && (await caches.has(cacheName))) {
    await writeUnlessWiped(
      caches,
      cacheName,
      deps.left,
      async (cache) => void (await cache.delete(request, MATCH)),
    )
  }
}

async function lateAnswer(
  outcome: NetworkOutcome,
  request: Request,
  etag: string | null,
  served: Response,
  deps: ApiStrategyDeps,
): Promise<void> {
  if (outcome.kind === 'error') return
  const { response } = outcome
  // What was shown is still the answer: nothing to announce.
  if (response.status === 304 && etag) return restampStored(request, etag, response, deps)
  if (response.status >= 500) return
  await settle(response, request, deps)
  if (response.status === 401) {
    deps.post({ type: 'API_UNAUTHORIZED', cacheName: deps.cacheName })
    return
  }
  // A 200 that differs from what was shown, or a refusal (another 4xx): the page fetches again and gets it.
  if (response.status !== 200 && response.status < 400) return
  if (isStoredAnswer(response, request, deps.base) && (await sameContent(served, response))) return
  const message = cacheUpdatedMessage(request.url, deps.base)
  if (message) deps.post(message)
}

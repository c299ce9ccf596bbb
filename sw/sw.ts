/// <reference lib="webworker" />
/**
 * The service worker (DESIGN §5): precached app shell, navigation fallback to index.html, per-user API cache
 * answered network-first against a short deadline (a 401 always reaches the page; ./api-strategy.ts) with update
 * notices, and refresh of stale cached GETs after writes; no answer is written into a cache the page has wiped since
 * its request left (./api-cache-wipes.ts).
 * The decisions live in small pure modules beside this file; this file only wires them to Workbox.
 */
import { createStore, get, set } from 'idb-keyval'
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { apiCacheNameForAuthorization } from '../contract/api-cache-name'
import { AUTH_HEADER, NDJSON_TYPE } from '../contract/http'
import { isPageToSwMessage, type SwToPageMessage } from '../contract/sw-protocol'
import { ApiCacheWipes } from './api-cache-wipes'
import { parseBackendBase, planApiRequest } from './api-request'
import { networkFirstWithDeadline } from './api-strategy'
import { refreshAfterStreamedWrite, refreshAfterWrite } from './write-refresh'

declare let self: ServiceWorkerGlobalScope

// ---- App shell -------------------------------------------------------------------------------------------
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/s\//] }),
)

// ---- Backend base: `<origin>/api` unless the page says otherwise; kept across worker restarts ------------
const configStore = createStore('portal-sw', 'config')
let backendBase = `${self.location.origin}/api`
let baseSetByPage = false
void get<unknown>('backendUrl', configStore)
  .then((stored) => {
    const parsed = parseBackendBase(stored)
    if (parsed && !baseSetByPage) backendBase = parsed
  })
  .catch(() => undefined)

async function postToPages(message: SwToPageMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of windows) client.postMessage(message)
}

// The page's wipes (Kijelentkezés, a 401, a login): a request notes the count when it leaves.
const wipes = new ApiCacheWipes()

// ---- API GETs: network first against a deadline, into the user's own cache ---------------------------------
registerRoute(
  ({ request }) => planApiRequest(request, backendBase).kind === 'cache',
  async ({ request, event }) => {
    const left = { wipes, ticket: wipes.ticket() }
    const cacheName = await apiCacheNameForAuthorization(request.headers.get(AUTH_HEADER))
    if (!cacheName) return fetch(request)
    return networkFirstWithDeadline(request, {
      caches: self.caches,
      cacheName,
      base: backendBase,
      fetch: (input) => fetch(input),
      waitUntil: (work) => (event as ExtendableEvent).waitUntil(work),
      post: (message) => void postToPages(message),
      left,
    })
  },
  'GET',
)

// ---- API writes: answer only after the cached GETs they made stale were refreshed --------------------------
for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
  registerRoute(
    ({ request }) => planApiRequest(request, backendBase).kind === 'write',
    async ({ request }) => {
      const left = { wipes, ticket: wipes.ticket() }
      const plan = planApiRequest(request, backendBase)
      const authorization = request.headers.get(AUTH_HEADER)
      const base = backendBase
      const response = await fetch(request)
      if (!response.ok || plan.kind !== 'write') return response
      const refresh = () =>
        refreshAfterWrite({
          writePath: plan.path,
          authorization,
          base,
          caches: self.caches,
          fetch: (input, init) => fetch(input, init),
          notify: (message) => void postToPages(message),
          left,
        })
      // Progress first, the change at the end of the body (the user import): refresh when it has ended.
      if (response.headers.get('Content-Type')?.includes(NDJSON_TYPE))
        return refreshAfterStreamedWrite(response, refresh)
      await refresh().catch(() => 0)
      return response
    },
    method,
  )
}

// ---- Lifecycle and page messages --------------------------------------------------------------------------
// A waiting worker activates only when the user asks for it ('Frissítés'); the first install claims at once so
// the first session's answers are already cached for a later dead zone.
clientsClaim()

self.addEventListener('message', (event) => {
  const data: unknown = event.data
  if (!isPageToSwMessage(data)) return
  if (data.type === 'SKIP_WAITING') {
    void self.skipWaiting()
    return
  }
  if (data.type === 'API_CACHE_WIPE') {
    // From now on no answer of an earlier request is written; the page deletes the caches once told so.
    wipes.wiped()
    event.ports[0]?.postMessage(data)
    return
  }
  const parsed = parseBackendBase(data.url)
  if (!parsed) return
  backendBase = parsed
  baseSetByPage = true
  event.waitUntil(set('backendUrl', parsed, configStore).catch(() => undefined))
})

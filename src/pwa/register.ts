/**
 * Registers the service worker (production builds only) with prompt-style updates (DESIGN §5): a waiting worker
 * shows 'Új verzió érhető el' with 'Frissítés'; only that click sends SKIP_WAITING, and the page reloads once the
 * new worker controls it. While online, the browser looks for a new version every hour and on reconnect.
 */
import { Workbox } from 'workbox-window'
import type { PageToSwMessage } from '@contract/sw-protocol'
import { currentBackendUrl } from '../lib/backend-url'
import { LOCAL_SETTINGS_CHANGED } from '../lib/local-settings'
import { page } from '../lib/page'
import { showUpdateBanner } from './update-banner'

const UPDATE_CHECK_MS = 60 * 60 * 1000

let workbox: Workbox | null = null

function swSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
}

async function postToWorker(message: PageToSwMessage): Promise<void> {
  if (!swSupported()) return
  const registration = await navigator.serviceWorker.ready
  registration.active?.postMessage(message)
}

/**
 * Tells the worker which backend base URL to cache (the `backendUrl` setting). Called at start; call it again
 * after the user saves a new backend address.
 */
export function syncBackendUrlWithServiceWorker(): void {
  void postToWorker({ type: 'SET_BACKEND_URL', url: currentBackendUrl() }).catch(() => undefined)
}

export const SERVICE_WORKER_BLOCKED =
  'A böngésző nem engedi a service workert: a portál offline nem érhető el, és a frissítéseket újratöltés hozza.'

/**
 * Why `wb.register()` failed. A browser or a harness that blocks service workers (e.g. Playwright's
 * `serviceWorkers: 'block'`) answers `register()` with nothing, and Workbox then throws "Cannot read properties of
 * undefined (reading 'waiting')" (issue 18): asked again, a blocked register gives nothing, so that is said calmly;
 * any other failure (a missing sw.js) is an error.
 */
async function reportRegisterFailure(error: unknown, scriptUrl: string, scope: string): Promise<void> {
  let registration: ServiceWorkerRegistration | undefined
  try {
    registration = await navigator.serviceWorker.register(scriptUrl, { scope })
  } catch {
    registration = undefined
    console.error('A service worker regisztrálása nem sikerült.', error)
    return
  }
  if (!registration) console.info(SERVICE_WORKER_BLOCKED)
  else console.error('A service worker regisztrálása nem sikerült.', error)
}

/** Registers /sw.js in production builds; a no-op in development and tests. Call once from src/main.tsx. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || import.meta.env.MODE === 'test' || !swSupported() || workbox) return
  const scriptUrl = `${import.meta.env.BASE_URL}sw.js`
  const scope = import.meta.env.BASE_URL
  const wb = new Workbox(scriptUrl, { scope })
  workbox = wb

  wb.addEventListener('waiting', () => {
    showUpdateBanner({
      onUpdate: () => {
        // Listen first: the reload must follow the new worker taking control, not race it.
        wb.addEventListener('controlling', () => page.reload())
        wb.messageSkipWaiting()
      },
    })
  })

  // The page listens for the worker's cache update notices, and for its first taking control, from its start
  // (src/main.tsx).
  navigator.serviceWorker.addEventListener('controllerchange', syncBackendUrlWithServiceWorker)
  window.addEventListener(LOCAL_SETTINGS_CHANGED, syncBackendUrlWithServiceWorker)

  const checkForUpdate = () => {
    if (navigator.onLine) void wb.update().catch(() => undefined)
  }
  window.addEventListener('online', checkForUpdate)
  window.setInterval(checkForUpdate, UPDATE_CHECK_MS)

  void wb
    .register()
    .then(() => syncBackendUrlWithServiceWorker())
    .catch((error: unknown) => reportRegisterFailure(error, scriptUrl, scope))
}

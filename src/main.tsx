import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import './app/base.css'
import { queryClient } from './lib/query-client'
import { getToken, passwordChangeRequired } from './lib/session'
import { handleUnauthorized } from './session/session-actions'
import { connectQueryClientToCacheUpdates, refetchWhenFirstControlled } from './pwa/cache-updates'
import { listenForWorkerUnauthorized } from './pwa/worker-unauthorized'

async function start(): Promise<void> {
  // Before the first query: the worker answers a cached GET at once and reports a fresher answer a moment later;
  // a report arriving before anyone listens is lost, and the page would keep showing the older answer. And whether
  // the page started without a worker is known only now: one that takes control later (a first visit, even before
  // the registration below runs) finds the page's earlier answers uncached, so they are fetched again through it.
  connectQueryClientToCacheUpdates(queryClient)
  if ('serviceWorker' in navigator) {
    refetchWhenFirstControlled(navigator.serviceWorker, queryClient)
    // A 401 the network gave after the worker had shown a cached answer (a slow network): the 401 rule.
    listenForWorkerUnauthorized(navigator.serviceWorker, () => void handleUnauthorized())
  }
  // A signed-in page loads the signed-in app's code (the shell and Chakra, which read no setting while they load)
  // now: not after the restore below, which waits on IndexedDB, nor after React's first render, which asks for it.
  if (getToken() && !passwordChangeRequired()) void import('./app/authenticated-app').catch(() => undefined)
  // A cleared localStorage (the browser's storage pressure, a user clearing site data partly) gets its local
  // settings back from the IndexedDB mirror before anything reads the backend address.
  if (!localStorage.getItem('localSettings')) {
    await import('./lib/offline/local-mirror').then((m) => m.restoreMirroredKeys()).catch(() => undefined)
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  // Registration is not on the first paint's path: load it once the page is idle — and at the latest after 2 s, since
  // a busy page (a slow tablet, a loaded machine) may not be idle for a long time, and until the worker is there
  // nothing is cached for a dead zone (an e2e run once waited 20 s for it in vain).
  const later = (callback: () => void) =>
    window.requestIdleCallback
      ? window.requestIdleCallback(callback, { timeout: 2000 })
      : window.setTimeout(callback, 200)
  later(() => {
    void import('./pwa/register').then((pwa) => pwa.registerServiceWorker())
  })
}

void start()

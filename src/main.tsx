import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import './app/base.css'
import { getToken, passwordChangeRequired } from './lib/session'

async function start(): Promise<void> {
  // A cleared localStorage (the browser's storage pressure, a user clearing site data partly) gets its local
  // settings back from the IndexedDB mirror before anything reads the backend address.
  if (!localStorage.getItem('localSettings')) {
    // Meanwhile a signed-in page loads the signed-in app's code (the shell and Chakra, which read no setting while
    // they load): the restore waits on IndexedDB, the page would otherwise wait for it and then for the code.
    if (getToken() && !passwordChangeRequired()) void import('./app/authenticated-app').catch(() => undefined)
    await import('./lib/offline/local-mirror').then((m) => m.restoreMirroredKeys()).catch(() => undefined)
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  // Registration is not on the first paint's path: load it once the page is idle.
  const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200))
  later(() => {
    void Promise.all([import('./pwa/register'), import('./lib/query-client')]).then(
      ([pwa, { queryClient }]) => pwa.registerServiceWorker({ queryClient }),
    )
  })
}

void start()

/**
 * The root: no token → the login screen; a token → the authenticated app. The login screen (plain CSS, a few KB)
 * is in the first load so it paints without a second round trip; the signed-in app is a lazy chunk, so the login
 * screen's first load never carries the shell or Chakra (DESIGN §7). An account signed in with a one-time password
 * sees only the screen to set its own (issue 11; a lazy chunk too) until it has.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { preloadable, useLoaded } from '../lib/preloadable'
import type { QueryClient } from '@tanstack/react-query'
import { LoadingScreen } from '../components/loading-screen'
import { getToken, passwordChangeRequired } from '../lib/session'
import { showPendingNotice } from '../lib/pending-notice'
import LoginScreen from '../features/login/login-screen'
import { queryClient as appQueryClient } from '../lib/query-client'
import { AppProviders } from './providers'
import { startSignedIn } from './start-signed-in'
import { setUnauthorizedHandler } from '../lib/api-client'
import { handleUnauthorized, sessionEnding, subscribeSessionEnding } from '../session/session-actions'

// The spec's 401 rule from the first load on: the first answers (start-signed-in.ts) arrive before the signed-in
// app's chunk, and a 401 among them must not wait for it.
setUnauthorizedHandler(() => void handleUnauthorized())

const AuthenticatedApp = preloadable(() => import('./authenticated-app').then((module) => module.default))
const FirstPasswordScreen = lazy(() => import('../features/login/first-password-screen'))

let startedFor: { token: string; queryClient: QueryClient } | null = null

/**
 * A signed-in page asks for its first data (settings, dashboard, the students list) while the signed-in app's chunk
 * loads (`start-signed-in.ts`). Once per token and client; in render, so the requests go out before that chunk.
 * Not a lazy chunk of its own: a dynamic import resolved only after the signed-in app's chunk had been evaluated
 * (Chakra's ~0.2 s at 4× CPU), which was what it should overlap; statically it adds ~4 kB gzip to the first load.
 */
function startSignedInOnce(token: string, queryClient: QueryClient): void {
  if (startedFor?.token === token && startedFor.queryClient === queryClient) return
  startedFor = { token, queryClient }
  startSignedIn(queryClient)
}

/** The signed-in app once its chunk is there (see `useLoaded`), a loading screen until then. */
function SignedIn() {
  return useLoaded(AuthenticatedApp) ? <AuthenticatedApp /> : <LoadingScreen fullScreen />
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const token = getToken()
  const mustSetPassword = !!token && passwordChangeRequired()
  // Once the 401 rule runs, nothing of the signed-in app stays on screen (it may show cached data) until the reload.
  const ending = useSyncExternalStore(subscribeSessionEnding, sessionEnding)
  if (token && !mustSetPassword && !ending) startSignedInOnce(token, queryClient ?? appQueryClient)
  useEffect(() => {
    showPendingNotice()
  }, [])
  return (
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={<LoadingScreen fullScreen />}>
        {ending ? (
          <LoadingScreen fullScreen />
        ) : !token ? (
          <LoginScreen />
        ) : mustSetPassword ? (
          <FirstPasswordScreen />
        ) : (
          <SignedIn />
        )}
      </Suspense>
    </AppProviders>
  )
}

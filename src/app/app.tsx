/**
 * The root: no token → the login screen; a token → the authenticated app. The login screen (plain CSS, a few KB)
 * is in the first load so it paints without a second round trip; the signed-in app is a lazy chunk, so the login
 * screen's first load never carries the shell or Chakra (DESIGN §7). An account signed in with a one-time password
 * sees only the screen to set its own (issue 11; a lazy chunk too) until it has.
 */
import { lazy, Suspense, useEffect } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { LoadingScreen } from '../components/loading-screen'
import { getToken, passwordChangeRequired } from '../lib/session'
import { showPendingNotice } from '../lib/pending-notice'
import LoginScreen from '../features/login/login-screen'
import { AppProviders } from './providers'

const AuthenticatedApp = lazy(() => import('./authenticated-app'))
const FirstPasswordScreen = lazy(() => import('../features/login/first-password-screen'))

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const token = getToken()
  useEffect(() => {
    showPendingNotice()
  }, [])
  return (
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={<LoadingScreen fullScreen />}>
        {!token ? <LoginScreen /> : passwordChangeRequired() ? <FirstPasswordScreen /> : <AuthenticatedApp />}
      </Suspense>
    </AppProviders>
  )
}

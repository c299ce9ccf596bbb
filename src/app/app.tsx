/**
 * The root: no token → the login screen; a token → the authenticated app. Both are lazy chunks, so the login
 * screen's first load never carries the shell (DESIGN §7).
 */
import { lazy, Suspense, useEffect } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { LoadingScreen } from '../components/loading-screen'
import { getToken } from '../lib/session'
import { showPendingNotice } from '../lib/pending-notice'
import { AppProviders } from './providers'

const LoginScreen = lazy(() => import('../features/login/login-screen'))
const AuthenticatedApp = lazy(() => import('./authenticated-app'))

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const token = getToken()
  useEffect(() => {
    showPendingNotice()
  }, [])
  return (
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={<LoadingScreen fullScreen />}>
        {token ? <AuthenticatedApp /> : <LoginScreen />}
      </Suspense>
    </AppProviders>
  )
}

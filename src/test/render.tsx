/**
 * The one render helper of component tests: `renderWithProviders(ui)` puts `ui` inside what the app gives it — a
 * fresh TanStack Query client (no retries), the toaster host and Chakra — and returns a user-event instance.
 * Do not write another wrapper beside a feature's tests.
 */
import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement, ReactNode } from 'react'
import { AppProviders } from '../app/providers'
import { ChakraRoot } from '../components/chakra-root'
import { createQueryClient } from '../lib/query-client'
import { SettingsProvider } from '../session/settings-context'

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  queryClient?: ReturnType<typeof createQueryClient>
  /** Also wrap in <SettingsProvider> (screens that read settings). */
  withSettings?: boolean
  /** Options for userEvent.setup (e.g. advanceTimers with fake timers). */
  user?: Parameters<typeof userEvent.setup>[0]
}

/** Renders `ui` inside Chakra, TanStack Query (retry off) and the toaster; returns a user-event instance too. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { queryClient = createQueryClient({ retry: false }), withSettings, user, ...rest } = options
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders queryClient={queryClient}>
        <ChakraRoot>{withSettings ? <SettingsProvider>{children}</SettingsProvider> : children}</ChakraRoot>
      </AppProviders>
    )
  }
  return { user: userEvent.setup(user), queryClient, ...render(ui, { wrapper: Wrapper, ...rest }) }
}

/** Stores a session token, as after a login. */
export function signIn(token = 'test-token'): void {
  localStorage.setItem('token', token)
}

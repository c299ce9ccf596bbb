/**
 * The providers every tree needs: TanStack Query and the toaster host. Chakra is not here: the login screen's
 * first load stays free of it, and Chakra trees mount their own <ChakraRoot/> (`withChakra` adds one, as the
 * signed-in app and component tests need).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ToasterHost } from '../components/toaster-host'
import { queryClient as appQueryClient } from '../lib/query-client'

export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode
  queryClient?: QueryClient
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  )
}

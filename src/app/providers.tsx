/** The providers every tree needs: Chakra (trimmed system), TanStack Query and the toaster host. */
import { ChakraProvider } from '@chakra-ui/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ToasterHost } from '../components/toaster-host'
import { queryClient as appQueryClient } from '../lib/query-client'
import { system } from './system'

export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode
  queryClient?: QueryClient
}) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToasterHost />
      </QueryClientProvider>
    </ChakraProvider>
  )
}

/**
 * Chakra's provider with the app's trimmed system. The login screen is plain CSS so that its first load carries
 * neither Chakra nor emotion (DESIGN §7); every Chakra tree — the signed-in app, the login dialogs, the toaster —
 * mounts inside one of these.
 */
import { ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { system } from './chakra-system'

export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>
}

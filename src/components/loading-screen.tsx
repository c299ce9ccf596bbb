/** A full-area loading state with a spinner and a message; optional extra content (e.g. the slow-load hint). */
import { Center, Spinner, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface LoadingScreenProps {
  message?: string
  children?: ReactNode
  /** Fill the viewport instead of the parent. */
  fullScreen?: boolean
}

export function LoadingScreen({
  message = 'A betöltés folyamatban van',
  children,
  fullScreen,
}: LoadingScreenProps) {
  return (
    <Center minH={fullScreen ? '100dvh' : '60'} h={fullScreen ? undefined : 'full'} p="6">
      <Stack align="center" gap="3" role="status" aria-live="polite">
        <Spinner size="lg" color="blue.solid" aria-hidden />
        <Text>{message}</Text>
        {children}
      </Stack>
    </Center>
  )
}

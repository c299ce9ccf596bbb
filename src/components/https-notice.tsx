/**
 * The notice that the app was opened over plain HTTP (not a secure context: no service worker, so no offline use
 * and no installation), naming the README section that tells how to set HTTPS up. Said once (issue 17 §2):
 * administrators get `HttpsBanner`, a dismissible banner in the shell whose dismissal this device remembers; every
 * user finds `HttpsStatusLine`, a quiet line in Beállítások, for as long as the page is not served over HTTPS.
 * Both render nothing in a secure context (HTTPS, localhost).
 */
import { Alert, Box, CloseButton, Text } from '@chakra-ui/react'
import { useState } from 'react'

export const HTTPS_NOTICE_TITLE = 'Nincs HTTPS-kapcsolat'
export const HTTPS_NOTICE_TEXT =
  'Ez az oldal nem HTTPS-en keresztül nyílt meg, ezért az offline használat és a telepítés nem érhető el. A beállítás leírása: README, „On the school network” fejezet.'

/** localStorage: the banner was dismissed on this device (kept at sign-out: it is about the device, not a user). */
export const HTTPS_NOTICE_DISMISSED_KEY = 'httpsNoticeDismissed'

/** False on a page opened over plain HTTP from anything but localhost. */
export function servedSecurely(): boolean {
  return typeof window === 'undefined' || window.isSecureContext !== false
}

function dismissedHere(): boolean {
  try {
    return localStorage.getItem(HTTPS_NOTICE_DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** The administrators' banner; × hides it on this device for good. */
export function HttpsBanner() {
  const [hidden, setHidden] = useState(() => servedSecurely() || dismissedHere())
  if (hidden) return null
  const dismiss = () => {
    try {
      localStorage.setItem(HTTPS_NOTICE_DISMISSED_KEY, '1')
    } catch {
      // Storage refused: hidden until the next load.
    }
    setHidden(true)
  }
  return (
    <Alert.Root
      status="warning"
      role="region"
      aria-label="HTTPS értesítés"
      borderRadius="0"
      borderBottomWidth="1px"
      alignItems="flex-start"
      pe="2"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="semibold">{HTTPS_NOTICE_TITLE}</Alert.Title>
        <Alert.Description>{HTTPS_NOTICE_TEXT}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="HTTPS értesítés bezárása" onClick={dismiss} mt="-1" />
    </Alert.Root>
  )
}

/** The quiet line (Beállítások): no colour alarm, no button; there as long as the page is plain HTTP. */
export function HttpsStatusLine() {
  if (servedSecurely()) return null
  return (
    <Text role="note" display="flex" alignItems="flex-start" gap="2" fontSize="sm" color="fg.muted">
      <Box as="span" aria-hidden="true" boxSize="2" mt="1.5" flex="none" rounded="full" bg="orange.solid" />
      <span>{HTTPS_NOTICE_TEXT}</span>
    </Text>
  )
}

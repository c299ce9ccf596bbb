/**
 * The login screen (spec §2, §4, §5, §8): username and password, the error banner, the MFA dialog with its
 * 15-minute countdown, and the backend address dialog in the footer.
 */
import { Alert, Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { Server } from 'lucide-react'
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react'
import { LIMITS } from '../../../contract/limits'
import { login } from '../../api/login'
import { submitMfa } from '../../api/submit-mfa'
import { ApiError, messageOf, NetworkError } from '../../lib/api-client'
import { currentBackendUrl } from '../../lib/backend-url'
import { setLocalSetting } from '../../lib/local-settings'
import { getMfaToken, setMfaToken } from '../../lib/session'
import { startSession } from '../../lib/session-actions'
import { useCountdown } from './use-countdown'

// The dialogs (and Chakra's dialog machinery) load when first needed, keeping the first load small.
const BackendDialog = lazy(() => import('./backend-dialog').then((m) => ({ default: m.BackendDialog })))
const MfaDialog = lazy(() => import('./mfa-dialog').then((m) => ({ default: m.MfaDialog })))

export const PRODUCT_NAME = 'Oktatói Portál'
const LOGIN_ERROR = 'Hiba történt a bejelentkezés során.'
const NETWORK_ERROR = 'Hiba történt a kapcsolat során.'
const MFA_EXPIRED = 'A hitelesítő kód lejárt, kérlek próbáld újra.'

/** Spec §8: the server's message, else the generic login error; a network failure has its own message. */
function errorMessage(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_ERROR
  if (error instanceof ApiError) return messageOf(error.body) ?? LOGIN_ERROR
  return LOGIN_ERROR
}

export default function LoginScreen() {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [mfaOpen, setMfaOpen] = useState(false)
  const [mfaCode, setMfaCode] = useState('')
  const [mfaSubmitting, setMfaSubmitting] = useState(false)
  const [backendUrl, setBackendUrl] = useState(currentBackendUrl)
  const [backendOpen, setBackendOpen] = useState(false)
  const [backendUsed, setBackendUsed] = useState(false)
  const [mfaUsed, setMfaUsed] = useState(false)

  const onExpire = useCallback(() => {
    setMfaOpen(false)
    setMfaCode('')
    setError(MFA_EXPIRED)
  }, [])
  const countdown = useCountdown(LIMITS.mfaTtlSeconds, onExpire)

  async function submitLogin(event: FormEvent) {
    event.preventDefault()
    if (submitting) return
    setSubmitting(true)
    setError(null)
    try {
      const response = await login({ username, password })
      if (!response?.Token) throw new ApiError(200, LOGIN_ERROR, response)
      if (response.mfa) {
        setMfaToken(response.Token)
        setMfaCode('')
        setMfaOpen(true)
        setMfaUsed(true)
        countdown.start()
        setSubmitting(false)
      } else {
        // Stays "submitting" until the reload replaces the page.
        await startSession(response.Token)
      }
    } catch (failure) {
      setError(errorMessage(failure))
      setSubmitting(false)
    }
  }

  async function submitCode() {
    if (mfaSubmitting) return
    countdown.stop()
    setMfaSubmitting(true)
    try {
      const response = await submitMfa({ code: mfaCode, mfaToken: getMfaToken() })
      if (!response?.Token) throw new ApiError(200, LOGIN_ERROR, response)
      await startSession(response.Token)
    } catch (failure) {
      setMfaOpen(false)
      setMfaSubmitting(false)
      setError(errorMessage(failure))
    }
  }

  function closeMfa() {
    countdown.stop()
    setMfaOpen(false)
  }

  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        flex="1"
        direction="column"
        justify="center"
        gap="4"
        p="16"
        bg="blue.700"
        color="white"
        aria-hidden={false}
      >
        <Text as="p" fontSize="4xl" fontWeight="bold">
          Szia, ismerlek?
        </Text>
        <Text as="p" fontSize="xl">
          Ez a megújult {PRODUCT_NAME}. Lépj be bátran!
        </Text>
      </Flex>
      <Flex flex="1" direction="column" align="center" justify="center" p={{ base: '4', md: '8' }} gap="6">
        <Box as="main" w="full" maxW="sm" bg="bg" p="8" borderRadius="l3" borderWidth="1px" boxShadow="sm">
          <Stack gap="6">
            <Heading as="h1" size="2xl">
              Bejelentkezés
            </Heading>
            {error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <form onSubmit={submitLogin} noValidate aria-label="Bejelentkezés">
              <Stack gap="4">
                <Field.Root>
                  <Field.Label>Felhasználónév</Field.Label>
                  <Input
                    name="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={username}
                    onChange={(event) => setUsername(event.target.value)}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Jelszó</Field.Label>
                  <Input
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                </Field.Root>
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={submitting}
                  loadingText="Betöltés..."
                  w="full"
                >
                  Bejelentkezés
                </Button>
              </Stack>
            </form>
          </Stack>
        </Box>
        <Box as="footer">
          <Button
            variant="ghost"
            size="sm"
            color="fg.muted"
            onClick={() => {
              setBackendUsed(true)
              setBackendOpen(true)
            }}
          >
            <Server size={14} aria-hidden />
            {backendUrl}
          </Button>
        </Box>
      </Flex>
      {backendUsed && (
        <Suspense fallback={null}>
          <BackendDialog
            open={backendOpen}
            currentUrl={backendUrl}
            onClose={() => setBackendOpen(false)}
            onSave={(url) => {
              setLocalSetting('backendUrl', url)
              setBackendUrl(url)
              setBackendOpen(false)
            }}
          />
        </Suspense>
      )}
      {mfaUsed && (
        <Suspense fallback={null}>
          <MfaDialog
            open={mfaOpen}
            code={mfaCode}
            secondsLeft={countdown.seconds}
            submitting={mfaSubmitting}
            onCodeChange={setMfaCode}
            onSubmit={() => void submitCode()}
            onClose={closeMfa}
          />
        </Suspense>
      )}
    </Flex>
  )
}

/**
 * The login screen (spec §2, §4, §5, §8): username and password, the error banner, the MFA dialog with its
 * 15-minute countdown, and the backend address dialog in the footer.
 */
import { CircleAlert, Server } from 'lucide-react'
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react'
import { LIMITS } from '@contract/limits'
import { login, rememberDevice, submitMfa } from '@/api/auth'
import { ApiError, messageOf, NetworkError } from '@/lib/api-client'
import { currentBackendUrl } from '@/lib/backend-url'
import { setLocalSetting } from '@/lib/local-settings'
import { productName } from '@/lib/product-name'
import { getMfaToken, removeMfaToken, setMfaToken } from '@/lib/session'
import { startSession } from '@/session/session-actions'
import './login-screen.css'
import { useCountdown } from './use-countdown'

// The dialogs (and Chakra with its dialog machinery) load when first needed: the login screen itself is plain
// CSS, so its first load carries neither Chakra nor emotion.
const BackendDialog = lazy(() => import('./backend-dialog').then((m) => ({ default: m.BackendDialog })))
const MfaDialog = lazy(() => import('./mfa-dialog').then((m) => ({ default: m.MfaDialog })))

const LOGIN_ERROR = 'Hiba történt a bejelentkezés során.'
const NETWORK_ERROR = 'Hiba történt a kapcsolat során.'
const MFA_EXPIRED = 'A hitelesítő kód lejárt, kérlek próbáld újra.'
/**
 * Spec §5 says "no client check" for username and password: their content is the server's to judge. An empty
 * field is a missing field, though, so it is named here and nothing is sent (no 'Hibás kérés.' from the server).
 */
export const USERNAME_REQUIRED = 'Kérlek add meg a felhasználóneved.'
export const PASSWORD_REQUIRED = 'Kérlek add meg a jelszavad.'

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
  /** One MfaDialog per login (its `key`), so each starts with an empty code. */
  const [mfaLogin, setMfaLogin] = useState(0)
  const [mfaSubmitting, setMfaSubmitting] = useState(false)
  const [backendUrl, setBackendUrl] = useState(currentBackendUrl)
  const [backendOpen, setBackendOpen] = useState(false)
  const [backendUsed, setBackendUsed] = useState(false)
  const [mfaUsed, setMfaUsed] = useState(false)

  const onExpire = useCallback(() => {
    setMfaOpen(false)
    removeMfaToken()
    setError(MFA_EXPIRED)
  }, [])
  const countdown = useCountdown(LIMITS.mfaTtlSeconds, onExpire)

  async function submitLogin(event: FormEvent) {
    event.preventDefault()
    if (submitting) return
    const missing = !username ? USERNAME_REQUIRED : !password ? PASSWORD_REQUIRED : null
    setError(missing)
    if (missing) return
    setSubmitting(true)
    try {
      const response = await login({ username, password })
      if (!response?.Token) throw new ApiError(200, LOGIN_ERROR, response)
      if (response.mfa) {
        setMfaToken(response.Token)
        setMfaLogin((count) => count + 1)
        setMfaOpen(true)
        setMfaUsed(true)
        countdown.start()
        setSubmitting(false)
      } else {
        // Stays "submitting" until the reload replaces the page.
        await startSession(response.Token, response.passwordChangeRequired === true)
      }
    } catch (failure) {
      setError(errorMessage(failure))
      setSubmitting(false)
    }
  }

  async function submitCode(code: string) {
    if (mfaSubmitting) return
    countdown.stop()
    setMfaSubmitting(true)
    try {
      const response = await submitMfa({ code, mfaToken: getMfaToken() })
      if (!response?.Token) throw new ApiError(200, LOGIN_ERROR, response)
      rememberDevice(username, response.device)
      await startSession(response.Token, response.passwordChangeRequired === true)
    } catch (failure) {
      // The temporary token is spent: a new code needs a new login.
      removeMfaToken()
      setMfaOpen(false)
      setMfaSubmitting(false)
      setError(errorMessage(failure))
    }
  }

  function closeMfa() {
    countdown.stop()
    removeMfaToken()
    setMfaOpen(false)
  }

  return (
    <div className="login">
      <div className="login__welcome">
        <p className="login__greeting">Szia, ismerlek?</p>
        <p className="login__tagline">Ez a megújult {productName()}. Lépj be bátran!</p>
      </div>
      <div className="login__side">
        <main className="login__card">
          <h1 className="login__title">Bejelentkezés</h1>
          {error && (
            <div className="login__error" role="alert">
              <CircleAlert size={18} aria-hidden />
              <span>{error}</span>
            </div>
          )}
          <form className="login__form" onSubmit={submitLogin} noValidate aria-label="Bejelentkezés">
            <div className="login__field">
              <label className="login__label" htmlFor="login-username">
                Felhasználónév
              </label>
              <input
                id="login-username"
                className="login__input"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={error === USERNAME_REQUIRED || undefined}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            </div>
            <div className="login__field">
              <label className="login__label" htmlFor="login-password">
                Jelszó
              </label>
              <input
                id="login-password"
                className="login__input"
                name="password"
                type="password"
                autoComplete="current-password"
                aria-invalid={error === PASSWORD_REQUIRED || undefined}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <button className="login__submit" type="submit" disabled={submitting} aria-busy={submitting}>
              {submitting ? (
                <>
                  <span className="portal-spinner portal-spinner--small" aria-hidden />
                  Betöltés...
                </>
              ) : (
                'Bejelentkezés'
              )}
            </button>
          </form>
        </main>
        <footer>
          <button
            className="login__backend"
            type="button"
            onClick={() => {
              setBackendUsed(true)
              setBackendOpen(true)
            }}
          >
            <Server size={14} aria-hidden />
            {backendUrl}
          </button>
        </footer>
      </div>
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
              // The banner spoke of the old address.
              setError(null)
            }}
          />
        </Suspense>
      )}
      {mfaUsed && (
        <Suspense fallback={null}>
          <MfaDialog
            key={mfaLogin}
            open={mfaOpen}
            secondsLeft={countdown.seconds}
            submitting={mfaSubmitting}
            onSubmit={(code) => void submitCode(code)}
            onClose={closeMfa}
          />
        </Suspense>
      )}
    </div>
  )
}

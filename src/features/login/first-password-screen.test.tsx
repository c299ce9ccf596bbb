/**
 * The first sign-in with a one-time password (issue 11): the login remembers what the server said, the app shows
 * only this screen until the password is set, every message of the screen, and sign-out.
 */
import { screen, waitFor } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { App } from '@/app/app'
import { createQueryClient } from '@/lib/query-client'
import { page } from '@/lib/page'
import { passwordChangeRequired, setPasswordChangeRequired } from '@/lib/session'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import FirstPasswordScreen from './first-password-screen'
import LoginScreen from './login-screen'

vi.mock('@/lib/offline/user-data', () => ({
  wipeUserData: async () => {},
  registerQueryClientForWipe: () => {},
}))

let reload: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  setPasswordChangeRequired(false)
})

const STRONG = 'Tavaszi-szel-vizet-araszt'

function answer(body: object, status = 200) {
  const sent: unknown[] = []
  server.use(
    http.post(`${API}/auth/password`, async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json(body, { status })
    }),
  )
  return sent
}

function renderScreen() {
  signIn()
  setPasswordChangeRequired(true)
  const view = renderWithProviders(<FirstPasswordScreen />)
  const fill = async (next: string, again: string) => {
    if (next) await view.user.type(screen.getByLabelText('Új jelszó'), next)
    if (again) await view.user.type(screen.getByLabelText('Új jelszó még egyszer'), again)
    await view.user.click(screen.getByRole('button', { name: 'Jelszó beállítása' }))
  }
  return { ...view, fill }
}

describe('signing in with a one-time password', () => {
  it('remembers that the server asked for a password of its own, and a normal login does not', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({
          Token: 'egyszeri',
          mfa: false,
          message: MESSAGES.loginOk,
          passwordChangeRequired: true,
        }),
      ),
    )
    const { user } = renderWithProviders(<LoginScreen />)
    await user.type(screen.getByLabelText('Felhasználónév'), 'admin')
    await user.type(screen.getByLabelText('Jelszó'), 'egyszeri-jelszo')
    await user.click(screen.getByRole('button', { name: 'Bejelentkezés' }))
    await waitFor(() => expect(reload).toHaveBeenCalled())
    expect(localStorage.getItem('token')).toBe('egyszeri')
    expect(passwordChangeRequired()).toBe(true)
  })

  it('shows the screen instead of the app while the flag is set, and the app once it is gone', async () => {
    signIn()
    setPasswordChangeRequired(true)
    const dashboard = vi.fn()
    server.use(http.get(`${API}/dashboard`, dashboard))
    const { unmount } = renderWithProviders(<App queryClient={createQueryClient()} />)
    expect(await screen.findByRole('heading', { name: 'Saját jelszó beállítása' })).toBeInTheDocument()
    expect(dashboard).not.toHaveBeenCalled()
    unmount()
  })

  it('sends the app to this screen when the server refuses a call with passwordChangeRequired', async () => {
    const { isPasswordChangeRequired, requirePasswordChange } = await import('@/session/session-actions')
    const { ApiError } = await import('@/lib/api-client')
    const refusal = new ApiError(403, PASSWORD_MESSAGES.changeRequired, {
      code: 403,
      message: PASSWORD_MESSAGES.changeRequired,
      reason: 'passwordChangeRequired',
    })
    expect(isPasswordChangeRequired(refusal)).toBe(true)
    expect(isPasswordChangeRequired(new ApiError(403, MESSAGES.forbidden, { code: 403 }))).toBe(false)
    requirePasswordChange()
    expect(passwordChangeRequired()).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('FirstPasswordScreen', () => {
  it('explains why, asks for the new password twice and offers sign-out', () => {
    renderScreen()
    expect(screen.getByRole('heading', { name: 'Saját jelszó beállítása' })).toBeInTheDocument()
    expect(screen.getByText(/Egyszer használatos jelszóval jelentkeztél be/)).toBeInTheDocument()
    expect(screen.getByLabelText('Új jelszó')).toHaveAccessibleDescription(/Legalább 8 karakter/)
    expect(screen.getByLabelText('Új jelszó még egyszer')).toHaveAttribute('type', 'password')
    expect(screen.queryByLabelText('Jelenlegi jelszó')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Kijelentkezés' })).toBeInTheDocument()
  })

  it.each([
    ['', '', PASSWORD_MESSAGES.newRequired],
    ['rovid', '', PASSWORD_MESSAGES.tooShort],
    [STRONG, '', PASSWORD_MESSAGES.confirmRequired],
    [STRONG, `${STRONG}!`, PASSWORD_MESSAGES.mismatch],
  ])('says what is missing (%j, %j) and sends nothing', async (next, again, message) => {
    const sent = answer({ code: 200, message: PASSWORD_MESSAGES.changedOthersEnded })
    const { fill } = renderScreen()
    await fill(next, again)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(sent).toEqual([])
  })

  it('sends only the new password, confirms, then opens the app', async () => {
    const sent = answer({ code: 200, message: PASSWORD_MESSAGES.changedOthersEnded })
    const { fill } = renderScreen()
    await fill(STRONG, STRONG)
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_MESSAGES.changedOthersEnded)
    expect(sent).toEqual([{ newPassword: STRONG }])
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 3000 })
    expect(passwordChangeRequired()).toBe(false)
    expect(localStorage.getItem('token')).toBe('test-token')
  })

  it("says 'Mentés...' and is disabled while saving", async () => {
    server.use(
      http.post(`${API}/auth/password`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const { fill } = renderScreen()
    await fill(STRONG, STRONG)
    expect(await screen.findByRole('button', { name: /Mentés\.\.\./ })).toBeDisabled()
  })

  it.each([
    [PASSWORD_MESSAGES.tooWeak, 400],
    [PASSWORD_MESSAGES.sameAsCurrent, 400],
    [MESSAGES.throttled, 429],
  ])('shows the server refusal "%s" and stays', async (message, status) => {
    answer({ code: status, message }, status)
    const { fill } = renderScreen()
    await fill('password1', 'password1')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByLabelText('Új jelszó')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Jelszó beállítása' })).toBeEnabled()
    expect(reload).not.toHaveBeenCalled()
    expect(passwordChangeRequired()).toBe(true)
  })

  it('shows a server error and a lost connection', async () => {
    server.use(http.post(`${API}/auth/password`, () => new HttpResponse('boom', { status: 500 })))
    const { fill, user } = renderScreen()
    await fill(STRONG, STRONG)
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.changeFailed)
    server.use(http.post(`${API}/auth/password`, () => HttpResponse.error()))
    await user.click(screen.getByRole('button', { name: 'Jelszó beállítása' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Hiba történt a kapcsolat során.'),
    )
  })

  it('signs out: the token and the flag go', async () => {
    server.use(
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ code: 200, message: MESSAGES.loggedOut })),
    )
    const { user } = renderScreen()
    await user.click(screen.getByRole('button', { name: 'Kijelentkezés' }))
    await waitFor(() => expect(reload).toHaveBeenCalled())
    expect(localStorage.getItem('token')).toBeNull()
    expect(passwordChangeRequired()).toBe(false)
  })
})

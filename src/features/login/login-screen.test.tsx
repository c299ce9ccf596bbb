import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttledMessage } from '@contract/messages'
import { page } from '@/lib/page'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import LoginScreen from './login-screen'

const wipeUserData = vi.hoisted(() => vi.fn(async () => {}))
vi.mock('@/lib/offline/user-data', () => ({ wipeUserData, registerQueryClientForWipe: () => {} }))

let reload: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  wipeUserData.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function loginAnswers(body: unknown, init?: ResponseInit) {
  server.use(http.post(`${API}/auth/login`, () => HttpResponse.json(body as object, init)))
}

async function submitCredentials(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Felhasználónév'), 'tanar')
  await user.type(screen.getByLabelText('Jelszó'), 'titkos-jelszo')
  await user.click(screen.getByRole('button', { name: 'Bejelentkezés' }))
}

async function openMfa(user: ReturnType<typeof renderWithProviders>['user']) {
  loginAnswers({ Token: 'temp-token', mfa: true, message: 'A hitelesítő kódot elküldtük e-mailben.' })
  await submitCredentials(user)
  return screen.findByRole('dialog', { name: 'Többfaktoros hitelesítés' })
}

describe('login screen', () => {
  it('shows the title, the fields, the greeting panel and the current backend address', () => {
    renderWithProviders(<LoginScreen />)
    expect(screen.getByRole('heading', { name: 'Bejelentkezés' })).toBeInTheDocument()
    expect(screen.getByLabelText('Felhasználónév')).toBeInTheDocument()
    expect(screen.getByLabelText('Jelszó')).toHaveAttribute('type', 'password')
    expect(screen.getByText('Szia, ismerlek?')).toBeInTheDocument()
    expect(screen.getByText('Ez a megújult Oktatói Portál. Lépj be bátran!')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: API })).toBeInTheDocument()
  })

  it('sends username and password and shows the server message in the red banner when login fails', async () => {
    let sent: unknown
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        sent = await request.json()
        expect(request.headers.get('Authorization')).toBeNull()
        return HttpResponse.json({ code: 401, message: 'Hibás felhasználónév vagy jelszó.' }, { status: 401 })
      }),
    )
    const { user } = renderWithProviders(<LoginScreen />)
    await submitCredentials(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Hibás felhasználónév vagy jelszó.')
    expect(sent).toEqual({ username: 'tanar', password: 'titkos-jelszo' })
    expect(reload).not.toHaveBeenCalled()
  })

  it('shows how long to wait when the sign-in is throttled (issue 17)', async () => {
    loginAnswers(
      { code: 429, message: throttledMessage(12) },
      { status: 429, headers: { 'retry-after': '700' } },
    )
    const { user } = renderWithProviders(<LoginScreen />)
    await submitCredentials(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Túl sok sikertelen próbálkozás. Kérlek várj egy kicsit, mielőtt újra próbálod. Próbáld újra 12 perc múlva.',
    )
  })

  it('shows "Hiba történt a bejelentkezés során." when the failure has no message', async () => {
    server.use(http.post(`${API}/auth/login`, () => new HttpResponse(null, { status: 500 })))
    const { user } = renderWithProviders(<LoginScreen />)
    await submitCredentials(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a bejelentkezés során.')
  })

  it('shows "Hiba történt a kapcsolat során." when the network fails', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.error()))
    const { user } = renderWithProviders(<LoginScreen />)
    await submitCredentials(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a kapcsolat során.')
  })

  it('disables the submit button and shows "Betöltés..." while submitting', async () => {
    // The answer waits until the test has seen the busy button: no real delay.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.post(`${API}/auth/login`, async () => {
        await answered
        return HttpResponse.json({ message: 'Hibás felhasználónév vagy jelszó.' }, { status: 401 })
      }),
    )
    const { user } = renderWithProviders(<LoginScreen />)
    await submitCredentials(user)
    const button = await screen.findByRole('button', { name: /Betöltés\.\.\./ })
    expect(button).toBeDisabled()
    answer()
    await screen.findByRole('alert')
    expect(screen.getByRole('button', { name: 'Bejelentkezés' })).toBeEnabled()
  })

  it('wipes the previous user data, stores the token and reloads when login succeeds without MFA', async () => {
    loginAnswers({ Token: 'session-token', mfa: false, message: 'Sikeres bejelentkezés.' })
    const { user } = renderWithProviders(<LoginScreen />)
    await submitCredentials(user)
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(wipeUserData).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('token')).toBe('session-token')
  })

  it('names a missing username or password and sends nothing', async () => {
    let calls = 0
    server.use(
      http.post(`${API}/auth/login`, () => {
        calls += 1
        return HttpResponse.json({ code: 400, message: 'Hibás kérés.' }, { status: 400 })
      }),
    )
    const { user } = renderWithProviders(<LoginScreen />)
    const submit = screen.getByRole('button', { name: 'Bejelentkezés' })
    await user.click(submit)
    expect(screen.getByRole('alert')).toHaveTextContent('Kérlek add meg a felhasználóneved.')
    expect(screen.getByLabelText('Felhasználónév')).toHaveAttribute('aria-invalid', 'true')
    await user.type(screen.getByLabelText('Felhasználónév'), 'tanar')
    await user.click(submit)
    expect(screen.getByRole('alert')).toHaveTextContent('Kérlek add meg a jelszavad.')
    expect(screen.getByLabelText('Jelszó')).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toBe(0)
    expect(screen.queryByText('Hibás kérés.')).not.toBeInTheDocument()
  })

  it('clears the error banner when the backend address changes', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.error()))
    const { user } = renderWithProviders(<LoginScreen />)
    await submitCredentials(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a kapcsolat során.')
    await user.click(screen.getByRole('button', { name: API }))
    const dialog = await screen.findByRole('dialog', { name: 'Backend beállítása' })
    const input = within(dialog).getByLabelText('Backend URL')
    await user.clear(input)
    await user.type(input, 'iskola.pelda.hu/api')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  describe('MFA', () => {
    it('stores the temporary token and opens "Többfaktoros hitelesítés" with a 15:00 countdown and an empty code', async () => {
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      expect(localStorage.getItem('mfa_token')).toBe('temp-token')
      expect(localStorage.getItem('token')).toBeNull()
      expect(within(dialog).getByText('Kérlek add meg a hitelesítő kódot')).toBeInTheDocument()
      expect(within(dialog).getByLabelText('MFA Kód')).toHaveValue('')
      expect(within(dialog).getByRole('timer')).toHaveTextContent('Hátralévő idő: 15:00')
      expect(within(dialog).getByRole('button', { name: 'Megvan' })).toBeInTheDocument()
    })

    it('accepts digits only in "MFA Kód"', async () => {
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      const input = within(dialog).getByLabelText('MFA Kód')
      expect(input).toHaveAttribute('inputmode', 'numeric')
      await user.type(input, '12a3b4')
      expect(input).toHaveValue('1234')
    })

    it('keeps the six digits of a code pasted from the e-mail with spaces or words around it', async () => {
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      const input = within(dialog).getByLabelText('MFA Kód')
      await user.click(input)
      await user.paste('Kód: 824 193')
      expect(input).toHaveValue('824193')
      await user.clear(input)
      await user.paste('1234567')
      expect(input).toHaveValue('123456')
    })

    it('ticks the countdown each second', async () => {
      // Only the countdown's clock is faked (its interval and Date), so time moves only when the test says.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      const timer = within(dialog).getByRole('timer')
      expect(timer).toHaveTextContent('Hátralévő idő: 15:00')
      await act(async () => {
        vi.advanceTimersByTime(1000)
      })
      expect(timer).toHaveTextContent('Hátralévő idő: 14:59')
      await act(async () => {
        vi.advanceTimersByTime(60_000)
      })
      expect(timer).toHaveTextContent('Hátralévő idő: 13:59')
      await act(async () => {
        vi.advanceTimersByTime(13 * 60_000 + 50_000)
      })
      expect(timer).toHaveTextContent('Hátralévő idő: 0:09')
    })

    it('closes the dialog, clears the code and shows "A hitelesítő kód lejárt, kérlek próbáld újra." at 0', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const { user } = renderWithProviders(<LoginScreen />, {
        user: { advanceTimers: vi.advanceTimersByTime },
      })
      const dialog = await openMfa(user)
      await user.type(within(dialog).getByLabelText('MFA Kód'), '123')
      await act(async () => {
        vi.advanceTimersByTime(900_000)
      })
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(screen.getByRole('alert')).toHaveTextContent('A hitelesítő kód lejárt, kérlek próbáld újra.')
      expect(localStorage.getItem('mfa_token')).toBeNull()
      // The timer was reset: a new login starts again at 15:00 with an empty code.
      await user.click(screen.getByRole('button', { name: 'Bejelentkezés' }))
      const again = await screen.findByRole('dialog', { name: 'Többfaktoros hitelesítés' })
      expect(within(again).getByRole('timer')).toHaveTextContent('15:00')
      expect(within(again).getByLabelText('MFA Kód')).toHaveValue('')
    })

    it('says the code is missing, sends nothing and keeps the dialog open when "Megvan" is pressed without one', async () => {
      let calls = 0
      server.use(
        http.post(`${API}/auth/mfa`, () => {
          calls += 1
          return HttpResponse.json({ code: 400, message: 'Hibás kérés.' }, { status: 400 })
        }),
      )
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      await user.click(within(dialog).getByRole('button', { name: 'Megvan' }))
      expect(await within(dialog).findByText('Kérlek add meg a hitelesítő kódot.')).toBeInTheDocument()
      expect(within(dialog).getByLabelText('MFA Kód')).toHaveAttribute('aria-invalid', 'true')
      await user.type(within(dialog).getByLabelText('MFA Kód'), '123')
      await user.click(within(dialog).getByRole('button', { name: 'Megvan' }))
      expect(await within(dialog).findByText('A hitelesítő kód 6 számjegyből áll.')).toBeInTheDocument()
      expect(calls).toBe(0)
      expect(screen.getByRole('dialog', { name: 'Többfaktoros hitelesítés' })).toBeInTheDocument()
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
      expect(localStorage.getItem('mfa_token')).toBe('temp-token')
    })

    it('removes the temporary token, wipes, stores the session token and reloads when the code is accepted', async () => {
      let authorization: string | null = null
      let sent: unknown
      server.use(
        http.post(`${API}/auth/mfa`, async ({ request }) => {
          authorization = request.headers.get('Authorization')
          sent = await request.json()
          return HttpResponse.json({ Token: 'session-token', message: 'Sikeres bejelentkezés.' })
        }),
      )
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      await user.type(within(dialog).getByLabelText('MFA Kód'), '123456')
      await user.click(within(dialog).getByRole('button', { name: 'Megvan' }))
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
      expect(authorization).toBe('temp-token')
      expect(sent).toEqual({ code: '123456' })
      expect(localStorage.getItem('mfa_token')).toBeNull()
      expect(localStorage.getItem('token')).toBe('session-token')
      expect(wipeUserData).toHaveBeenCalledTimes(1)
    })

    it('closes the dialog, stops the countdown and shows the server message when the code is wrong', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      server.use(
        http.post(`${API}/auth/mfa`, () =>
          HttpResponse.json({ code: 401, message: 'Hibás hitelesítő kód.' }, { status: 401 }),
        ),
      )
      const { user } = renderWithProviders(<LoginScreen />, {
        user: { advanceTimers: vi.advanceTimersByTime },
      })
      const dialog = await openMfa(user)
      await user.type(within(dialog).getByLabelText('MFA Kód'), '000000')
      await user.click(within(dialog).getByRole('button', { name: 'Megvan' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(screen.getByRole('alert')).toHaveTextContent('Hibás hitelesítő kód.')
      // A stopped countdown never expires into the expiry message.
      await act(async () => {
        vi.advanceTimersByTime(900_000)
      })
      expect(screen.getByRole('alert')).toHaveTextContent('Hibás hitelesítő kód.')
      expect(reload).not.toHaveBeenCalled()
    })

    it('shows the generic login error when the code is refused without a message', async () => {
      server.use(http.post(`${API}/auth/mfa`, () => new HttpResponse(null, { status: 400 })))
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      await user.type(within(dialog).getByLabelText('MFA Kód'), '000000')
      await user.click(within(dialog).getByRole('button', { name: 'Megvan' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a bejelentkezés során.')
      // The dialog closes (after its exit animation, as in the other closing tests).
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    })

    it('closes the dialog and shows "Hiba történt a kapcsolat során." when the network fails', async () => {
      server.use(http.post(`${API}/auth/mfa`, () => HttpResponse.error()))
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      await user.type(within(dialog).getByLabelText('MFA Kód'), '123456')
      await user.click(within(dialog).getByRole('button', { name: 'Megvan' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a kapcsolat során.')
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    })

    it('stops the countdown when the dialog is closed', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const { user } = renderWithProviders(<LoginScreen />, {
        user: { advanceTimers: vi.advanceTimersByTime },
      })
      const dialog = await openMfa(user)
      await user.click(within(dialog).getByRole('button', { name: 'Bezárás' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      await act(async () => {
        vi.advanceTimersByTime(900_000)
      })
      expect(screen.queryByText('A hitelesítő kód lejárt, kérlek próbáld újra.')).not.toBeInTheDocument()
    })

    it('removes the temporary token when the dialog is closed', async () => {
      const { user } = renderWithProviders(<LoginScreen />)
      const dialog = await openMfa(user)
      expect(localStorage.getItem('mfa_token')).toBe('temp-token')
      await user.click(within(dialog).getByRole('button', { name: 'Bezárás' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(localStorage.getItem('mfa_token')).toBeNull()
    })
  })

  describe('backend dialog', () => {
    it('opens "Backend beállítása" from the footer and refuses an empty address', async () => {
      const { user } = renderWithProviders(<LoginScreen />)
      await user.click(screen.getByRole('button', { name: API }))
      const dialog = await screen.findByRole('dialog', { name: 'Backend beállítása' })
      const input = within(dialog).getByLabelText('Backend URL')
      expect(input).toHaveValue(API)
      await user.clear(input)
      await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
      expect(await within(dialog).findByText('Kérlek add meg a backend URL-t.')).toBeInTheDocument()
      expect(localStorage.getItem('localSettings')).toBeNull()
    })

    it('prepends https:// and saves the address into localSettings.backendUrl', async () => {
      localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:timetablePlanner': true }))
      const { user } = renderWithProviders(<LoginScreen />)
      await user.click(screen.getByRole('button', { name: API }))
      const dialog = await screen.findByRole('dialog', { name: 'Backend beállítása' })
      const input = within(dialog).getByLabelText('Backend URL')
      await user.clear(input)
      await user.type(input, 'iskola.pelda.hu/api')
      await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(JSON.parse(localStorage.getItem('localSettings')!)).toEqual({
        'featurePreview:timetablePlanner': true,
        backendUrl: 'https://iskola.pelda.hu/api',
      })
      expect(screen.getByRole('button', { name: 'https://iskola.pelda.hu/api' })).toBeInTheDocument()
    })

    it('closes without saving on "Mégsem"', async () => {
      const { user } = renderWithProviders(<LoginScreen />)
      await user.click(screen.getByRole('button', { name: API }))
      const dialog = await screen.findByRole('dialog', { name: 'Backend beállítása' })
      await user.type(within(dialog).getByLabelText('Backend URL'), 'x')
      await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(localStorage.getItem('localSettings')).toBeNull()
    })
  })
})

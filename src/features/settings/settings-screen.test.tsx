import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '@/app/app'
import { page } from '@/lib/page'
import { endSession } from '@/session/session-actions'
import { createQueryClient } from '@/lib/query-client'
import { useSettings } from '@/session/settings-context'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import type { SettingsCategory } from './settings-definitions'
import SettingsScreen, { SettingsView } from './settings-screen'

vi.mock('@/lib/offline/user-data', () => ({
  wipeUserData: async () => {},
  registerQueryClientForWipe: () => {},
}))

beforeEach(() => {
  vi.spyOn(page, 'reload').mockImplementation(() => {})
  document.documentElement.className = ''
  signIn()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderSettings() {
  // user-event's pauses run on the faked clock of the debounce tests: let them move it.
  return renderWithProviders(<SettingsScreen />, {
    withSettings: true,
    user: { advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) },
  })
}

async function openCategory(user: ReturnType<typeof renderSettings>['user'], label: string) {
  const nav = await screen.findByRole('navigation', { name: 'Beállítás kategóriák' })
  await user.click(within(nav).getByRole('button', { name: label }))
}

/** Records POST /dashboard/userSettings bodies and answers with `status`. */
function recordSaves(status = 200, body: object = { code: 200, message: 'Beállítások mentve.' }) {
  const saves: unknown[] = []
  server.use(
    http.post(`${API}/dashboard/userSettings`, async ({ request }) => {
      saves.push(await request.json())
      return HttpResponse.json(body, { status })
    }),
  )
  return saves
}

const realSetTimeout = globalThis.setTimeout

/**
 * Fakes the timers the debounced save uses (the screen has loaded by then, on real time). Testing Library
 * recognises fake timers by a global `jest`: with it, its own zero-delay waits move the fake clock instead of
 * waiting on it forever. The move comes one real task later, so the promises a form's submit chains (the
 * resolver is async) settle first, as they would with real timers.
 */
function useDebounceClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  vi.stubGlobal('jest', {
    advanceTimersByTime: (ms: number) => realSetTimeout(() => vi.advanceTimersByTime(ms), 0),
  })
}

/** Moves the faked clock, letting the saves it starts run. */
async function passTime(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

function readBackendUrl(): unknown {
  return (JSON.parse(localStorage.getItem('localSettings') ?? '{}') as Record<string, unknown>).backendUrl
}

describe('settings', () => {
  it('throws when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useSettings())).toThrow(/SettingsProvider/)
  })

  it('shows "Beállítások betöltése..." and after 5 seconds "Sokáig tart?" with a link to the server status', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    server.use(
      dashboardHandler(),
      http.get(`${API}/dashboard/userSettings`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    renderSettings()
    expect(await screen.findByText('Beállítások betöltése...')).toBeInTheDocument()
    expect(screen.queryByText(/Sokáig tart\?/)).not.toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(5000)
    })
    expect(screen.getByText(/Sokáig tart\?/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Szerver állapotának ellenőrzése' })).toHaveAttribute(
      'href',
      `${API}/status`,
    )
  })

  it('shows the loading screen full-screen, over the sidebar', async () => {
    server.use(
      dashboardHandler(),
      http.get(`${API}/dashboard/userSettings`, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    renderSettings()
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('Beállítások betöltése...')
    let cover: HTMLElement | null = status
    while (cover && getComputedStyle(cover).position !== 'fixed') cover = cover.parentElement
    expect(cover).not.toBeNull()
    // jsdom keeps the `inset` shorthand as written: 0 on every side.
    expect(cover).toHaveStyle({ inset: '0' })
  })

  it('loads server settings, then the MFA email from the dashboard, then local storage, in that order', async () => {
    const order: string[] = []
    localStorage.setItem(
      'localSettings',
      JSON.stringify({ 'featurePreview:timetablePlanner': true, 'lookAndFeel:theme': 'light' }),
    )
    server.use(
      http.get(`${API}/dashboard/userSettings`, () => {
        order.push('userSettings')
        return HttpResponse.json({ userSettings: { 'lookAndFeel:theme': 'dark', quickActions: [] } })
      }),
      http.get(`${API}/dashboard`, () => {
        order.push('dashboard')
        return HttpResponse.json(buildDashboard({ email: 'tanar@pelda.hu' }))
      }),
    )
    const { user } = renderSettings()
    await screen.findByRole('navigation', { name: 'Beállítás kategóriák' })
    expect(order).toEqual(['userSettings', 'dashboard'])
    await openCategory(user, 'Megjelenés')
    // A theme in local storage is not a local setting: the server's value stays.
    expect(screen.getByLabelText('Téma')).toHaveDisplayValue('Sötét')
    await openCategory(user, 'Profil')
    expect(screen.getByLabelText('MFA e-mail cím')).toHaveValue('tanar@pelda.hu')
    await openCategory(user, 'Tesztek')
    expect(screen.getByRole('checkbox', { name: 'Órarendtervező' })).toBeChecked()
    await openCategory(user, 'Gyorsindító gombok')
    expect(screen.getByText('Még nincs gyorsindító gomb.')).toBeInTheDocument()
  })

  it('keeps "Failed to fetch settings" and uses the defaults when loading fails', async () => {
    server.use(
      dashboardHandler(),
      http.get(`${API}/dashboard/userSettings`, () => new HttpResponse(null, { status: 500 })),
    )
    const { user } = renderSettings()
    expect(await screen.findByText('Failed to fetch settings')).toBeInTheDocument()
    await openCategory(user, 'Megjelenés')
    expect(screen.getByLabelText('Téma')).toHaveDisplayValue('Világos')
    await openCategory(user, 'Gyorsindító gombok')
    expect(screen.getByText('Oktatói portál')).toBeInTheDocument()
    expect(screen.getByText('Hallgatói portál')).toBeInTheDocument()
  })

  it('lists the five categories in order and starts on the backend category', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    renderSettings()
    const nav = await screen.findByRole('navigation', { name: 'Beállítás kategóriák' })
    const categories = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(categories.slice(0, 5)).toEqual([
      'Backend',
      'Gyorsindító gombok',
      'Profil',
      'Megjelenés',
      'Tesztek',
    ])
    expect(within(nav).getByRole('button', { name: 'Backend' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('heading', { name: 'Backend' })).toBeInTheDocument()
    expect(screen.getByLabelText('Backend URL')).toHaveValue(API)
  })

  it('changes a setting at once and saves it once, 1 second after the last change', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    const saves = recordSaves()
    const { user } = renderSettings()
    await openCategory(user, 'Megjelenés')
    // From here the debounce's clock moves only when the test moves it.
    useDebounceClock()
    const select = screen.getByLabelText('Téma')
    await user.selectOptions(select, 'Sötét')
    expect(select).toHaveDisplayValue('Sötét')
    await passTime(600)
    await user.selectOptions(select, 'Világos')
    await passTime(600)
    await user.selectOptions(select, 'Sötét')
    await passTime(999)
    expect(saves).toHaveLength(0)
    await passTime(1)
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]).toEqual({
      userSettings: {
        'lookAndFeel:theme': 'dark',
        quickActions: expect.arrayContaining([expect.objectContaining({ name: 'Oktatói portál' })]),
      },
    })
    await passTime(5000)
    expect(saves).toHaveLength(1)
  })

  it('prepends https:// to a backend URL typed without a scheme, as the login dialog does', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    const { user } = renderSettings()
    const input = await screen.findByLabelText('Backend URL')
    useDebounceClock()
    await user.clear(input)
    await user.type(input, '127.0.0.1:18190/api{Enter}')
    await passTime(1000)
    expect(readBackendUrl()).toBe('https://127.0.0.1:18190/api')
    expect(screen.getByLabelText('Backend URL')).toHaveValue('https://127.0.0.1:18190/api')
  })

  it('refuses an empty backend URL with "Kérlek add meg a backend URL-t." and saves nothing', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    const { user } = renderSettings()
    const input = await screen.findByLabelText('Backend URL')
    useDebounceClock()
    await user.clear(input)
    await user.tab()
    expect(await screen.findByText('Kérlek add meg a backend URL-t.')).toBeInTheDocument()
    expect(screen.getByLabelText('Backend URL')).toHaveAttribute('aria-invalid', 'true')
    await user.type(screen.getByLabelText('Backend URL'), '   {Enter}')
    await passTime(5000)
    expect(localStorage.getItem('localSettings')).toBeNull()
  })

  it('reverts the setting and shows the server message when the save fails', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    recordSaves(400, { code: 400, message: 'Hibás kérés.' })
    const { user } = renderSettings()
    await openCategory(user, 'Megjelenés')
    useDebounceClock()
    await user.selectOptions(screen.getByLabelText('Téma'), 'Sötét')
    await passTime(1000)
    expect((await screen.findAllByText('Hibás kérés.')).length).toBeGreaterThan(0)
    expect(screen.getByLabelText('Téma')).toHaveDisplayValue('Világos')
  })

  it('shows "Failed to update settings" when a failed save has no message', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    recordSaves(500, {})
    const { user } = renderSettings()
    await openCategory(user, 'Megjelenés')
    useDebounceClock()
    await user.selectOptions(screen.getByLabelText('Téma'), 'Sötét')
    await passTime(1000)
    expect((await screen.findAllByText('Failed to update settings')).length).toBeGreaterThan(0)
    expect(screen.getByLabelText('Téma')).toHaveDisplayValue('Világos')
  })

  it('saves feature previews into localSettings', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    const { user } = renderSettings()
    await openCategory(user, 'Tesztek')
    useDebounceClock()
    await user.click(screen.getByRole('checkbox', { name: 'Órarendtervező' }))
    await user.selectOptions(screen.getByLabelText('Csoportjegyzetek'), 'Felhasználói felület 1')
    expect(localStorage.getItem('localSettings')).toBeNull()
    await passTime(1000)
    expect(JSON.parse(localStorage.getItem('localSettings') ?? '{}')).toMatchObject({
      'featurePreview:timetablePlanner': true,
      'featurePreview:groupNotes': 'ui1',
    })
  })

  /** Records POST /auth/setmfa bodies and answers with `body` (HTTP 200 unless `status`). */
  function recordMfaSaves(body: object, status = 200) {
    const sent: unknown[] = []
    server.use(
      http.post(`${API}/auth/setmfa`, async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json(body, { status })
      }),
    )
    return sent
  }

  // Beyond the spec (issue 18): the address is saved by its own button, with the current password.
  it('asks for the password before saving the MFA email, sends both, and says "Mentve"', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    const sent = recordMfaSaves({ code: 200, message: 'A hitelesítési e-mail cím elmentve.' })
    const { user } = renderSettings()
    await openCategory(user, 'Profil')
    const input = screen.getByLabelText('MFA e-mail cím')
    expect(input).toBeEnabled()
    expect(screen.queryByLabelText('Jelszavad a módosításhoz')).not.toBeInTheDocument()
    await user.type(input, 'tanar@pelda.hu{Enter}')
    // Nothing is sent without the password: its field says so.
    expect(await screen.findByText('Kérlek add meg a jelenlegi jelszavadat.')).toBeInTheDocument()
    expect(sent).toEqual([])
    await user.type(screen.getByLabelText('Jelszavad a módosításhoz'), 'titkos-jelszo')
    await user.click(screen.getByRole('button', { name: 'E-mail cím mentése' }))
    expect(await screen.findByText('Mentve')).toBeInTheDocument()
    expect(sent).toEqual([{ email: 'tanar@pelda.hu', password: 'titkos-jelszo' }])
    expect(screen.getAllByText('A hitelesítési e-mail cím elmentve.').length).toBeGreaterThan(0)
    expect(screen.getByLabelText('MFA e-mail cím')).toHaveValue('tanar@pelda.hu')
    expect(screen.queryByLabelText('Jelszavad a módosításhoz')).not.toBeInTheDocument()
  })

  it('turns MFA off with the password when the address is emptied', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ email: 'regi@pelda.hu' })))
    const sent = recordMfaSaves({ code: 200, message: 'A többfaktoros hitelesítés kikapcsolva.' })
    const { user } = renderSettings()
    await openCategory(user, 'Profil')
    await user.clear(screen.getByLabelText('MFA e-mail cím'))
    await user.type(screen.getByLabelText('Jelszavad a módosításhoz'), 'titkos-jelszo')
    await user.click(screen.getByRole('button', { name: 'Többfaktoros hitelesítés kikapcsolása' }))
    expect(await screen.findByText('Mentve')).toBeInTheDocument()
    expect(sent).toEqual([{ email: '', password: 'titkos-jelszo' }])
  })

  it('shows a wrong password under its field and keeps the saved address', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ email: 'regi@pelda.hu' })))
    recordMfaSaves({ code: 400, message: 'A jelenlegi jelszó hibás.' }, 400)
    const { user } = renderSettings()
    await openCategory(user, 'Profil')
    const input = screen.getByLabelText('MFA e-mail cím')
    await user.clear(input)
    await user.type(input, 'uj@pelda.hu')
    const password = screen.getByLabelText('Jelszavad a módosításhoz')
    await user.type(password, 'rossz{Enter}')
    expect(await screen.findByText('A jelenlegi jelszó hibás.')).toBeInTheDocument()
    expect(password).toHaveFocus()
    expect(screen.queryByText('Mentve')).not.toBeInTheDocument()
  })

  it('shows the server message under the address when the answer code is not 200–204', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ email: 'regi@pelda.hu' })))
    recordMfaSaves({ code: 400, message: 'Érvénytelen e-mail cím.' })
    const { user } = renderSettings()
    await openCategory(user, 'Profil')
    const input = screen.getByLabelText('MFA e-mail cím')
    await user.clear(input)
    await user.type(input, 'rossz')
    await user.type(screen.getByLabelText('Jelszavad a módosításhoz'), 'titkos-jelszo{Enter}')
    expect(await screen.findByText('Érvénytelen e-mail cím.')).toBeInTheDocument()
    expect(screen.queryByText('Mentve')).not.toBeInTheDocument()
  })

  it('says "Failed to update settings" under the address when a failed save has no message', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    recordMfaSaves({}, 500)
    const { user } = renderSettings()
    await openCategory(user, 'Profil')
    await user.type(screen.getByLabelText('MFA e-mail cím'), 'tanar@pelda.hu')
    await user.type(screen.getByLabelText('Jelszavad a módosításhoz'), 'titkos-jelszo{Enter}')
    expect(await screen.findByText('Failed to update settings')).toBeInTheDocument()
    expect(screen.queryByText('Mentve')).not.toBeInTheDocument()
  })

  it('saves a waiting setting at Kijelentkezés, before the session is revoked', async () => {
    const calls: string[] = []
    server.use(
      userSettingsHandler(),
      dashboardHandler(),
      http.post(`${API}/dashboard/userSettings`, async ({ request }) => {
        calls.push(`userSettings ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ code: 200, message: 'Beállítások mentve.' })
      }),
      http.post(`${API}/auth/logout`, () => {
        calls.push('logout')
        return HttpResponse.json({ code: 200, message: 'Sikeres kijelentkezés.' })
      }),
    )
    const { user } = renderSettings()
    await openCategory(user, 'Megjelenés')
    await user.selectOptions(screen.getByLabelText('Téma'), 'Sötét')
    // Within the debounce second: the save has not gone yet.
    expect(calls).toEqual([])
    await act(async () => {
      await endSession()
    })
    expect(calls).toHaveLength(2)
    expect(calls[0]).toMatch(/^userSettings .*"lookAndFeel:theme":"dark"/)
    expect(calls[1]).toBe('logout')
  })

  it('disables the MFA email unless the backend is the default one', async () => {
    localStorage.setItem('localSettings', JSON.stringify({ backendUrl: 'https://mas.pelda.hu/api' }))
    server.use(
      http.get('https://mas.pelda.hu/api/dashboard/userSettings', () =>
        HttpResponse.json({ userSettings: {} }),
      ),
      http.get('https://mas.pelda.hu/api/dashboard', () => HttpResponse.json(buildDashboard())),
    )
    const { user } = renderSettings()
    await openCategory(user, 'Profil')
    expect(screen.getByLabelText('MFA e-mail cím')).toBeDisabled()
    expect(screen.getByText('Csak az alapértelmezett backend használatakor módosítható.')).toBeInTheDocument()
  })

  it('reloads every setting on reset', async () => {
    let theme: 'light' | 'dark' = 'light'
    server.use(
      dashboardHandler(),
      http.get(`${API}/dashboard/userSettings`, () =>
        HttpResponse.json({ userSettings: { 'lookAndFeel:theme': theme } }),
      ),
    )
    const { user } = renderSettings()
    await openCategory(user, 'Megjelenés')
    expect(screen.getByLabelText('Téma')).toHaveDisplayValue('Világos')
    theme = 'dark'
    await user.click(screen.getByRole('button', { name: 'Beállítások újratöltése' }))
    await waitFor(() => expect(screen.getByLabelText('Téma')).toHaveDisplayValue('Sötét'))
  })

  it('adds a quick action with name and url, ignores one without, and removes one', async () => {
    server.use(userSettingsHandler({ quickActions: [] }), dashboardHandler())
    const saves = recordSaves()
    const { user } = renderSettings()
    await openCategory(user, 'Gyorsindító gombok')
    useDebounceClock()
    await user.type(screen.getByLabelText('Név'), 'Csak név')
    await user.click(screen.getByRole('button', { name: 'Hozzáadás' }))
    expect(screen.getByText('Még nincs gyorsindító gomb.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('URL'), 'moodle.pelda.hu')
    await user.click(screen.getByRole('button', { name: 'Hozzáadás' }))
    expect(screen.getByText('Csak név')).toBeInTheDocument()
    expect(screen.getByText('moodle.pelda.hu')).toBeInTheDocument()
    await passTime(1000)
    await waitFor(() => expect(saves).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Csak név törlése' }))
    expect(screen.getByText('Még nincs gyorsindító gomb.')).toBeInTheDocument()
    await passTime(1000)
    await waitFor(() => expect(saves).toHaveLength(2))
    expect(saves[1]).toMatchObject({ userSettings: { quickActions: [] } })
  })

  it('shows "Komponens nem található" and "Nem támogatott input típus" for unknown inputs', async () => {
    server.use(userSettingsHandler(), dashboardHandler())
    const categories: SettingsCategory[] = [
      {
        id: 'backend',
        order: 1,
        label: 'Ismeretlen',
        description: 'Teszt',
        settings: [
          { key: 'x', label: 'X', type: 'custom', component: 'nincs', defaultValue: null, description: '' },
          { key: 'y', label: 'Y', type: 'slider', defaultValue: null, description: '' },
        ],
      },
    ]
    renderWithProviders(<SettingsView categories={categories} />, { withSettings: true })
    expect(await screen.findByText('Komponens nem található')).toBeInTheDocument()
    expect(screen.getByText('Nem támogatott input típus')).toBeInTheDocument()
  })

  it('switches to the dark theme at once when "Sötét" is chosen', async () => {
    server.use(
      userSettingsHandler(),
      dashboardHandler(),
      http.post(`${API}/dashboard/userSettings`, () => HttpResponse.json({})),
      // The shell prefetches the students list for a user who can open Diákok.
      http.get(`${API}/students/`, () => HttpResponse.json({ students: [] })),
    )
    render(<App queryClient={createQueryClient({ retry: false })} />)
    const nav = await screen.findByRole('navigation', { name: 'Főmenü' })
    await userEventClick(within(nav).getByRole('button', { name: 'Beállítások' }))
    const categories = await screen.findByRole('navigation', { name: 'Beállítás kategóriák' })
    await userEventClick(within(categories).getByRole('button', { name: 'Megjelenés' }))
    expect(document.documentElement).not.toHaveClass('dark')
    const { default: userEvent } = await import('@testing-library/user-event')
    await userEvent.selectOptions(screen.getByLabelText('Téma'), 'Sötét')
    expect(document.documentElement).toHaveClass('dark')
    await userEvent.selectOptions(screen.getByLabelText('Téma'), 'Világos')
    expect(document.documentElement).not.toHaveClass('dark')
  })
})

async function userEventClick(element: Element) {
  const { default: userEvent } = await import('@testing-library/user-event')
  await userEvent.click(element)
}

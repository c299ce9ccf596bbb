import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { page } from '@/lib/page'
import { requestScreen, screenRequestFor } from '@/lib/screen-request'
import { createQueryClient } from '@/lib/query-client'
import { buildDashboard, buildFeature, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { clear, createStore } from 'idb-keyval'
import { TIMETABLE_DATABASE } from '@/lib/offline/user-data'
import { storePlan, TIMETABLE_STORE } from '@/features/timetable/api/timetable-plan'
import { aClass } from '@/features/timetable/test-classes'
import { renderWithProviders, signIn } from '@/test/render'
import { App } from '../app'
import { initialScreen, SCREEN_ENTRIES, visibleEntries, type MenuEntry } from './menu'
import { ScreenOutlet } from './screens'
import { SCREEN_FAILED } from './screen-failure'
import { preloadable } from '@/lib/preloadable'

const wipeUserData = vi.hoisted(() => vi.fn(async () => {}))
vi.mock('@/lib/offline/user-data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/offline/user-data')>()),
  wipeUserData,
  registerQueryClientForWipe: () => {},
}))

let reload: ReturnType<typeof vi.spyOn>
let studentsRequests = 0
beforeEach(() => {
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  wipeUserData.mockClear()
  document.documentElement.className = ''
  // The shell prefetches the students list as soon as the Diákok entry is visible.
  studentsRequests = 0
  server.use(
    http.get(`${API}/students/`, () => {
      studentsRequests++
      return HttpResponse.json({ students: [] })
    }),
  )
})
afterEach(() => vi.restoreAllMocks())

const TODAY = '2025-03-10'

function renderApp() {
  signIn()
  return renderWithProviders(<App queryClient={createQueryClient({ retry: false })} />)
}

function menu() {
  return screen.findByRole('navigation', { name: 'Főmenü' })
}

describe('menu rules', () => {
  it('shows an entry only when every required feature is enabled', () => {
    const labels = visibleEntries(
      {
        getAllStudents: buildFeature('getAllStudents'),
        getGroupsforInstructor: buildFeature('getGroupsforInstructor'),
      },
      TODAY,
    ).map((entry) => entry.label)
    expect(labels).toEqual(['Kezdőlap', 'DiákKezdőlap'])
  })

  it('hides an entry whose feature is outside its date window or has a disabled dependency', () => {
    const features = {
      viewAuditLog: buildFeature('viewAuditLog', { endDate: '2025-03-09' }),
      listFiles: buildFeature('listFiles', { dependencies: ['missing'] }),
      downloadFile: buildFeature('downloadFile'),
    }
    expect(visibleEntries(features, TODAY).map((entry) => entry.label)).toEqual(['DiákKezdőlap'])
  })

  it('deduplicates entries with the same label', () => {
    const entries: MenuEntry[] = [
      { id: 'dashboard', label: 'Kezdőlap', features: [] },
      { id: 'student-home', label: 'Kezdőlap', features: [] },
      { id: 'files', label: 'Fájlok', features: [] },
    ]
    expect(visibleEntries({}, TODAY, entries).map((entry) => entry.id)).toEqual(['dashboard', 'files'])
  })

  it('starts on Kezdőlap with changeStudentPassword, otherwise on DiákKezdőlap', () => {
    const withPassword = {
      changeStudentPassword: buildFeature('changeStudentPassword', { dependencies: ['getAllStudents'] }),
      getAllStudents: buildFeature('getAllStudents'),
    }
    expect(SCREEN_ENTRIES[initialScreen(withPassword, TODAY)].label).toBe('Kezdőlap')
    expect(SCREEN_ENTRIES[initialScreen({}, TODAY)].label).toBe('DiákKezdőlap')
  })
})

describe('shell', () => {
  it('shows "Jogosultságok szinkronizálása..." while the features load', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      userSettingsHandler(),
      http.get(`${API}/dashboard`, async () => {
        await answered
        return HttpResponse.json(buildDashboard())
      }),
    )
    renderApp()
    expect(await screen.findByText('Jogosultságok szinkronizálása...')).toBeInTheDocument()
    answer()
    await menu()
  })

  it("shows a teacher the entries of the teacher's features, then Beállítások and Kijelentkezés", async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    renderApp()
    const nav = await menu()
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(names).toEqual([
      'Kezdőlap',
      'DiákKezdőlap',
      'Diákok',
      'Linkrövidítő',
      'Csoportok',
      'Tantermek',
      'Fájlok',
      'Munkaórák',
      'Beállítások',
      'Kijelentkezés',
    ])
  })

  it('shows a student only DiákKezdőlap and starts there', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'student' })))
    renderApp()
    const nav = await menu()
    expect(within(nav).getByRole('button', { name: 'DiákKezdőlap' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).queryByRole('button', { name: 'Diákok' })).not.toBeInTheDocument()
  })

  it('starts on Kezdőlap for a user with changeStudentPassword', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'admin' })))
    renderApp()
    const nav = await menu()
    expect(within(nav).getByRole('button', { name: 'Kezdőlap' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('button', { name: 'Rendszernapló' })).toBeInTheDocument()
  })

  it('adds Munkaidő tervező when the featurePreview:timetablePlanner setting is on', async () => {
    localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:timetablePlanner': true }))
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    renderApp()
    const nav = await menu()
    expect(within(nav).getByRole('button', { name: 'Munkaidő tervező' })).toBeInTheDocument()
  })

  it("draws Munkaidő tervező's week in the screen's first render when it is chosen before its code has loaded (issue 21)", async () => {
    localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:timetablePlanner': true }))
    // A class every day: a narrow screen shows today's only.
    await storePlan(
      'u1',
      [1, 2, 3, 4, 5, 6, 7].map((day) => aClass(day, '08:00', '09:00', { id: `c${day}`, name: 'Matek' })),
    )
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    const { user } = renderApp()
    const nav = await menu()
    // Shown empty first (a render before the plan was read, then a second one with it): what a tablet drew twice.
    let shownEmpty = false
    const observer = new MutationObserver(() => {
      const heading = screen.queryByRole('heading', { name: 'Órarendtervező', level: 1 })
      if (heading && !document.querySelector('[data-timetable-block]')) shownEmpty = true
    })
    observer.observe(document.body, { childList: true, subtree: true })
    await user.click(within(nav).getByRole('button', { name: 'Munkaidő tervező' }))
    expect(await screen.findByRole('heading', { name: 'Órarendtervező', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(document.querySelector('[data-timetable-block]')).not.toBeNull())
    observer.disconnect()
    expect(shownEmpty).toBe(false)
    localStorage.removeItem('localSettings')
    await clear(createStore(TIMETABLE_DATABASE, TIMETABLE_STORE))
  })

  it("'Reszponzív oldalsáv' turns the sidebar into a rail of icons on a tablet, its labels kept as names (issue 18)", async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    const off = renderApp()
    expect((await menu()).closest('[data-rail]')).toBeNull()
    off.unmount()

    localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:responsiveSidebar': true }))
    const { container } = renderApp()
    const nav = await menu()
    expect(nav).toHaveAttribute('data-rail')
    // The rail's CSS hides the labels between md and lg only; the buttons keep their names.
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n')
    expect(css).toContain('(min-width: 48em) and (max-width: 63.98em)')
    expect(within(nav).getByRole('button', { name: 'Beállítások' })).toBeInTheDocument()
    expect(container.querySelector('aside')).toContainElement(nav)
    localStorage.removeItem('localSettings')
  })

  it('opens Rendszernapló for an administrator, its first page fetched once, before the click', async () => {
    let pageRequests = 0
    server.use(
      userSettingsHandler(),
      dashboardHandler(buildDashboard({ type: 'admin' })),
      http.get(`${API}/auditlog`, () => {
        pageRequests++
        return HttpResponse.json({ logs: [], total: 0, totalIsEstimate: false, nextCursor: null })
      }),
      http.get(`${API}/auditlog/users`, () => HttpResponse.json({ users: [] })),
    )
    const { user } = renderApp()
    const nav = await menu()
    await waitFor(() => expect(pageRequests).toBe(1))
    await user.click(within(nav).getByRole('button', { name: 'Rendszernapló' }))
    expect(within(nav).getByRole('button', { name: 'Rendszernapló' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByRole('heading', { name: 'Rendszernapló' })).toBeInTheDocument()
    expect(await screen.findByText('Még nem történt naplózott esemény a rendszerben.')).toBeInTheDocument()
    expect(pageRequests).toBe(1)
  })

  it("moves the focus to the screen's heading after a menu choice by keyboard; the skip link comes first (issue 18)", async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    const { user } = renderApp()
    const nav = await menu()
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Ugrás a tartalomra' })
    expect(skip).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(document.activeElement?.closest('main')).not.toBeNull()

    within(nav).getByRole('button', { name: 'Beállítások' }).focus()
    await user.keyboard('{Enter}')
    const heading = await screen.findByRole('heading', { name: 'Beállítások', level: 1 })
    await waitFor(() => expect(heading).toHaveFocus())
  })

  it('opens the settings screen from Beállítások', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    const { user } = renderApp()
    const nav = await menu()
    await user.click(within(nav).getByRole('button', { name: 'Beállítások' }))
    expect(await screen.findByRole('navigation', { name: 'Beállítás kategóriák' })).toBeInTheDocument()
  })

  it("shows the screen another screen asks for (Kezdőlap's 'Jelenlét', issue 20)", async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    renderApp()
    const nav = await menu()
    act(() => requestScreen({ screen: 'groups' }))
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Csoportok' })).toHaveAttribute('aria-current', 'page'),
    )
  })

  it('refuses a request for a screen outside the menu', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'student' })))
    renderApp()
    const nav = await menu()
    act(() => requestScreen({ screen: 'groups', open: { attendance: 'g1' } }))
    expect(screenRequestFor('groups')).toBeNull()
    expect(within(nav).getByRole('button', { name: 'DiákKezdőlap' })).toHaveAttribute('aria-current', 'page')
  })

  it('fetches the students list before Diákok is opened when the entry is visible, and only then', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
    const { user } = renderApp()
    const nav = await menu()
    await waitFor(() => expect(studentsRequests).toBe(1))
    await user.click(within(nav).getByRole('button', { name: 'Diákok' }))
    expect(await screen.findByText('Nincsenek diákok')).toBeInTheDocument()
    expect(within(nav).getByRole('button', { name: 'Diákok' })).toHaveAttribute('aria-current', 'page')
    expect(studentsRequests).toBe(1)
  })

  it('does not fetch the students list for a user without Diákok', async () => {
    server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'student' })))
    renderApp()
    await menu()
    expect(await screen.findByText('Szia, Teszt Elek!')).toBeInTheDocument()
    expect(studentsRequests).toBe(0)
  })

  it('does not render the shown screen again when the shell re-renders (a menu click, issue 21)', async () => {
    let renders = 0
    const screens = {
      shown: function Shown() {
        renders++
        return <p>Shown</p>
      },
    }
    function Host() {
      const [clicks, setClicks] = useState(0)
      return (
        <>
          <button onClick={() => setClicks(clicks + 1)}>Re-render {clicks}</button>
          <ScreenOutlet screen="shown" screens={screens} />
        </>
      )
    }
    const { user } = renderWithProviders(<Host />)
    expect(await screen.findByText('Shown')).toBeInTheDocument()
    const before = renders
    await user.click(screen.getByRole('button', { name: 'Re-render 0' }))
    expect(await screen.findByRole('button', { name: 'Re-render 1' })).toBeInTheDocument()
    expect(renders).toBe(before)
  })

  it("shows 'Újrapróbálás' for a screen whose code did not load, and the screen after a retry, not a blank app", async () => {
    let loads = 0
    const screens = {
      broken: preloadable(() =>
        ++loads === 1
          ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
          : Promise.resolve(function Loaded() {
              return <p>Betöltve</p>
            }),
      ),
    }
    const { user } = renderWithProviders(<ScreenOutlet screen="broken" screens={screens} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(SCREEN_FAILED)
    await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
    expect(await screen.findByText('Betöltve')).toBeInTheDocument()
    expect(loads).toBe(2)
  })

  it('shows "Nem létező menüpont." for an unknown selection', () => {
    renderWithProviders(<ScreenOutlet screen="Nincs ilyen" />)
    expect(screen.getByText('Nem létező menüpont.')).toBeInTheDocument()
  })

  it('logs out: revokes the session, wipes the user data, removes the token and reloads', async () => {
    const logout = vi.fn()
    server.use(
      userSettingsHandler(),
      dashboardHandler(),
      http.post(`${API}/auth/logout`, ({ request }) => {
        logout(request.headers.get('Authorization'))
        return HttpResponse.json({ code: 200, message: 'Sikeres kijelentkezés.' })
      }),
    )
    const { user } = renderApp()
    const nav = await menu()
    await user.click(within(nav).getByRole('button', { name: 'Kijelentkezés' }))
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(logout).toHaveBeenCalledWith('test-token')
    expect(wipeUserData).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('still logs out locally when the server cannot be reached', async () => {
    server.use(
      userSettingsHandler(),
      dashboardHandler(),
      http.post(`${API}/auth/logout`, () => HttpResponse.error()),
    )
    const { user } = renderApp()
    const nav = await menu()
    await user.click(within(nav).getByRole('button', { name: 'Kijelentkezés' }))
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('on a 401 shows "Nem vagy bejelentkezve.", wipes the user data, removes the token and reloads', async () => {
    server.use(
      userSettingsHandler(),
      http.get(`${API}/dashboard`, () =>
        HttpResponse.json({ code: 401, message: 'Nem vagy bejelentkezve.' }, { status: 401 }),
      ),
    )
    renderApp()
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(wipeUserData).toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBeNull()
    expect((await screen.findAllByText('Nem vagy bejelentkezve.')).length).toBeGreaterThan(0)
    // After the reload the login screen repeats the notice once.
    expect(sessionStorage.getItem('pendingNotice')).toBe('Nem vagy bejelentkezve.')
  })

  describe('on a phone (375 px wide)', () => {
    const viewport = () =>
      (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } })
        .happyDOM
    beforeEach(() => viewport().setViewport({ width: 375, height: 667 }))
    afterEach(() => viewport().setViewport({ width: 1024, height: 768 }))

    it('hides the sidebar and shows a menu icon button labelled "Menü megnyitása"', async () => {
      server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
      renderApp()
      const button = await screen.findByRole('button', { name: 'Menü megnyitása' })
      // An icon (svg), not a text glyph such as '☰'.
      expect(button.querySelector('svg')).not.toBeNull()
      expect(button).toHaveTextContent(/^$/)
      expect(screen.queryByRole('navigation', { name: 'Főmenü' })).not.toBeInTheDocument()
    })

    it('opens the menu drawer from the menu button, and a choice closes it', async () => {
      server.use(userSettingsHandler(), dashboardHandler(buildDashboard({ type: 'teacher' })))
      const { user } = renderApp()
      await user.click(await screen.findByRole('button', { name: 'Menü megnyitása' }))
      const drawer = await screen.findByRole('dialog', { name: 'Menü' })
      await user.click(within(drawer).getByRole('button', { name: 'Diákok' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      // Reopened, the drawer marks the choice as the current page.
      await user.click(screen.getByRole('button', { name: 'Menü megnyitása' }))
      const reopened = await screen.findByRole('dialog', { name: 'Menü' })
      expect(within(reopened).getByRole('button', { name: 'Diákok' })).toHaveAttribute('aria-current', 'page')
    })
  })
})

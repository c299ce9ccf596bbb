import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TIMETABLE_DATABASE } from '@/lib/offline/user-data'
import { server } from '@/test/msw'
import { buildDashboard, dashboardHandler } from '@/test/factories'
import { renderWithProviders, signIn } from '@/test/render'
import { loadPlan, storePlan, TIMETABLE_STORE } from '../api/timetable-plan'
import { aClass } from '../test-classes'
import TimetableScreen, { DAY_VIEW_QUERY } from '../timetable-screen'
import { stepDay } from './day-view'

const USER = 'u1'

/** The test window's size: happy-dom answers `matchMedia` from it. */
function viewport(width: number, height: number) {
  ;(
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height })
}

function renderScreen() {
  server.use(dashboardHandler(buildDashboard({ name: 'Teszt Elek' })))
  return renderWithProviders(<TimetableScreen />)
}

const heading = () => screen.getByRole('heading', { level: 2 })
const chip = (day: string) =>
  within(screen.getByRole('group', { name: 'Ugrás napra' })).getByRole('button', {
    name: new RegExp(`^${day}`),
  })
const dayRegion = (day: string) => screen.findByRole('region', { name: `${day} órarendje` })

beforeEach(() => {
  // Tuesday, 24 November 2026.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-24T10:00:00+01:00'))
  signIn()
  viewport(390, 844) // a phone
})

afterEach(async () => {
  vi.useRealTimers()
  viewport(1024, 768)
  await clear(createStore(TIMETABLE_DATABASE, TIMETABLE_STORE))
})

describe('Munkaidő tervező, day view (narrow screens)', () => {
  it('shows one day on a phone and a tablet, the week on a desktop', async () => {
    expect(window.matchMedia(DAY_VIEW_QUERY).matches).toBe(true)
    viewport(820, 1180)
    const { unmount } = renderScreen()
    expect(await dayRegion('Kedd')).toBeInTheDocument()
    unmount()
    viewport(1440, 900)
    renderScreen()
    expect(await screen.findByRole('region', { name: 'Heti órarend' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Ugrás napra' })).toBeNull()
  })

  it("opens on today's weekday and shows only that day's classes", async () => {
    await storePlan(USER, [
      aClass(1, '08:00', '09:00', { name: 'Hétfői óra' }),
      aClass(2, '10:00', '11:00', { name: 'Keddi óra' }),
    ])
    renderScreen()
    const region = await dayRegion('Kedd')
    expect(heading()).toHaveTextContent('Kedd(ma)')
    expect(screen.queryByRole('region', { name: 'Heti órarend' })).toBeNull()
    expect(
      within(region)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Kedd'])
    expect(within(region).getByRole('button', { name: /^Keddi óra/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Hétfői óra/ })).toBeNull()
    expect(chip('Kedd')).toHaveAttribute('aria-pressed', 'true')
    expect(chip('Kedd')).toHaveAccessibleName('Kedd, 1 óra, ma')
    expect(chip('Hétfő')).toHaveAttribute('aria-pressed', 'false')
  })

  it('opens on Sunday when today is Sunday, with its classes', async () => {
    vi.setSystemTime(new Date('2026-11-29T10:00:00+01:00'))
    await storePlan(USER, [aClass(7, '18:00', '19:00', { name: 'Vasárnapi óra' })])
    renderScreen()
    const region = await dayRegion('Vasárnap')
    expect(heading()).toHaveTextContent('Vasárnap(ma)')
    expect(within(region).getByRole('button', { name: /^Vasárnapi óra/ })).toBeInTheDocument()
  })

  it('shows the days H K Sze Cs P Szo V as chips that jump to the day', async () => {
    await storePlan(USER, [aClass(7, '18:00', '19:00', { name: 'Vasárnapi óra' })])
    const { user } = renderScreen()
    await dayRegion('Kedd')
    const chips = within(screen.getByRole('group', { name: 'Ugrás napra' })).getAllByRole('button')
    expect(chips.map((c) => c.querySelector('[aria-hidden]')?.textContent)).toEqual([
      'H',
      'K',
      'Sze',
      'Cs',
      'P',
      'Szo',
      'V',
    ])
    expect(chips.map((c) => c.textContent)).toEqual([
      'HHétfő',
      'KKedd, ma',
      'SzeSzerda',
      'CsCsütörtök',
      'PPéntek',
      'SzoSzombat',
      'VVasárnap, 1 óra',
    ])
    await user.click(chip('Vasárnap'))
    const region = await dayRegion('Vasárnap')
    expect(heading()).toHaveTextContent(/^Vasárnap$/)
    expect(chip('Vasárnap')).toHaveAttribute('aria-pressed', 'true')
    expect(chip('Kedd')).toHaveAttribute('aria-pressed', 'false')
    expect(within(region).getByRole('button', { name: /^Vasárnapi óra/ })).toBeInTheDocument()
    // By keyboard: Tab reaches a chip, Enter chooses it.
    chip('Péntek').focus()
    await user.keyboard('{Enter}')
    expect(await dayRegion('Péntek')).toBeInTheDocument()
    expect(screen.getByText(/^Ezen a napon még nincs óra\./)).toBeInTheDocument()
  })

  it("steps through the week with 'Előző nap' and 'Következő nap', round from Monday to Sunday", async () => {
    await storePlan(USER, [aClass(7, '09:00', '10:00', { name: 'Vasárnapi óra' })])
    const { user } = renderScreen()
    await dayRegion('Kedd')
    await user.click(screen.getByRole('button', { name: 'Következő nap' }))
    expect(heading()).toHaveTextContent(/^Szerda$/)
    await user.click(screen.getByRole('button', { name: 'Előző nap' }))
    await user.click(screen.getByRole('button', { name: 'Előző nap' }))
    expect(heading()).toHaveTextContent(/^Hétfő$/)
    await user.click(screen.getByRole('button', { name: 'Előző nap' }))
    expect(heading()).toHaveTextContent(/^Vasárnap$/)
    expect(screen.getByRole('button', { name: /^Vasárnapi óra/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Következő nap' }))
    expect(heading()).toHaveTextContent(/^Hétfő$/)
    expect([1, 2, 3, 4, 5, 6, 7].map((d) => stepDay(d, 1))).toEqual([2, 3, 4, 5, 6, 7, 1])
  })

  it('turns the day with a sideways swipe, not with an upward one', async () => {
    renderScreen()
    const region = await dayRegion('Kedd')
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(region, { touches: [{ clientX: from[0], clientY: from[1] }] })
      fireEvent.touchEnd(region, { changedTouches: [{ clientX: to[0], clientY: to[1] }] })
    }
    swipe([300, 200], [100, 210])
    expect(heading()).toHaveTextContent(/^Szerda$/)
    swipe([100, 200], [300, 190])
    expect(heading()).toHaveTextContent(/^Kedd/)
    swipe([200, 400], [150, 100])
    expect(heading()).toHaveTextContent(/^Kedd/)
  })

  it("'Új óra' and a tap on an empty place start on the day shown", async () => {
    const { user } = renderScreen()
    await dayRegion('Kedd')
    await user.click(chip('Szombat'))
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await screen.findByRole('dialog', { name: 'Új óra' })
    expect(within(form).getByLabelText('Nap')).toHaveDisplayValue('Szombat')
    await user.click(within(form).getByRole('button', { name: 'Mégse' }))
    await user.click(within(await dayRegion('Szombat')).getByRole('group', { name: 'Szombat' }))
    expect(
      within(await screen.findByRole('dialog', { name: 'Új óra' })).getByLabelText('Nap'),
    ).toHaveDisplayValue('Szombat')
  })

  it("moves a class to another day with the 'Nap' field and shows that day", async () => {
    await storePlan(USER, [aClass(2, '08:00', '09:00', { id: 'a', name: 'Fizika', instructor: 'Nagy Béla' })])
    const { user } = renderScreen()
    await user.click(within(await dayRegion('Kedd')).getByRole('button', { name: /^Fizika/ }))
    const form = await screen.findByRole('dialog', { name: 'Óra szerkesztése' })
    await user.selectOptions(within(form).getByLabelText('Nap'), 'Vasárnap')
    await user.click(within(form).getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText('Óra sikeresen módosítva!')).toBeInTheDocument()
    const region = await dayRegion('Vasárnap')
    expect(
      within(region).getByRole('button', { name: /^Fizika\s?, Vasárnap 08:00–09:00/ }),
    ).toBeInTheDocument()
    expect((await loadPlan(USER)).map((c) => c.day.id)).toEqual([7])
  })

  it('scrolls a class just created into sight, however late in the day', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    const { user } = renderScreen()
    await dayRegion('Kedd')
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await screen.findByRole('dialog', { name: 'Új óra' })
    await user.type(within(form).getByLabelText('Óra neve'), 'Esti szakkör')
    await user.selectOptions(within(form).getByLabelText('Kezdés'), '21:00')
    await user.selectOptions(within(form).getByLabelText('Befejezés'), '22:00')
    await user.type(within(form).getByLabelText('Oktató'), 'Kiss Anna')
    await user.click(within(form).getByRole('button', { name: 'Létrehozás' }))
    const block = await within(await dayRegion('Kedd')).findByRole('button', { name: /^Esti szakkör/ })
    await waitFor(() => expect(scrolled.mock.contexts).toContain(block))
    scrolled.mockRestore()
  })
})

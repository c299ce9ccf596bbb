/** Kezdőlap over MSW: greeting, announcements, quick-launch buttons, today's groups, password rows, next class. */
import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Alert, Group } from '@contract/api'
import type { QuickAction } from '@contract/settings'
import { ROLE_DEFAULT_FEATURES } from '@contract/features'
import { clearScreenRequest, onScreenRequest, type ScreenRequest } from '@/lib/screen-request'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import DashboardScreen from './dashboard-screen'

const MONDAY = new Date('2026-11-23T09:00:00Z') // 10:00 in Budapest
const SUNDAY = new Date('2026-11-29T09:00:00Z')

function aGroup(id: string, overrides: Partial<Group> = {}): Group {
  const members = overrides.members ?? [
    { id: `${id}-1`, name: 'Kovács Ádám', username: 'diak01' },
    { id: `${id}-2`, name: 'Szabó Éva', username: 'diak02' },
  ]
  return {
    id,
    _id: id,
    groupName: `Csoport ${id}`,
    groupDay: 1,
    students: members.map((m) => m.name),
    members,
    classroom: 'c1',
    room: '204',
    layout: null,
    instructor: 'Kezdő Kornélia',
    startTime: null,
    endTime: null,
    ...overrides,
  }
}

interface Served {
  groups?: Group[] | 'error' | 'none' | 'pending'
  alerts?: Alert[]
  quickActions?: QuickAction[]
  password?: () => Response
  features?: readonly string[]
}

function serve({ groups = [], alerts = [], quickActions = [], password, features }: Served = {}) {
  const passwordBodies: unknown[] = []
  let groupCalls = 0
  server.use(
    dashboardHandler(buildDashboard({ name: 'Kezdő Kornélia', ...(features ? { features } : {}) })),
    userSettingsHandler({ quickActions }),
    http.get(`${API}/alerts`, () => HttpResponse.json({ code: 200, alerts })),
    http.get(`${API}/groups/instructor`, async () => {
      groupCalls++
      if (groups === 'pending') await delay('infinite')
      if (groups === 'error') return HttpResponse.json({ code: 500, message: 'Hiba' }, { status: 500 })
      if (groups === 'none')
        return HttpResponse.json({ code: 404, message: 'Nincs csoport.' }, { status: 404 })
      return HttpResponse.json({ code: 200, groups })
    }),
    http.post(`${API}/students/password`, async ({ request }) => {
      passwordBodies.push(await request.json())
      return password ? password() : HttpResponse.json({ code: 200, message: 'OK' })
    }),
  )
  return { passwordBodies, groupCalls: () => groupCalls }
}

function renderDashboard() {
  return renderWithProviders(<DashboardScreen />, { withSettings: true })
}

const todaysSection = () => screen.getByRole('region', { name: 'Mai csoportok' })
const groupCard = (name: string) => screen.getByRole('article', { name })

describe('Kezdőlap', () => {
  beforeEach(() => {
    // Only Date is faked: MSW and Testing Library keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(MONDAY)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  describe('greeting', () => {
    it("greets by name, names today in Hungarian and counts today's groups", async () => {
      serve({ groups: [aGroup('a'), aGroup('b'), aGroup('c', { groupDay: 2 })] })
      renderDashboard()
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Szia, Kezdő Kornélia!' }),
      ).toBeInTheDocument()
      expect(screen.getByText(/^Ma\s+van,/, { selector: 'span' })).toHaveTextContent(
        'Ma hétfő van, 2026. november 23.',
      )
      expect(await screen.findByText('Ma 2 csoportod van.')).toBeInTheDocument()
    })

    it('counts Sunday as weekday 7', async () => {
      vi.setSystemTime(SUNDAY)
      serve({ groups: [aGroup('mon'), aGroup('sun', { groupDay: 7, groupName: 'Vasárnapi szakkör' })] })
      renderDashboard()
      expect(await screen.findByText('Ma 1 csoportod van.')).toBeInTheDocument()
      expect(screen.getByText(/^Ma\s+van,/, { selector: 'span' })).toHaveTextContent(
        'Ma vasárnap van, 2026. november 29.',
      )
      expect(groupCard('Vasárnapi szakkör')).toBeInTheDocument()
      expect(screen.queryByRole('article', { name: 'Csoport mon' })).not.toBeInTheDocument()
    })

    it('says "Ma nincs csoportod." on a day without groups, also when the server answers 404', async () => {
      serve({ groups: 'none' })
      renderDashboard()
      // Said once, by the greeting; the empty state says what it lists.
      expect(await screen.findAllByText('Ma nincs csoportod.')).toHaveLength(1)
      expect(screen.getByText('Mára egyetlen csoportod sincs beosztva.')).toBeInTheDocument()
      expect(screen.getByText('Ma nincs több órád.')).toBeInTheDocument()
    })
  })

  describe("today's groups", () => {
    it("shows only today's groups, each with its room as '{room}. terem' and its students", async () => {
      serve({
        groups: [
          aGroup('a', { groupName: 'Informatika 9.A', room: '204' }),
          aGroup('b', { groupName: 'Holnapi csoport', groupDay: 2 }),
          aGroup('c', { groupName: 'Terem nélkül', room: '', classroom: '' }),
        ],
      })
      renderDashboard()
      const card = await screen.findByRole('article', { name: 'Informatika 9.A' })
      expect(within(card).getByText('204. terem')).toBeInTheDocument()
      expect(within(card).getByText('2 diák')).toBeInTheDocument()
      const students = within(card).getByRole('list', { name: 'Informatika 9.A diákjai' })
      expect(
        within(students)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('Kovács Ádám'), expect.stringContaining('Szabó Éva')])
      expect(within(groupCard('Terem nélkül')).getByText('Nincs terem megadva')).toBeInTheDocument()
      expect(screen.queryByRole('article', { name: 'Holnapi csoport' })).not.toBeInTheDocument()
    })

    it('shows "Mai csoportok betöltése..." while the groups load', async () => {
      serve({ groups: 'pending' })
      renderDashboard()
      expect(await within(todaysSection()).findByText('Mai csoportok betöltése...')).toBeInTheDocument()
    })

    it('says "Hiba történt a mai csoportok betöltése közben." when the call fails, and retries', async () => {
      const served = serve({ groups: 'error' })
      const { user } = renderDashboard()
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Hiba történt a mai csoportok betöltése közben.',
      )
      serve({ groups: [aGroup('a', { groupName: 'Második próba' })] })
      await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
      expect(await screen.findByRole('article', { name: 'Második próba' })).toBeInTheDocument()
      expect(served.groupCalls()).toBe(1)
    })
  })

  describe('password reset row', () => {
    async function renderWithGroups(served: Served = {}) {
      const result = serve({
        groups: [aGroup('a', { groupName: 'Első' }), aGroup('b', { groupName: 'Második' })],
        ...served,
      })
      const rendered = renderDashboard()
      await screen.findByRole('article', { name: 'Első' })
      return { ...result, ...rendered }
    }
    const editButton = (group: string, name: string) =>
      within(groupCard(group)).getByRole('button', { name: `Jelszó módosítása: ${name}` })

    it('opens an inline form, and "Mégse" closes it', async () => {
      const { user } = await renderWithGroups()
      await user.click(editButton('Első', 'Kovács Ádám'))
      const input = await within(groupCard('Első')).findByPlaceholderText('Add meg az új jelszót...')
      expect(input).toHaveFocus()
      expect(input).toHaveAccessibleName('Új jelszó: Kovács Ádám (diak01)')
      await user.click(within(groupCard('Első')).getByRole('button', { name: 'Mégse' }))
      expect(screen.queryByPlaceholderText('Add meg az új jelszót...')).not.toBeInTheDocument()
      expect(editButton('Első', 'Kovács Ádám')).toHaveFocus()
    })

    it('keeps one row open at a time, across groups (the same student in two groups included)', async () => {
      const { user } = await renderWithGroups()
      await user.click(editButton('Első', 'Kovács Ádám'))
      await screen.findByRole('form', { name: 'Jelszó módosítása: Kovács Ádám' })
      await user.click(editButton('Első', 'Szabó Éva'))
      expect(screen.getAllByRole('form')).toHaveLength(1)
      expect(screen.getByRole('form', { name: 'Jelszó módosítása: Szabó Éva' })).toBeInTheDocument()
      await user.click(editButton('Második', 'Kovács Ádám'))
      expect(screen.getAllByRole('form')).toHaveLength(1)
      expect(within(groupCard('Második')).getByRole('form')).toBeInTheDocument()
    })

    it('refuses an empty password with "Kérlek add meg az új jelszót." and sends nothing', async () => {
      const { user, passwordBodies } = await renderWithGroups()
      await user.click(editButton('Első', 'Kovács Ádám'))
      await user.click(await within(groupCard('Első')).findByRole('button', { name: 'Mentés' }))
      expect(await within(groupCard('Első')).findByRole('alert')).toHaveTextContent(
        'Kérlek add meg az új jelszót.',
      )
      expect(passwordBodies).toEqual([])
    })

    it('saves: posts {username, password}, toasts "Jelszó sikeresen megváltoztatva." and closes', async () => {
      const { user, passwordBodies } = await renderWithGroups()
      await user.click(editButton('Második', 'Szabó Éva'))
      await user.type(await screen.findByPlaceholderText('Add meg az új jelszót...'), 'Uj-jelszo-2026{Enter}')
      expect(await screen.findByText('Jelszó sikeresen megváltoztatva.')).toBeInTheDocument()
      expect(passwordBodies).toEqual([{ username: 'diak02', password: 'Uj-jelszo-2026' }])
      await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument())
    })

    it("shows the server's refusal as Diákok does, and keeps the form open", async () => {
      const { user } = await renderWithGroups({
        password: () => HttpResponse.json({ code: 400, message: 'Túl rövid jelszó.' }, { status: 400 }),
      })
      await user.click(editButton('Első', 'Kovács Ádám'))
      await user.type(await screen.findByPlaceholderText('Add meg az új jelszót...'), 'rovid{Enter}')
      expect(await screen.findByText('Hiba történt: Túl rövid jelszó.')).toBeInTheDocument()
      expect(screen.getByRole('form', { name: 'Jelszó módosítása: Kovács Ádám' })).toBeInTheDocument()
    })
  })

  describe('announcements', () => {
    const alerts: Alert[] = [
      { id: 'al1', _id: 'al1', message: 'Holnap tűzriadó-gyakorlat lesz.' },
      { id: 'al2', _id: 'al2', message: 'A tanári értekezlet 14 órakor kezdődik.' },
    ]

    it('shows the announcements; a dismissed one is kept in closedAlerts and stays hidden after a reload', async () => {
      serve({ alerts })
      const first = renderDashboard()
      const region = await screen.findByRole('region', { name: 'Értesítések' })
      expect(within(region).getByText('Holnap tűzriadó-gyakorlat lesz.')).toBeInTheDocument()
      const [closeFirst] = within(region).getAllByRole('button', { name: 'Értesítés bezárása' })
      await first.user.click(closeFirst)
      expect(screen.queryByText('Holnap tűzriadó-gyakorlat lesz.')).not.toBeInTheDocument()
      expect(JSON.parse(localStorage.getItem('closedAlerts')!)).toEqual(['al1'])

      first.unmount()
      renderDashboard()
      expect(await screen.findByText('A tanári értekezlet 14 órakor kezdődik.')).toBeInTheDocument()
      expect(screen.queryByText('Holnap tűzriadó-gyakorlat lesz.')).not.toBeInTheDocument()
    })

    it('shows no announcement region when every one is dismissed', async () => {
      localStorage.setItem('closedAlerts', '["al1","al2"]')
      serve({ alerts, groups: [aGroup('a')] })
      renderDashboard()
      await screen.findByRole('article', { name: 'Csoport a' })
      expect(screen.queryByRole('region', { name: 'Értesítések' })).not.toBeInTheDocument()
    })
  })

  describe('quick-launch buttons', () => {
    it('open in a new tab, with https:// added to a url without a scheme; a non-http url is no link', async () => {
      serve({
        quickActions: [
          { id: 'q1', name: 'Moodle', url: 'moodle.pelda.hu', icon: 'external-link' },
          { id: 'q2', name: 'Napló', url: 'https://naplo.pelda.hu/', icon: 'external-link' },
          { id: 'q3', name: 'Gonosz', url: 'javascript:alert(1)', icon: 'external-link' },
        ],
      })
      renderDashboard()
      const moodle = await screen.findByRole('link', { name: /^Moodle/ })
      expect(moodle).toHaveAttribute('href', 'https://moodle.pelda.hu/')
      expect(moodle).toHaveAttribute('target', '_blank')
      expect(moodle).toHaveAttribute('rel', 'noopener noreferrer')
      expect(screen.getByRole('link', { name: /^Napló/ })).toHaveAttribute('href', 'https://naplo.pelda.hu/')
      expect(screen.getByText('Gonosz')).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: /Gonosz/ })).not.toBeInTheDocument()
    })
  })

  describe('Következő óra', () => {
    it("shows the first of today's groups with its room; 'Megtartva' moves on, until 'Ma nincs több órád.'", async () => {
      serve({
        groups: [
          aGroup('a', { groupName: 'Reggeli csoport', room: '101' }),
          aGroup('x', { groupName: 'Keddi csoport', groupDay: 2 }),
          aGroup('b', { groupName: 'Délutáni csoport', room: '' }),
        ],
      })
      const { user } = renderDashboard()
      const card = await screen.findByRole('region', { name: 'Következő óra' })
      expect(within(card).getByText('Reggeli csoport')).toBeInTheDocument()
      expect(within(card).getByText('101. terem')).toBeInTheDocument()
      expect(within(card).getByText('Utána: Délutáni csoport')).toBeInTheDocument()

      await user.click(within(card).getByRole('button', { name: 'Megtartva: Reggeli csoport' }))
      expect(within(card).getByText('Délutáni csoport')).toBeInTheDocument()
      expect(within(card).getByText('Nincs terem megadva')).toBeInTheDocument()

      await user.click(within(card).getByRole('button', { name: 'Megtartva: Délutáni csoport' }))
      expect(within(card).getByText('Ma nincs több órád.')).toBeInTheDocument()

      await user.click(within(card).getByRole('button', { name: 'Visszavonás' }))
      expect(within(card).getByText('Délutáni csoport')).toBeInTheDocument()
    })

    it("lists today's groups by start time, a group without a time last, each with its time", async () => {
      serve({
        groups: [
          aGroup('n', { groupName: 'Időpont nélkül' }),
          aGroup('l', { groupName: 'Délutáni', startTime: '13:00', endTime: '13:45' }),
          aGroup('e', { groupName: 'Reggeli', startTime: '08:00', endTime: '09:30' }),
        ],
      })
      renderDashboard()
      const section = await screen.findByRole('region', { name: 'Mai csoportok' })
      const cards = await within(section).findAllByRole('article')
      expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
        'Reggeli',
        'Délutáni',
        'Időpont nélkül',
      ])
      expect(within(cards[0]).getByText('8:00–9:30')).toBeInTheDocument()
      expect(within(cards[2]).queryByText(/–/)).not.toBeInTheDocument()
    })

    it("says 'Most:' during a class, with its time, room and members, then the next by start time", async () => {
      // Monday 10:00 in Budapest: the 9:45–10:30 class meets now; the 8:00 one is over.
      serve({
        groups: [
          aGroup('later', { groupName: 'Délutáni', startTime: '13:00', endTime: '13:45', room: '105' }),
          aGroup('over', { groupName: 'Reggeli', startTime: '08:00', endTime: '09:30' }),
          aGroup('now', {
            groupName: 'Informatika 9.A',
            startTime: '09:45',
            endTime: '10:30',
            room: '204',
            members: [
              { id: 's1', name: 'Kovács Anna', username: 'kovacs.anna' },
              { id: 's2', name: 'Nagy Péter', username: 'diak07' },
            ],
            students: ['Kovács Anna', 'Nagy Péter'],
          }),
        ],
      })
      const { user } = renderDashboard()
      const card = await screen.findByRole('region', { name: 'Következő óra' })
      expect(within(card).getByText('Most:')).toBeInTheDocument()
      expect(within(card).getByText('Informatika 9.A')).toBeInTheDocument()
      expect(within(card).getByText('9:45–10:30')).toBeInTheDocument()
      expect(within(card).getByText('204. terem')).toBeInTheDocument()
      expect(within(card).getByText('2 diák')).toBeInTheDocument()
      expect(within(card).getByText('Kovács Anna, Nagy Péter')).toBeInTheDocument()
      expect(within(card).getByText('Utána: Délutáni')).toBeInTheDocument()

      // Held: the next by start time, not yet meeting.
      await user.click(within(card).getByRole('button', { name: 'Megtartva: Informatika 9.A' }))
      expect(within(card).queryByText('Most:')).not.toBeInTheDocument()
      expect(within(card).getByText('Délutáni')).toBeInTheDocument()
      expect(within(card).getByText('13:00–13:45')).toBeInTheDocument()
      expect(within(card).getByText('105. terem')).toBeInTheDocument()
    })

    it("during a class, 'Jelenlét' opens Csoportok on that group's register for today, and comes back here", async () => {
      // Monday 10:00 in Budapest: the 9:45–10:30 class meets now.
      serve({
        groups: [
          aGroup('now', { groupName: 'Informatika 9.A', startTime: '09:45', endTime: '10:30' }),
          aGroup('later', { groupName: 'Délutáni', startTime: '13:00', endTime: '13:45' }),
        ],
      })
      const asked: ScreenRequest[] = []
      const stop = onScreenRequest((request) => asked.push(request))
      try {
        const { user } = renderDashboard()
        const card = await screen.findByRole('region', { name: 'Következő óra' })
        await user.click(within(card).getByRole('button', { name: 'Jelenlét: Informatika 9.A' }))
        expect(asked).toEqual([{ screen: 'groups', open: { attendance: 'now' }, back: 'dashboard' }])

        // Held: the next class has not begun, so there is no register to take yet.
        await user.click(within(card).getByRole('button', { name: 'Megtartva: Informatika 9.A' }))
        expect(within(card).getByText('Délutáni')).toBeInTheDocument()
        expect(within(card).queryByRole('button', { name: /^Jelenlét/ })).not.toBeInTheDocument()
      } finally {
        stop()
        asked.forEach(clearScreenRequest)
      }
    })

    it("offers no 'Jelenlét' without manageAttendance", async () => {
      serve({
        groups: [aGroup('now', { groupName: 'Informatika 9.A', startTime: '09:45', endTime: '10:30' })],
        features: ROLE_DEFAULT_FEATURES.teacher.filter((feature) => feature !== 'manageAttendance'),
      })
      renderDashboard()
      const card = await screen.findByRole('region', { name: 'Következő óra' })
      expect(within(card).getByText('Most:')).toBeInTheDocument()
      expect(within(card).queryByRole('button', { name: /^Jelenlét/ })).not.toBeInTheDocument()
    })

    it("shows the next class by start time before it begins, and none once every class's time is over", async () => {
      vi.setSystemTime(new Date('2026-11-23T06:30:00Z')) // 7:30 in Budapest
      serve({ groups: [aGroup('e', { groupName: 'Reggeli', startTime: '08:00', endTime: '09:30' })] })
      const first = renderDashboard()
      const card = await screen.findByRole('region', { name: 'Következő óra' })
      expect(within(card).getByText('Reggeli')).toBeInTheDocument()
      expect(within(card).queryByText('Most:')).not.toBeInTheDocument()
      first.unmount()

      vi.setSystemTime(new Date('2026-11-23T08:30:00Z')) // 9:30 in Budapest: it has ended
      renderDashboard()
      const later = await screen.findByRole('region', { name: 'Következő óra' })
      expect(within(later).getByText('Ma nincs több órád.')).toBeInTheDocument()
    })

    it('keeps the held marks of the day when the screen is opened again', async () => {
      serve({ groups: [aGroup('a', { groupName: 'Első óra' }), aGroup('b', { groupName: 'Második óra' })] })
      const first = renderDashboard()
      const card = await screen.findByRole('region', { name: 'Következő óra' })
      await first.user.click(within(card).getByRole('button', { name: 'Megtartva: Első óra' }))
      first.unmount()

      renderDashboard()
      const again = await screen.findByRole('region', { name: 'Következő óra' })
      expect(within(again).getByRole('button', { name: 'Megtartva: Második óra' })).toBeInTheDocument()
    })
  })

  it('shows the offline marker when the data came from the cache', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    serve({ groups: [aGroup('a')] })
    renderDashboard()
    expect(await screen.findByText(/^Nincs hálózat/)).toBeInTheDocument()
  })
})

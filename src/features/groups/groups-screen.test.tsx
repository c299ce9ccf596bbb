import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { clear, createStore } from 'idb-keyval'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  GROUP_MESSAGES,
  GROUP_TIME_MESSAGES,
  type Classroom,
  type Group,
  type Note,
  type Student,
} from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import GroupsScreen from './groups-screen'
import { aGroup, aNote, aStudent } from './test-helpers'

// The seating editor is another engineer's module with its own tests: a stand-in shows which group it opened for.
vi.mock('./seating/seating-dialog', () => ({
  SeatingDialog: ({ group, onClose }: { group: Group; onClose: () => void }) => (
    <div role="dialog" aria-label={`Ülésrend: ${group.groupName}`}>
      <button type="button" onClick={onClose}>
        Bezárás
      </button>
    </div>
  ),
}))

/** The screen as the shell mounts it: with the outbox running. */
function App() {
  useOutboxRunner()
  return <GroupsScreen />
}

const anna = aStudent('Kovács Anna')
const bela = aStudent('Kovács Béla')
const peter = aStudent('Nagy Péter', { username: 'diak07' })
const STUDENTS: Student[] = [
  anna,
  bela,
  peter,
  aStudent('Szabó Eszter'),
  aStudent('Kovács Cecília'),
  aStudent('Kovács Dénes'),
  aStudent('Kovács Emese'),
  aStudent('Kovács Ferenc'),
]
const CLASSROOMS: Classroom[] = [
  { _id: 'c1', name: '204', layout: { size: [8, 6], objects: [] } },
  { _id: 'c2', name: '105', layout: { size: [8, 6], objects: [] } },
  // One desk, at the front left.
  { _id: 'c3', name: 'Kis terem', layout: { size: [2, 2], objects: [{ type: 'student', x: 0, y: 0 }] } },
]

function serveGroups(groups: Group[] | (() => Group[])) {
  let calls = 0
  server.use(
    http.get(`${API}/groups/instructor`, () => {
      calls++
      return HttpResponse.json({ code: 200, groups: typeof groups === 'function' ? groups() : groups })
    }),
  )
  return { calls: () => calls }
}

function serveNotes(notes: Note[] | (() => Note[])) {
  const asked: string[] = []
  server.use(
    http.get(`${API}/notes/:groupId`, ({ params }) => {
      asked.push(String(params.groupId))
      return HttpResponse.json({ code: 200, notes: typeof notes === 'function' ? notes() : notes })
    }),
  )
  return asked
}

function servePost(path: string, answer: () => Response | Promise<Response>) {
  const posted: { body: unknown; key: string | null }[] = []
  server.use(
    http.post(`${API}${path}`, async ({ request }) => {
      posted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') })
      return answer()
    }),
  )
  return posted
}

function renderScreen({
  notes = false,
  students = () => HttpResponse.json({ students: STUDENTS }),
  type = 'teacher',
}: { notes?: boolean; students?: () => Response; type?: 'teacher' | 'admin' } = {}) {
  if (notes) localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:groupNotes': 'ui1' }))
  signIn()
  server.use(
    dashboardHandler(buildDashboard({ name: 'Teszt Elek', type })),
    userSettingsHandler(),
    http.get(`${API}/students/`, students),
    http.get(`${API}/classrooms`, () => HttpResponse.json({ code: 200, classrooms: CLASSROOMS })),
  )
  return renderWithProviders(<App />, { withSettings: true })
}

const list = () => screen.findByRole('list', { name: 'Csoportjaim' })
const header = (name: string | RegExp) => screen.getByRole('button', { name })
const panelOf = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) })

async function expand(user: UserEvent, name: string) {
  await user.click(header(new RegExp(`^${name}`)))
  return panelOf(name)
}

beforeEach(() => {
  // Tuesday, 24 November 2026, in Budapest.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-24T10:00:00+01:00'))
})

afterEach(async () => {
  vi.useRealTimers()
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
  vi.unstubAllGlobals()
})

describe('Csoportok: the list', () => {
  it("says 'Csoportok betöltése...' while the groups load", async () => {
    server.use(http.get(`${API}/groups/instructor`, () => delay('infinite')))
    renderScreen()
    expect(await screen.findByText('Csoportok betöltése...')).toBeInTheDocument()
  })

  it("says 'Hiba történt a csoportok betöltése közben.' when loading fails, and tries again", async () => {
    let calls = 0
    server.use(
      http.get(`${API}/groups/instructor`, () => {
        calls++
        return calls === 1
          ? HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 })
          : HttpResponse.json({ code: 200, groups: [aGroup('Matek 9.A')] })
      }),
    )
    const { user } = renderScreen()
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a csoportok betöltése közben.')
    await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
    expect(await screen.findByRole('button', { name: /^Matek 9\.A/ })).toBeInTheDocument()
  })

  it('shows the empty state when the server answers 404 (no groups)', async () => {
    server.use(
      http.get(`${API}/groups/instructor`, () =>
        HttpResponse.json({ code: 404, message: 'Nincsenek csoportjaid.' }, { status: 404 }),
      ),
    )
    renderScreen()
    expect(await screen.findByText('Nincsenek csoportok')).toBeInTheDocument()
    expect(screen.getByText('Hozz létre új csoportot a kezdéshez.')).toBeInTheDocument()
  })

  it("lists the groups from today's weekday on, with day, '{room}. terem' and the student count", async () => {
    serveGroups([
      aGroup('Hétfői csoport', { groupDay: 1, room: '105' }, [anna]),
      aGroup('Szerdai csoport', { groupDay: 3, room: '', classroom: '' }, [anna, bela, peter]),
      aGroup('Keddi csoport', { groupDay: 2, room: '204' }, [anna, bela]),
    ])
    renderScreen()
    const groups = within(await list()).getAllByRole('button', { expanded: false })
    expect(groups.map((g) => g.textContent)).toEqual([
      'Keddi csoport, Kedd, 204. terem, 2 diák',
      'Szerdai csoport, Szerda, 3 diák',
      'Hétfői csoport, Hétfő, 105. terem, 1 diák',
    ])
    expect(screen.getByText('3 csoport')).toBeInTheDocument()
    // Block-level parts may add a space before each comma; a screen reader says the same.
    expect(groups[0]).toHaveAccessibleName(/^Keddi csoport ?, Kedd ?, 204\. terem ?, 2 diák$/)
    expect(groups[1]).toHaveAccessibleName(/^Szerdai csoport ?, Szerda ?, 3 diák$/)
  })

  it('expands and collapses a group by click, Enter and Space, showing its students and actions', async () => {
    serveGroups([aGroup('Matek 9.A', {}, [anna, bela])])
    const { user } = renderScreen()
    await list()
    const button = header(/^Matek 9\.A/)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const panel = panelOf('Matek 9.A')
    expect(button).toHaveAttribute('aria-controls', panel.id)
    const students = within(panel).getByRole('list', { name: 'Diákok' })
    expect(
      within(students)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kovács Anna', 'Kovács Béla'])
    expect(within(panel).getByRole('button', { name: 'Ülésrend' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Törlés' })).toBeInTheDocument()

    await user.keyboard('{Enter}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard(' ')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.click(button)
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it("opens the group's seating dialog from 'Ülésrend'", async () => {
    serveGroups([aGroup('Matek 9.A', {}, [anna])])
    const { user } = renderScreen()
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await user.click(within(panel).getByRole('button', { name: 'Ülésrend' }))
    expect(await screen.findByRole('dialog', { name: 'Ülésrend: Matek 9.A' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Bezárás' }))
    expect(screen.queryByRole('dialog', { name: 'Ülésrend: Matek 9.A' })).not.toBeInTheDocument()
  })

  it('shows the offline marker with the time of the cached answer', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    server.use(
      http.get(`${API}/groups/instructor`, () =>
        HttpResponse.json(
          { code: 200, groups: [aGroup('Matek 9.A')] },
          { headers: { Date: 'Tue, 24 Nov 2026 08:05:00 GMT' } },
        ),
      ),
    )
    renderScreen()
    await list()
    expect(screen.getByText(/^Nincs hálózat – utoljára frissítve 2026\. november 24\./)).toBeInTheDocument()
  })

  it('offline disables Új csoport and Törlés and says why; Ülésrend stays (issue 18)', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    serveGroups([aGroup('Matek 9.A')])
    const { user } = renderScreen()
    await list()
    expect(screen.getByRole('button', { name: 'Új csoport' })).toBeDisabled()
    expect(screen.getByText(MESSAGES.groupsWritesOffline)).toBeInTheDocument()
    const panel = await expand(user, 'Matek 9.A')
    expect(within(panel).getByRole('button', { name: 'Törlés' })).toBeDisabled()
    expect(within(panel).getByRole('button', { name: 'Ülésrend' })).toBeEnabled()
  })
})

describe('Csoportok: a new group', () => {
  async function openCreate(user: UserEvent) {
    await user.click(await screen.findByRole('button', { name: 'Új csoport' }))
    return screen.findByRole('dialog', { name: 'Új csoport létrehozása' })
  }

  async function typeTimes(user: UserEvent, dialog: HTMLElement, start: string, end: string) {
    await user.type(within(dialog).getByLabelText('Kezdés'), start)
    await user.type(within(dialog).getByLabelText('Befejezés'), end)
  }

  it('asks for both times, in 15-minute steps, the end after the start, and sends nothing until then', async () => {
    serveGroups([])
    const posted = servePost('/groups/create', () =>
      HttpResponse.json({ code: 201, message: 'Csoport létrehozva.', groupId: 'g9' }, { status: 201 }),
    )
    const { user } = renderScreen()
    const dialog = await openCreate(user)
    await user.type(within(dialog).getByLabelText('Csoport neve'), 'Angol')
    await user.type(within(dialog).getByRole('combobox', { name: 'Diákok' }), 'anna{Enter}')
    const start = within(dialog).getByLabelText('Kezdés')
    const end = within(dialog).getByLabelText('Befejezés')
    expect(start).toHaveAttribute('type', 'time')
    expect(start).toHaveAttribute('step', '900')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findByText(GROUP_TIME_MESSAGES.startRequired)).toBeInTheDocument()
    expect(within(dialog).getByText(GROUP_TIME_MESSAGES.endRequired)).toBeInTheDocument()
    expect(start).toHaveAttribute('aria-invalid', 'true')

    await typeTimes(user, dialog, '08:10', '09:30')
    expect(await within(dialog).findByText(GROUP_TIME_MESSAGES.step)).toBeInTheDocument()
    expect(end).not.toHaveAttribute('aria-invalid')

    await user.clear(start)
    await user.type(start, '09:30')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findByText(GROUP_TIME_MESSAGES.endBeforeStart)).toBeInTheDocument()
    expect(end).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toEqual([])

    await user.clear(start)
    await user.type(start, '08:00')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0].body).toMatchObject({ startTime: '08:00', endTime: '09:30' })
  })

  it("refuses an empty or blank name and no student with 'Kérjük, töltse ki az összes kötelező mezőt.' and sends nothing", async () => {
    serveGroups([])
    const posted = servePost('/groups/create', () =>
      HttpResponse.json({ code: 201, message: 'Csoport létrehozva.', groupId: 'g9' }, { status: 201 }),
    )
    const { user } = renderScreen()
    const dialog = await openCreate(user)
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findAllByText('Kérjük, töltse ki az összes kötelező mezőt.')).toHaveLength(2)
    expect(within(dialog).getByLabelText('Csoport neve')).toHaveAttribute('aria-invalid', 'true')

    // A blank name with a student (and a time) is refused too.
    await user.type(within(dialog).getByLabelText('Csoport neve'), '   ')
    await typeTimes(user, dialog, '08:00', '08:45')
    await user.type(within(dialog).getByRole('combobox', { name: 'Diákok' }), 'Anna')
    await user.click(await within(dialog).findByRole('option', { name: /Kovács Anna/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findAllByText('Kérjük, töltse ki az összes kötelező mezőt.')).toHaveLength(1)
    expect(posted).toEqual([])
  })

  it("searches students fuzzily (at most 5), says 'Nincs találat.', and picks by keyboard and by click", async () => {
    serveGroups([])
    const { user } = renderScreen()
    const dialog = await openCreate(user)
    const search = within(dialog).getByRole('combobox', { name: 'Diákok' })

    // Six Kovács match; the picker shows five.
    await user.type(search, 'kovacs')
    const results = within(dialog).getByRole('listbox', { name: 'Találatok' })
    expect(within(results).getAllByRole('option')).toHaveLength(5)
    expect(search).toHaveAttribute('aria-expanded', 'true')

    // A typo still finds her; the username finds him.
    await user.clear(search)
    await user.type(search, 'Szabi')
    expect(
      within(within(dialog).getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Szabó Eszter')])
    await user.clear(search)
    await user.type(search, 'diak07')
    expect(
      within(within(dialog).getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Nagy Péter')])

    await user.clear(search)
    await user.type(search, 'zzzzqq')
    expect(within(dialog).getByText('Nincs találat.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument()

    // Keyboard: ↓ to the second result, Enter picks it (and does not submit).
    await user.clear(search)
    await user.type(search, 'Kovács B')
    const options = within(within(dialog).getByRole('listbox')).getAllByRole('option')
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}')
    const chosen = within(dialog).getByRole('list', { name: 'Kiválasztott diákok' })
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kovács Béla'])
    expect(search).toHaveValue('')
    expect(within(dialog).queryByText('Kérjük, töltse ki az összes kötelező mezőt.')).not.toBeInTheDocument()

    // A chosen student is not offered again, and a chip removes its student.
    await user.type(search, 'Kovács Béla')
    expect(within(dialog).queryByRole('option', { name: /Kovács Béla/ })).not.toBeInTheDocument()
    await user.click(within(chosen).getByRole('button', { name: 'Eltávolítás: Kovács Béla' }))
    expect(within(chosen).queryAllByRole('listitem')).toHaveLength(0)
  })

  it("says 'Hiba történt a diákok betöltése közben.' in the picker when the students fail to load, and tries again", async () => {
    serveGroups([])
    let calls = 0
    const { user } = renderScreen({
      students: () => {
        calls++
        return calls === 1
          ? HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 })
          : HttpResponse.json({ students: STUDENTS })
      },
    })
    const dialog = await openCreate(user)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Hiba történt a diákok betöltése közben.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Újrapróbálás' }))
    expect(await within(dialog).findByRole('combobox', { name: 'Diákok' })).toBeInTheDocument()
  })

  it("sends {groupName, groupDay, students: usernames, classroom, startTime, endTime}, says 'Csoport létrehozva.' and shows the new group", async () => {
    let groups: Group[] = []
    const served = serveGroups(() => groups)
    const posted = servePost('/groups/create', () => {
      groups = [aGroup('Angol 10.B', { groupDay: 3, room: '204' }, [anna, peter])]
      return HttpResponse.json({ code: 201, message: 'Csoport létrehozva.', groupId: 'g9' }, { status: 201 })
    })
    const { user } = renderScreen()
    expect(await screen.findByText('Nincsenek csoportok')).toBeInTheDocument()
    const dialog = await openCreate(user)
    await user.type(within(dialog).getByLabelText('Csoport neve'), '  Angol 10.B ')
    await user.selectOptions(within(dialog).getByLabelText('Nap'), 'Szerda')
    await user.selectOptions(within(dialog).getByLabelText('Terem'), '204')
    const search = within(dialog).getByRole('combobox', { name: 'Diákok' })
    await user.type(search, 'anna{Enter}')
    await user.type(search, 'diak07{Enter}')
    await typeTimes(user, dialog, '08:00', '09:30')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))

    expect(await screen.findByText('Csoport létrehozva.')).toBeInTheDocument()
    expect(posted).toEqual([
      {
        body: {
          groupName: 'Angol 10.B',
          groupDay: 3,
          students: [anna.username, 'diak07'],
          classroom: 'c1',
          startTime: '08:00',
          endTime: '09:30',
        },
        key: expect.any(String),
      },
    ])
    expect(await screen.findByRole('button', { name: /^Angol 10\.B/ })).toHaveTextContent('204. terem')
    expect(served.calls()).toBe(2)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it.each([
    [
      'a 400 with a message shows it',
      400,
      { code: 400, message: 'Ismeretlen diák: diak99.' },
      'Ismeretlen diák: diak99.',
    ],
    ['a 400 without a message', 400, { code: 400 }, 'Hiba történt a csoport létrehozása közben.'],
    ['a 500', 500, { code: 500, message: 'Belső hiba' }, 'Hiba történt a csoport létrehozása közben.'],
    [
      'a 409: an identical group exists',
      409,
      { code: 409, message: 'Már van ilyen nevű csoport ezen a napon ebben a teremben.' },
      'Már van ilyen nevű csoport ezen a napon ebben a teremben.',
    ],
  ])('on failure (%s) says so and keeps the dialog open', async (_case, status, answer, message) => {
    serveGroups([])
    const posted = servePost('/groups/create', () => HttpResponse.json(answer, { status }))
    const { user } = renderScreen()
    const dialog = await openCreate(user)
    await user.type(within(dialog).getByLabelText('Csoport neve'), 'Angol')
    await user.type(within(dialog).getByRole('combobox', { name: 'Diákok' }), 'anna{Enter}')
    await typeTimes(user, dialog, '10:00', '10:45')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0)
    expect(screen.getByRole('dialog', { name: 'Új csoport létrehozása' })).toBeInTheDocument()
    if (status === 409) {
      // Said in the dialog, at the name.
      expect(within(dialog).getByText(message)).toBeInTheDocument()
      expect(within(dialog).getByLabelText('Csoport neve')).toHaveAttribute('aria-invalid', 'true')
    }
    expect(within(dialog).getByLabelText('Csoport neve')).toHaveValue('Angol')
    // Untouched, the day is today's (Tuesday) and there is no classroom.
    expect(posted).toEqual([
      {
        body: {
          groupName: 'Angol',
          groupDay: 2,
          students: [anna.username],
          classroom: '',
          startTime: '10:00',
          endTime: '10:45',
        },
        key: expect.any(String),
      },
    ])
  })
})

describe('Csoportok: editing a group (issue 20)', () => {
  /** Room 204 with three desks in the front row, Anna, Béla and Péter on them. */
  function aSeatedGroup() {
    return aGroup(
      'Matek 9.A',
      {
        id: 'g1',
        groupDay: 1,
        classroom: 'c1',
        room: '204',
        startTime: '08:00',
        endTime: '09:30',
        layout: {
          size: [8, 6],
          objects: [0, 1, 2].map((x) => ({ type: 'student' as const, x, y: 0 })),
        },
      },
      [anna, bela, peter],
    )
  }

  function serveSeating() {
    server.use(
      http.get(`${API}/classrooms/c1/groups/g1/seating`, () =>
        HttpResponse.json({
          code: 200,
          positions: [
            { student: anna.username, position: '0-0' },
            { student: bela.username, position: '1-0' },
            { student: 'diak07', position: '2-0' },
          ],
        }),
      ),
    )
  }

  function servePut(answer: () => Response) {
    const put: { id: string; body: unknown; key: string | null }[] = []
    server.use(
      http.put(`${API}/groups/:id`, async ({ request, params }) => {
        put.push({
          id: String(params.id),
          body: await request.json(),
          key: request.headers.get('Idempotency-Key'),
        })
        return answer()
      }),
    )
    return put
  }

  async function openEdit(user: UserEvent, name: string) {
    const panel = await expand(user, name)
    await user.click(within(panel).getByRole('button', { name: 'Szerkesztés' }))
    return screen.findByRole('dialog', { name: 'Csoport szerkesztése' })
  }

  it("shows the time with the day ('Hétfő 8:00–9:30, 204. terem'); a group without a time shows the day alone", async () => {
    serveGroups([aSeatedGroup(), aGroup('Régi csoport', { groupDay: 1, room: '105' })])
    renderScreen()
    await list()
    expect(header(/^Matek 9\.A/)).toHaveAccessibleName(
      /^Matek 9\.A\s*,\s*Hétfő 8:00–9:30\s*,\s*204\. terem\s*,/,
    )
    expect(header(/^Régi csoport/)).toHaveAccessibleName(/^Régi csoport\s*,\s*Hétfő\s*,\s*105\. terem\s*,/)
  })

  it('pre-fills the dialog, says how many pupils lose their seat, and PUTs the whole group through the outbox', async () => {
    let groups = [aSeatedGroup()]
    serveGroups(() => groups)
    serveSeating()
    const put = servePut(() => {
      groups = [
        aGroup('Matek 9.B', { id: 'g1', groupDay: 2, classroom: 'c3', room: 'Kis terem' }, [anna, bela]),
      ]
      return HttpResponse.json({ code: 200, message: GROUP_MESSAGES.updated })
    })
    const { user } = renderScreen()
    await list()
    const dialog = await openEdit(user, 'Matek 9.A')
    expect(within(dialog).getByLabelText('Csoport neve')).toHaveValue('Matek 9.A')
    expect(within(dialog).getByLabelText('Nap')).toHaveValue('1')
    expect(within(dialog).getByLabelText('Kezdés')).toHaveValue('08:00')
    expect(within(dialog).getByLabelText('Befejezés')).toHaveValue('09:30')
    expect(await within(dialog).findByRole('option', { name: 'Kis terem' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Terem')).toHaveValue('c1')
    const chosen = within(dialog).getByRole('list', { name: 'Kiválasztott diákok' })
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kovács Anna', 'Kovács Béla', 'Nagy Péter'])
    expect(within(dialog).queryByText(/elveszíti a helyét/)).not.toBeInTheDocument()

    // Péter leaves the group: his seat goes.
    await user.click(within(chosen).getByRole('button', { name: 'Eltávolítás: Nagy Péter' }))
    expect(await within(dialog).findByText('1 tanuló elveszíti a helyét az ülésrendben.')).toBeInTheDocument()
    // The small room has one desk: Anna keeps hers, Béla loses his.
    await user.selectOptions(within(dialog).getByLabelText('Terem'), 'Kis terem')
    expect(await within(dialog).findByText('2 tanuló elveszíti a helyét az ülésrendben.')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Csoport neve'))
    await user.type(within(dialog).getByLabelText('Csoport neve'), 'Matek 9.B ')
    await user.selectOptions(within(dialog).getByLabelText('Nap'), 'Kedd')
    await user.clear(within(dialog).getByLabelText('Befejezés'))
    await user.type(within(dialog).getByLabelText('Befejezés'), '08:45')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))

    expect(await screen.findByText(GROUP_MESSAGES.updated)).toBeInTheDocument()
    expect(put).toEqual([
      {
        id: 'g1',
        body: {
          groupName: 'Matek 9.B',
          groupDay: 2,
          students: [anna.username, bela.username],
          classroom: 'c3',
          startTime: '08:00',
          endTime: '08:45',
        },
        key: expect.any(String),
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByRole('button', { name: /^Matek 9\.B/ })).toHaveTextContent('Kis terem. terem')
  })

  it('offline, the edit is queued and the list shows it at once', async () => {
    serveGroups([aSeatedGroup()])
    serveSeating()
    const put = servePut(() => HttpResponse.error())
    const { user } = renderScreen()
    await list()
    const dialog = await openEdit(user, 'Matek 9.A')
    await user.clear(within(dialog).getByLabelText('Kezdés'))
    await user.type(within(dialog).getByLabelText('Kezdés'), '07:45')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))

    expect(
      await screen.findByText('Nincs hálózat – a csoport módosítása elküldésre vár.'),
    ).toBeInTheDocument()
    expect(header(/^Matek 9\.A/)).toHaveTextContent('Hétfő 7:45–9:30')
    expect(put).toHaveLength(1)
    expect(outbox.getSnapshot().items).toEqual([
      expect.objectContaining({ method: 'PUT', url: '/groups/g1', attempts: 1 }),
    ])
  })

  it('a group without a time may keep none (null), but not only one of the two', async () => {
    serveGroups([aGroup('Régi csoport', { id: 'g2', classroom: '', room: '' }, [anna])])
    const put = servePut(() => HttpResponse.json({ code: 200, message: GROUP_MESSAGES.updated }))
    const { user } = renderScreen()
    await list()
    const dialog = await openEdit(user, 'Régi csoport')
    expect(within(dialog).getByLabelText('Kezdés')).toHaveValue('')
    await user.type(within(dialog).getByLabelText('Kezdés'), '10:00')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    expect(await within(dialog).findByText(GROUP_TIME_MESSAGES.endRequired)).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Kezdés'))
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    await waitFor(() => expect(put).toHaveLength(1))
    expect(put[0].body).toMatchObject({ startTime: null, endTime: null, students: [anna.username] })
  })
})

describe("Csoportok: an administrator's 'Összes csoport' (issue 20)", () => {
  const own = aGroup('Matek 9.A', { id: 'g1' }, [anna])
  const foreign = aGroup(
    'Fizika 10.B',
    { id: 'g9', instructor: 'Másik Tanár', startTime: '10:00', endTime: '11:30' },
    [bela, peter],
  )

  function serveAllGroups() {
    let calls = 0
    server.use(
      http.get(`${API}/groups`, () => {
        calls++
        return HttpResponse.json({ code: 200, groups: [own, foreign] })
      }),
    )
    return { calls: () => calls }
  }

  it('a teacher has no switch and never asks for every group', async () => {
    serveGroups([own])
    const all = serveAllGroups()
    const { user } = renderScreen()
    await list()
    // The dashboard has answered (its features show 'Jelenlét'), still no switch.
    const panel = await expand(user, 'Matek 9.A')
    await within(panel).findByRole('button', { name: 'Jelenlét' })
    expect(screen.queryByRole('checkbox', { name: 'Összes csoport' })).not.toBeInTheDocument()
    expect(all.calls()).toBe(0)
  })

  it("an administrator switches to every group, sees another teacher's group with its teacher, and edits it", async () => {
    serveGroups([own])
    const all = serveAllGroups()
    const put: { id: string; body: unknown }[] = []
    server.use(
      http.put(`${API}/groups/:id`, async ({ request, params }) => {
        put.push({ id: String(params.id), body: await request.json() })
        return HttpResponse.json({ code: 200, message: GROUP_MESSAGES.updated })
      }),
    )
    server.use(
      http.get(`${API}/classrooms/:classroomId/groups/:groupId/seating`, () =>
        HttpResponse.json({ code: 200, positions: [] }),
      ),
    )
    const { user } = renderScreen({ type: 'admin' })
    await list()
    expect(screen.queryByRole('button', { name: /^Fizika 10\.B/ })).not.toBeInTheDocument()
    expect(all.calls()).toBe(0)

    await user.click(await screen.findByRole('checkbox', { name: 'Összes csoport' }))
    const every = await screen.findByRole('list', { name: 'Összes csoport' })
    await within(every).findByRole('button', { name: /^Fizika 10\.B/ })
    expect(header(/^Fizika 10\.B/)).toHaveTextContent('Másik Tanár')
    expect(header(/^Matek 9\.A/)).toBeInTheDocument()

    const panel = await expand(user, 'Fizika 10.B')
    await user.click(within(panel).getByRole('button', { name: 'Szerkesztés' }))
    const dialog = await screen.findByRole('dialog', { name: 'Csoport szerkesztése' })
    expect(within(dialog).getByLabelText('Csoport neve')).toHaveValue('Fizika 10.B')
    expect(within(dialog).getByLabelText('Kezdés')).toHaveValue('10:00')
    await user.clear(within(dialog).getByLabelText('Csoport neve'))
    await user.type(within(dialog).getByLabelText('Csoport neve'), 'Fizika 10.C')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))

    expect(await screen.findByText(GROUP_MESSAGES.updated)).toBeInTheDocument()
    expect(put).toEqual([
      {
        id: 'g9',
        body: expect.objectContaining({
          groupName: 'Fizika 10.C',
          students: [bela.username, 'diak07'],
          startTime: '10:00',
          endTime: '11:30',
        }),
      },
    ])
    // Back to the own groups: the other teacher's group is not there.
    await user.click(screen.getByRole('checkbox', { name: 'Összes csoport' }))
    await screen.findByRole('list', { name: 'Csoportjaim' })
    expect(screen.queryByRole('button', { name: /^Fizika/ })).not.toBeInTheDocument()
  })
})

describe('Csoportok: deleting a group', () => {
  function serveDelete(answer: () => Response) {
    const deleted: string[] = []
    server.use(
      http.delete(`${API}/groups/:id`, ({ params }) => {
        deleted.push(String(params.id))
        return answer()
      }),
    )
    return deleted
  }

  it('asks with the two sentences of the spec first; Mégsem sends nothing', async () => {
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    const deleted = serveDelete(() => HttpResponse.json({ code: 200, message: 'Csoport törölve.' }))
    const { user } = renderScreen()
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await user.click(within(panel).getByRole('button', { name: 'Törlés' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Biztosan törölni szeretnéd a csoportot?')
    expect(dialog).toHaveTextContent('Ez a művelet visszavonhatatlan.')
    await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(deleted).toEqual([])
    expect(header(/^Matek 9\.A/)).toBeInTheDocument()
  })

  it("deletes on confirmation and says 'Csoport törölve.'", async () => {
    let groups = [aGroup('Matek 9.A', { id: 'g1' }), aGroup('Angol', { id: 'g2' })]
    serveGroups(() => groups)
    const deleted = serveDelete(() => {
      groups = groups.filter((g) => g.id !== 'g1')
      return HttpResponse.json({ code: 200, message: 'Csoport törölve.' })
    })
    const { user } = renderScreen()
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await user.click(within(panel).getByRole('button', { name: 'Törlés' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Törlés megerősítése' }),
    )
    expect(await screen.findByText('Csoport törölve.')).toBeInTheDocument()
    expect(deleted).toEqual(['g1'])
    expect(screen.queryByRole('button', { name: /^Matek 9\.A/ })).not.toBeInTheDocument()
    expect(header(/^Angol/)).toBeInTheDocument()
  })

  it("says 'Hiba történt a csoport törlése közben.' when it fails, and the group stays", async () => {
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    serveDelete(() =>
      HttpResponse.json({ code: 404, message: 'Nem található ilyen csoport.' }, { status: 404 }),
    )
    const { user } = renderScreen()
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await user.click(within(panel).getByRole('button', { name: 'Törlés' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Törlés megerősítése' }),
    )
    expect(await screen.findByText('Hiba történt a csoport törlése közben.')).toBeInTheDocument()
    expect(header(/^Matek 9\.A/)).toBeInTheDocument()
  })
})

describe('Csoportok: notes (groupNotes ui1)', () => {
  it("shows no notes and no 'Új jegyzet' without the ui1 variant, and asks for none", async () => {
    serveGroups([aGroup('Matek 9.A')])
    const asked = serveNotes([aNote('titok', 'g1')])
    const { user } = renderScreen()
    await list()
    const panel = await expand(user, 'Matek 9.A')
    expect(within(panel).queryByRole('button', { name: 'Új jegyzet' })).not.toBeInTheDocument()
    expect(within(panel).queryByText('Jegyzetek')).not.toBeInTheDocument()
    expect(asked).toEqual([])
  })

  it('lists the notes newest first with a Hungarian date and the author, as text (never HTML)', async () => {
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    const asked = serveNotes([
      aNote('<b>x</b>', 'g1', { createdAt: '2026-11-23T09:00:00.000Z', createdBy: 'Kiss Ilona' }),
      aNote('Dolgozat jövő héten', 'g1', { createdAt: '2026-11-20T09:00:00.000Z' }),
    ])
    const { user } = renderScreen({ notes: true })
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await within(panel).findByText('Dolgozat jövő héten')
    const items = within(within(panel).getByRole('region', { name: 'Jegyzetek' })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('<b>x</b>')
    expect(items[0].querySelector('b')).toBeNull()
    expect(items[0]).toHaveTextContent(/2026\. november 23\. \d\d:\d\d · Kiss Ilona/)
    expect(items[1]).toHaveTextContent('Dolgozat jövő héten')
    expect(items[1]).toHaveTextContent(/2026\. november 20\./)
    expect(asked).toEqual(['g1'])
  })

  it("says 'Hiba történt a jegyzetek betöltése közben.' when the notes fail to load, and tries again", async () => {
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    let calls = 0
    server.use(
      http.get(`${API}/notes/:groupId`, () => {
        calls++
        return calls === 1
          ? HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 })
          : HttpResponse.json({ code: 200, notes: [aNote('Megjött', 'g1')] })
      }),
    )
    const { user } = renderScreen({ notes: true })
    await list()
    const panel = await expand(user, 'Matek 9.A')
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Hiba történt a jegyzetek betöltése közben.',
    )
    await user.click(within(panel).getByRole('button', { name: 'Újrapróbálás' }))
    expect(await within(panel).findByText('Megjött')).toBeInTheDocument()
  })

  it("refuses an empty note with 'A jegyzet nem lehet üres!' and sends nothing", async () => {
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    serveNotes([])
    const posted = servePost('/notes', () =>
      HttpResponse.json(
        { code: 201, message: 'Jegyzet sikeresen létrehozva.', noteId: 'n9' },
        { status: 201 },
      ),
    )
    const { user } = renderScreen({ notes: true })
    await list()
    const panel = await expand(user, 'Matek 9.A')
    expect(await within(panel).findByText('Még nincs jegyzet ehhez a csoporthoz.')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Új jegyzet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új jegyzet' })
    await user.type(within(dialog).getByLabelText('Jegyzet'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    expect(await within(dialog).findByText('A jegyzet nem lehet üres!')).toBeInTheDocument()
    expect(posted).toEqual([])
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it("sends {message, groupId} through the outbox once and says 'Jegyzet sikeresen létrehozva.'", async () => {
    let notes: Note[] = []
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    serveNotes(() => notes)
    const posted = servePost('/notes', () => {
      notes = [aNote('Hozzátok a körzőt', 'g1', { id: 'n9' })]
      return HttpResponse.json(
        { code: 201, message: 'Jegyzet sikeresen létrehozva.', noteId: 'n9' },
        { status: 201 },
      )
    })
    const { user } = renderScreen({ notes: true })
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await user.click(within(panel).getByRole('button', { name: 'Új jegyzet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új jegyzet' })
    await user.type(within(dialog).getByLabelText('Jegyzet'), ' Hozzátok a körzőt ')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))

    expect(await screen.findByText('Jegyzet sikeresen létrehozva.')).toBeInTheDocument()
    expect(posted).toEqual([
      { body: { message: 'Hozzátok a körzőt', groupId: 'g1' }, key: expect.any(String) },
    ])
    const notesRegion = within(panel).getByRole('region', { name: 'Jegyzetek' })
    await waitFor(() => expect(within(notesRegion).getAllByRole('listitem')).toHaveLength(1))
    expect(within(notesRegion).getByText('Hozzátok a körzőt')).toBeInTheDocument()
    expect(within(notesRegion).queryByText('Elküldésre vár')).not.toBeInTheDocument()
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it("without network, keeps the note queued and shows it with 'Elküldésre vár'", async () => {
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    serveNotes([aNote('Régi jegyzet', 'g1')])
    const posted = servePost('/notes', () => HttpResponse.error())
    const { user } = renderScreen({ notes: true })
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await within(panel).findByText('Régi jegyzet')
    await user.click(within(panel).getByRole('button', { name: 'Új jegyzet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új jegyzet' })
    await user.type(within(dialog).getByLabelText('Jegyzet'), 'Offline jegyzet')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))

    expect(await screen.findByText('Nincs hálózat – a jegyzet elküldésre vár.')).toBeInTheDocument()
    const items = within(within(panel).getByRole('region', { name: 'Jegyzetek' })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Offline jegyzet')
    expect(items[0]).toHaveTextContent('Teszt Elek')
    expect(items[0]).toHaveTextContent('Elküldésre vár')
    expect(items[1]).not.toHaveTextContent('Elküldésre vár')
    expect(posted).toHaveLength(1)
    expect(outbox.getSnapshot().items).toEqual([
      expect.objectContaining({
        url: '/notes',
        body: { message: 'Offline jegyzet', groupId: 'g1' },
        attempts: 1,
      }),
    ])
  })

  it("says 'Hiba történt a jegyzet létrehozása közben.' when the server refuses the note", async () => {
    serveGroups([aGroup('Matek 9.A', { id: 'g1' })])
    serveNotes([])
    servePost('/notes', () => HttpResponse.json({ code: 400, message: 'Hibás kérés.' }, { status: 400 }))
    const { user } = renderScreen({ notes: true })
    await list()
    const panel = await expand(user, 'Matek 9.A')
    await user.click(within(panel).getByRole('button', { name: 'Új jegyzet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új jegyzet' })
    await user.type(within(dialog).getByLabelText('Jegyzet'), 'Valami')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText('Hiba történt a jegyzet létrehozása közben.')).toBeInTheDocument()
    await waitFor(() => expect(within(panel).queryByText('Valami')).not.toBeInTheDocument())
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Classroom, ClassroomRequest } from '@contract/api'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import ClassroomsScreen from './classrooms-screen'
import { TOOL_HINTS } from './components/layout-designer'

/** The screen as the shell mounts it: with the outbox running. */
function App() {
  useOutboxRunner()
  return <ClassroomsScreen />
}

function aClassroom(id: string, name: string, overrides: Partial<Classroom['layout']> = {}): Classroom {
  return { _id: id, name, layout: { size: [8, 6], objects: [], ...overrides } }
}

/** GET /classrooms answers the current list; writes change it as the server would. */
function serveClassrooms(initial: Classroom[]) {
  let classrooms = [...initial]
  const posts: ClassroomRequest[] = []
  const puts: { id: string; body: ClassroomRequest; key: string | null }[] = []
  const deletes: string[] = []
  server.use(
    http.get(`${API}/classrooms`, () => HttpResponse.json({ classrooms })),
    http.post(`${API}/classrooms`, async ({ request }) => {
      const body = (await request.json()) as ClassroomRequest
      posts.push(body)
      const classroomId = `new-${posts.length}`
      classrooms = [...classrooms, { _id: classroomId, ...body }]
      return HttpResponse.json({ code: 201, message: 'Terem létrehozva.', classroomId }, { status: 201 })
    }),
    http.put(`${API}/classrooms/:id`, async ({ request, params }) => {
      const body = (await request.json()) as ClassroomRequest
      const id = String(params.id)
      puts.push({ id, body, key: request.headers.get('Idempotency-Key') })
      classrooms = classrooms.map((c) => (c._id === id ? { ...c, ...body } : c))
      return HttpResponse.json({ code: 200, message: 'Terem mentve.' })
    }),
    http.delete(`${API}/classrooms/:id`, ({ params }) => {
      deletes.push(String(params.id))
      classrooms = classrooms.filter((c) => c._id !== params.id)
      return HttpResponse.json({ code: 200, message: 'Terem törölve.' })
    }),
  )
  return { posts, puts, deletes, list: () => classrooms }
}

const card = (name: string) => screen.getByRole('article', { name })
const cell = (name: string) => screen.getByRole('gridcell', { name })

async function renderScreen() {
  const result = renderWithProviders(<App />)
  return result
}

async function openDesigner(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  await user.click(
    within(await screen.findByRole('article', { name })).getByRole('button', { name: 'Szerkesztés' }),
  )
  return screen.findByRole('dialog', { name: 'Terem szerkesztése' })
}

let consoleError: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  signIn()
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(async () => {
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
  vi.unstubAllGlobals()
  consoleError.mockRestore()
})

describe('Tantermek: the list', () => {
  it("says 'Termek betöltése...' while the rooms load", async () => {
    server.use(http.get(`${API}/classrooms`, () => delay('infinite')))
    await renderScreen()
    expect(await screen.findByRole('status')).toHaveTextContent('Termek betöltése...')
  })

  it('says when loading failed and tries again', async () => {
    let calls = 0
    server.use(
      http.get(`${API}/classrooms`, () =>
        ++calls === 1
          ? HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 })
          : HttpResponse.json({ classrooms: [aClassroom('a', '12-es terem')] }),
      ),
    )
    const { user } = await renderScreen()
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a termek betöltése közben.')
    await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
    expect(await screen.findByRole('article', { name: '12-es terem' })).toBeInTheDocument()
  })

  it("says 'Nincsenek termek' / 'Hozz létre új termet a kezdéshez.' without rooms", async () => {
    serveClassrooms([])
    await renderScreen()
    expect(await screen.findByText('Nincsenek termek')).toBeInTheDocument()
    expect(screen.getByText('Hozz létre új termet a kezdéshez.')).toBeInTheDocument()
  })

  it('shows a card per room, by name, with its preview, size and student desks', async () => {
    serveClassrooms([
      aClassroom('b', 'Nagyterem', {
        size: [10, 4],
        objects: [
          { x: 0, y: 0, type: 'teacher' },
          { x: 2, y: 1, type: 'student' },
          { x: 3, y: 1, type: 'student' },
        ],
      }),
      aClassroom('a', 'Labor'),
    ])
    await renderScreen()
    await screen.findByRole('article', { name: 'Nagyterem' })
    expect(
      screen
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && a.querySelector('h2')?.textContent),
    ).toEqual(['Labor', 'Nagyterem'])
    const big = card('Nagyterem')
    expect(within(big).getByRole('img')).toHaveAccessibleName(
      'Elrendezés: 10 × 4, 2 diák asztal, 1 tanári asztal',
    )
    expect(within(big).getByText('10 × 4')).toBeInTheDocument()
    expect(within(big).getByText('2 diák asztal')).toBeInTheDocument()
    const preview = within(big).getByRole('img')
    // 10 columns of 20 px cells with 1 px gaps, 4 rows: within 250×150.
    expect(preview).toHaveAttribute('viewBox', '0 0 209 83')
    // Student desks are squares, the teacher's desk a circle: not colour alone.
    expect(preview.querySelectorAll('rect.student')).toHaveLength(2)
    expect(preview.querySelectorAll('circle.teacher')).toHaveLength(1)
    expect(screen.getByText('2 terem')).toBeInTheDocument()
  })
})

describe('Tantermek: create, copy, delete', () => {
  it('creates a room of the default 8×6 with the trimmed name, and opens the designer on it', async () => {
    const api = serveClassrooms([])
    const { user } = await renderScreen()
    await screen.findByText('Nincsenek termek')
    await user.click(screen.getByRole('button', { name: 'Új terem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új terem' })
    expect(within(dialog).getByLabelText('Oszlopok')).toHaveValue(8)
    expect(within(dialog).getByLabelText('Sorok')).toHaveValue(6)
    await user.type(within(dialog).getByLabelText('Terem neve'), '  12-es terem ')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))

    expect(await screen.findByRole('dialog', { name: 'Terem szerkesztése' })).toBeInTheDocument()
    expect(api.posts).toEqual([{ name: '12-es terem', layout: { size: [8, 6], objects: [] } }])
    await user.click(screen.getByRole('button', { name: 'Kész' }))
    expect(await screen.findByRole('article', { name: '12-es terem' })).toBeInTheDocument()
  })

  it('ignores an empty or blank name: nothing is sent and the dialog stays open', async () => {
    const api = serveClassrooms([])
    const { user } = await renderScreen()
    await screen.findByText('Nincsenek termek')
    await user.click(screen.getByRole('button', { name: 'Új terem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új terem' })
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    await user.type(within(dialog).getByLabelText('Terem neve'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(screen.getByRole('dialog', { name: 'Új terem' })).toBeInTheDocument()
    expect(api.posts).toEqual([])
  })

  it.each([
    ['99', '0', [20, 1]],
    ['abc', '-4', [1, 1]],
    ['12', '7', [12, 7]],
  ])('clamps columns %s and rows %s to %j', async (columns, rows, size) => {
    const api = serveClassrooms([])
    const { user } = await renderScreen()
    await screen.findByText('Nincsenek termek')
    await user.click(screen.getByRole('button', { name: 'Új terem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új terem' })
    await user.type(within(dialog).getByLabelText('Terem neve'), 'Labor')
    // happy-dom keeps what is typed into a number field, as a browser keeps a bad value for the form to judge.
    for (const [label, value] of [
      ['Oszlopok', columns],
      ['Sorok', rows],
    ] as const) {
      const input = within(dialog).getByLabelText(label)
      await user.clear(input)
      await user.type(input, value)
    }
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    await waitFor(() => expect(api.posts).toEqual([{ name: 'Labor', layout: { size, objects: [] } }]))
  })

  it("copies a room with its layout as '<name> (másolat)'", async () => {
    const objects = [
      { x: 1, y: 1, type: 'student' as const },
      { x: 0, y: 0, type: 'teacher' as const },
    ]
    const api = serveClassrooms([aClassroom('a', 'Labor', { size: [5, 4], objects })])
    const { user } = await renderScreen()
    await user.click(
      within(await screen.findByRole('article', { name: 'Labor' })).getByRole('button', { name: 'Másolat' }),
    )
    expect(await screen.findByRole('article', { name: 'Labor (másolat)' })).toBeInTheDocument()
    expect(api.posts).toEqual([{ name: 'Labor (másolat)', layout: { size: [5, 4], objects } }])
    expect(within(card('Labor (másolat)')).getByText('1 diák asztal')).toBeInTheDocument()
  })

  it("asks 'Biztosan törölni szeretnéd ezt a termet?' and deletes only when confirmed", async () => {
    const api = serveClassrooms([aClassroom('a', 'Labor'), aClassroom('b', 'Nagyterem')])
    const { user } = await renderScreen()
    await user.click(
      within(await screen.findByRole('article', { name: 'Labor' })).getByRole('button', { name: 'Törlés' }),
    )
    let dialog = await screen.findByRole('alertdialog', { name: 'Terem törlése' })
    expect(dialog).toHaveTextContent('Biztosan törölni szeretnéd ezt a termet?')
    await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.deletes).toEqual([])

    await user.click(within(card('Labor')).getByRole('button', { name: 'Törlés' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Terem törlése' })
    await user.click(within(dialog).getByRole('button', { name: 'Törlés megerősítése' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Labor' })).toBeNull())
    expect(api.deletes).toEqual(['a'])
    expect(screen.getByRole('article', { name: 'Nagyterem' })).toBeInTheDocument()
  })

  it('shows the server’s message when groups use the room (409), and the room stays', async () => {
    serveClassrooms([aClassroom('a', 'Labor')])
    const refusal = 'A terem nem törölhető, mert ezek a csoportok használják: 9.A informatika'
    server.use(
      http.delete(`${API}/classrooms/:id`, () =>
        HttpResponse.json({ code: 409, message: refusal }, { status: 409 }),
      ),
    )
    const { user } = await renderScreen()
    await user.click(
      within(await screen.findByRole('article', { name: 'Labor' })).getByRole('button', { name: 'Törlés' }),
    )
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Törlés megerősítése' }),
    )
    expect(await screen.findByText(refusal)).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Labor' })).toBeInTheDocument()
  })

  it('only logs other failures (spec §8), with no message to the user', async () => {
    serveClassrooms([aClassroom('a', 'Labor')])
    server.use(
      http.delete(`${API}/classrooms/:id`, () =>
        HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 }),
      ),
    )
    const { user } = await renderScreen()
    await user.click(
      within(await screen.findByRole('article', { name: 'Labor' })).getByRole('button', { name: 'Törlés' }),
    )
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Törlés megerősítése' }),
    )
    await waitFor(() => expect(consoleError).toHaveBeenCalled())
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(screen.queryByText('Belső hiba')).toBeNull()
    expect(screen.getByRole('article', { name: 'Labor' })).toBeInTheDocument()
  })
})

describe('Tantermek: the layout designer', () => {
  it('toggles the tools; a click places the selected desk on an empty cell and removes one; each change is a PUT', async () => {
    const api = serveClassrooms([aClassroom('a', 'Labor', { size: [4, 3] })])
    const { user } = await renderScreen()
    const dialog = await openDesigner(user, 'Labor')
    const student = within(dialog).getByRole('button', { name: 'Diák asztal' })
    const teacher = within(dialog).getByRole('button', { name: 'Tanári asztal' })
    // Issue 18: no tool at first, and the hint says to pick one; the first tap on 'Diák asztal' selects it.
    expect(student).toHaveAttribute('aria-pressed', 'false')
    expect(teacher).toHaveAttribute('aria-pressed', 'false')
    expect(within(dialog).getByText(TOOL_HINTS.none)).toBeVisible()
    await user.click(student)
    expect(student).toHaveAttribute('aria-pressed', 'true')
    expect(within(dialog).getByText(TOOL_HINTS.student)).toBeVisible()

    await user.click(cell('2. sor, 3. oszlop: üres'))
    expect(cell('2. sor, 3. oszlop: diák asztal')).toBeInTheDocument()
    await user.click(teacher)
    expect(teacher).toHaveAttribute('aria-pressed', 'true')
    expect(student).toHaveAttribute('aria-pressed', 'false')
    await user.click(cell('1. sor, 1. oszlop: üres'))
    await user.click(teacher)
    expect(teacher).toHaveAttribute('aria-pressed', 'false')
    // No tool: a click on an empty cell changes nothing.
    await user.click(cell('3. sor, 4. oszlop: üres'))
    expect(cell('3. sor, 4. oszlop: üres')).toBeInTheDocument()
    // A click on a desk removes it, with or without a tool.
    await user.click(cell('2. sor, 3. oszlop: diák asztal'))
    expect(cell('2. sor, 3. oszlop: üres')).toBeInTheDocument()

    await waitFor(() => expect(api.puts).toHaveLength(3))
    expect(api.puts.map((put) => put.body)).toEqual([
      { name: 'Labor', layout: { size: [4, 3], objects: [{ x: 2, y: 1, type: 'student' }] } },
      {
        name: 'Labor',
        layout: {
          size: [4, 3],
          objects: [
            { x: 2, y: 1, type: 'student' },
            { x: 0, y: 0, type: 'teacher' },
          ],
        },
      },
      { name: 'Labor', layout: { size: [4, 3], objects: [{ x: 0, y: 0, type: 'teacher' }] } },
    ])
    expect(api.puts.every((put) => put.id === 'a' && put.key)).toBe(true)
    await waitFor(() => expect(within(dialog).getByText('Minden módosítás mentve')).toBeInTheDocument())
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it("'Összes törlése' asks first, then empties the room", async () => {
    const api = serveClassrooms([
      aClassroom('a', 'Labor', {
        size: [3, 2],
        objects: [
          { x: 0, y: 0, type: 'teacher' },
          { x: 1, y: 1, type: 'student' },
        ],
      }),
    ])
    const { user } = await renderScreen()
    const dialog = await openDesigner(user, 'Labor')
    await user.click(within(dialog).getByRole('button', { name: 'Összes törlése' }))
    const confirm = within(dialog).getByRole('group', { name: 'Összes törlése' })
    expect(confirm).toHaveTextContent('Biztosan törlöd az összes bútort?')
    await user.click(within(confirm).getByRole('button', { name: 'Mégsem' }))
    expect(cell('1. sor, 1. oszlop: tanári asztal')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Összes törlése' }))
    await user.click(within(dialog).getByRole('button', { name: 'Igen, mindet törlöm' }))
    expect(cell('1. sor, 1. oszlop: üres')).toBeInTheDocument()
    await waitFor(() =>
      expect(api.puts.map((p) => p.body)).toEqual([{ name: 'Labor', layout: { size: [3, 2], objects: [] } }]),
    )
  })

  it('a smaller size drops what falls outside; the name can be changed; both are saved', async () => {
    const api = serveClassrooms([
      aClassroom('a', 'Labor', {
        size: [8, 6],
        objects: [
          { x: 7, y: 0, type: 'student' },
          { x: 1, y: 1, type: 'student' },
        ],
      }),
    ])
    const { user } = await renderScreen()
    const dialog = await openDesigner(user, 'Labor')
    const columns = within(dialog).getByLabelText('Oszlopok')
    await user.clear(columns)
    await user.type(columns, '4')
    expect(
      within(dialog).getByText('Az új méretnél 1 bútor kívül esik a termen, és törlődik.'),
    ).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(within(dialog).getAllByRole('gridcell')).toHaveLength(4 * 6)
    const rows = within(dialog).getByLabelText('Sorok')
    await user.clear(rows)
    await user.type(rows, '0')
    await user.tab()
    expect(rows).toHaveValue(1)

    const name = within(dialog).getByLabelText('Terem neve')
    await user.clear(name)
    await user.type(name, 'Informatika labor{Enter}')

    await waitFor(() => expect(api.puts).toHaveLength(3))
    expect(api.puts.map((p) => p.body)).toEqual([
      { name: 'Labor', layout: { size: [4, 6], objects: [{ x: 1, y: 1, type: 'student' }] } },
      { name: 'Labor', layout: { size: [4, 1], objects: [] } },
      { name: 'Informatika labor', layout: { size: [4, 1], objects: [] } },
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Kész' }))
    expect(await screen.findByRole('article', { name: 'Informatika labor' })).toBeInTheDocument()
    expect(within(card('Informatika labor')).getByText('4 × 1')).toBeInTheDocument()
  })

  it('works by keyboard: arrows move the focus, Enter places and removes, M and Enter move a desk', async () => {
    const api = serveClassrooms([aClassroom('a', 'Labor', { size: [3, 2] })])
    const { user } = await renderScreen()
    const dialog = await openDesigner(user, 'Labor')
    await user.click(within(dialog).getByRole('button', { name: 'Diák asztal' }))
    const grid = within(dialog).getByRole('grid', { name: 'Labor elrendezése' })
    expect(within(grid).getAllByRole('row')).toHaveLength(2)
    const first = cell('1. sor, 1. oszlop: üres')
    expect(first).toHaveAttribute('tabindex', '0')
    first.focus()
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(cell('2. sor, 2. oszlop: üres')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(cell('2. sor, 2. oszlop: diák asztal')).toHaveFocus()
    expect(within(dialog).getByText('Lerakva: 2. sor, 2. oszlop: diák asztal.')).toBeInTheDocument()

    await user.keyboard('m')
    expect(within(dialog).getByText(/^Mozgatás: 2\. sor, 2\. oszlop: diák asztal\./)).toBeInTheDocument()
    await user.keyboard('{ArrowUp}{ArrowRight}{Enter}')
    expect(cell('1. sor, 3. oszlop: diák asztal')).toHaveFocus()
    expect(cell('2. sor, 2. oszlop: üres')).toBeInTheDocument()

    await user.keyboard(' ')
    expect(cell('1. sor, 3. oszlop: üres')).toBeInTheDocument()
    await waitFor(() => expect(api.puts).toHaveLength(3))
    expect(api.puts.map((p) => p.body.layout.objects)).toEqual([
      [{ x: 1, y: 1, type: 'student' }],
      [{ x: 2, y: 0, type: 'student' }],
      [],
    ])
  })

  it('Escape during a keyboard move cancels the move and keeps the designer open', async () => {
    serveClassrooms([aClassroom('a', 'Labor', { size: [3, 2], objects: [{ x: 0, y: 0, type: 'teacher' }] })])
    const { user } = await renderScreen()
    const dialog = await openDesigner(user, 'Labor')
    cell('1. sor, 1. oszlop: tanári asztal').focus()
    await user.keyboard('M{ArrowRight}')
    await user.keyboard('{Escape}')
    expect(within(dialog).getByText('Mozgatás megszakítva.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Terem szerkesztése' })).toBeInTheDocument()
    expect(cell('1. sor, 1. oszlop: tanári asztal')).toBeInTheDocument()
  })

  it("without network the change shows at once and the room says 'Mentésre vár'", async () => {
    const api = serveClassrooms([aClassroom('a', 'Labor', { size: [3, 2] })])
    server.use(http.put(`${API}/classrooms/:id`, () => HttpResponse.error()))
    const { user } = await renderScreen()
    const dialog = await openDesigner(user, 'Labor')
    await user.click(within(dialog).getByRole('button', { name: 'Diák asztal' }))
    await user.click(cell('1. sor, 2. oszlop: üres'))
    expect(await within(dialog).findByText('Mentésre vár')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Kész' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const labor = card('Labor')
    expect(within(labor).getByText('Mentésre vár')).toBeInTheDocument()
    expect(within(labor).getByText('1 diák asztal')).toBeInTheDocument()
    expect(outbox.getSnapshot().items).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/classrooms/a',
        body: { name: 'Labor', layout: { size: [3, 2], objects: [{ x: 1, y: 0, type: 'student' }] } },
      }),
    ])
    expect(api.list()[0].layout.objects).toEqual([])
  })

  it('a save the server refuses shows its message and the designer returns to what the server holds', async () => {
    serveClassrooms([aClassroom('a', 'Labor', { size: [3, 2] })])
    server.use(
      http.put(`${API}/classrooms/:id`, () =>
        HttpResponse.json({ code: 400, message: 'Egy cellán csak egy bútor állhat.' }, { status: 400 }),
      ),
    )
    const { user } = await renderScreen()
    const dialog = await openDesigner(user, 'Labor')
    await user.click(within(dialog).getByRole('button', { name: 'Diák asztal' }))
    await user.click(cell('1. sor, 2. oszlop: üres'))
    expect(await screen.findByText('Hiba történt: Egy cellán csak egy bútor állhat.')).toBeInTheDocument()
    await waitFor(() => expect(cell('1. sor, 2. oszlop: üres')).toBeInTheDocument())
  })
})

describe('Tantermek offline', () => {
  it('shows the offline marker and allows no create, copy or delete', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    serveClassrooms([aClassroom('a', 'Labor')])
    await renderScreen()
    const labor = await screen.findByRole('article', { name: 'Labor' })
    expect(screen.getByText(/^Nincs hálózat/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Új terem' })).toBeDisabled()
    expect(within(labor).getByRole('button', { name: 'Másolat' })).toBeDisabled()
    expect(within(labor).getByRole('button', { name: 'Törlés' })).toBeDisabled()
    expect(within(labor).getByRole('button', { name: 'Szerkesztés' })).toBeEnabled()
  })
})

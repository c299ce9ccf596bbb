import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Group, SeatPosition } from '@contract/api'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { SeatingDialog } from './seating-dialog'

const SEATING = `${API}/classrooms/c1/groups/g1/seating`

function buildGroup(overrides: Partial<Group> = {}): Group {
  const members = [
    { id: 'u1', name: 'Kiss Anna', username: 'anna' },
    { id: 'u2', name: 'Nagy Béla', username: 'bela' },
    { id: 'u3', name: 'Tóth Cili', username: 'cili' },
  ]
  return {
    id: 'g1',
    _id: 'g1',
    groupName: 'Webfejlesztés',
    groupDay: 2,
    students: members.map((member) => member.name),
    members,
    classroom: 'c1',
    room: '12',
    // 3 columns × 2 rows: the teacher's desk in front (1-0), three student desks behind it.
    layout: {
      size: [3, 2],
      objects: [
        { x: 1, y: 0, type: 'teacher' },
        { x: 0, y: 1, type: 'student' },
        { x: 1, y: 1, type: 'student' },
        { x: 2, y: 1, type: 'student' },
      ],
    },
    instructor: 'Teszt Elek',
    startTime: null,
    endTime: null,
    ...overrides,
  }
}

/** Serves the seating; POSTs are recorded, answered by `answer` and (on success) become the served seating. */
function serveSeating(initial: SeatPosition[], answer?: () => Response) {
  let stored = initial
  const posted: unknown[] = []
  server.use(
    http.get(SEATING, () => HttpResponse.json({ code: 200, positions: stored })),
    http.post(SEATING, async ({ request }) => {
      const body = (await request.json()) as { positions: SeatPosition[] }
      posted.push(body)
      const response = answer?.() ?? HttpResponse.json({ code: 200, message: 'Ülésrend sikeresen mentve.' })
      if (response.status === 200) stored = body.positions
      return response
    }),
  )
  return posted
}

function App({ group, onClose = () => {} }: { group: Group; onClose?: () => void }) {
  useOutboxRunner()
  return <SeatingDialog group={group} open onClose={onClose} />
}

function renderDialog(group = buildGroup(), onClose?: () => void) {
  return renderWithProviders(<App group={group} onClose={onClose} />)
}

const desk = (name: RegExp | string) => screen.getByRole('gridcell', { name })
const unplacedHeading = () => screen.getByRole('heading', { name: /^Nincs leültetve/ })

beforeEach(() => signIn())

afterEach(async () => {
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('SeatingDialog', () => {
  it("says 'Hiányzó adatok' when the group has no classroom", async () => {
    renderDialog(buildGroup({ classroom: '', room: '', layout: null }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiányzó adatok')
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
  })

  it("says 'Hiányzó adatok' when the classroom has no layout", async () => {
    renderDialog(buildGroup({ layout: null }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiányzó adatok')
  })

  it('shows the group, the saved seating on the desks, the teacher desk and the unplaced students with a count', async () => {
    serveSeating([
      { student: 'bela', position: '1-1' },
      { student: 'volt.tag', position: '0-1' },
    ])
    renderDialog()
    expect(
      await screen.findByRole('gridcell', { name: 'Asztal, 2. sor, 2. oszlop: Nagy Béla' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Ülésrend – Webfejlesztés' })).toBeInTheDocument()
    expect(screen.getByText('Kedd · 12. terem · 3 diák')).toBeInTheDocument()
    expect(desk('Tanári asztal')).toBeInTheDocument()
    // An ex-member's position is ignored: the desk shows empty.
    expect(desk('Asztal, 2. sor, 1. oszlop: üres')).toBeInTheDocument()
    expect(unplacedHeading()).toHaveTextContent('Nincs leültetve (2)')
    const list = within(unplacedHeading().closest('section')!)
    expect(list.getByRole('button', { name: 'Kiss Anna' })).toBeInTheDocument()
    expect(list.getByRole('button', { name: 'Tóth Cili' })).toBeInTheDocument()
    expect(screen.getByText('1 / 3 asztal foglalt')).toBeInTheDocument()
  })

  it("seats a student with the keyboard, saves the whole seating and says 'Ülésrend sikeresen mentve.'", async () => {
    const posted = serveSeating([{ student: 'bela', position: '1-1' }])
    const { user } = renderDialog()
    const anna = await screen.findByRole('button', { name: 'Kiss Anna' })
    anna.focus()
    await user.keyboard('{Enter}')
    // The first free desk takes the focus; the arrow moves to the next desk in the row.
    expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(desk(/^Asztal, 2\. sor, 2\. oszlop/)).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    await user.keyboard('{Enter}')

    expect(await screen.findByText('Ülésrend sikeresen mentve.')).toBeInTheDocument()
    expect(posted).toEqual([
      {
        positions: [
          { student: 'bela', position: '1-1' },
          { student: 'anna', position: '2-1' },
        ],
      },
    ])
    expect(desk(/^Asztal, 2\. sor, 3\. oszlop/)).toHaveAccessibleName('Asztal, 2. sor, 3. oszlop: Kiss Anna')
    expect(unplacedHeading()).toHaveTextContent('Nincs leültetve (1)')
    await waitFor(() => expect(outbox.getSnapshot().items).toEqual([]))
  })

  it('Escape cancels a keyboard pick and keeps the dialog open; without a pick it closes the dialog', async () => {
    serveSeating([])
    const onClose = vi.fn()
    const { user } = renderDialog(buildGroup(), onClose)
    const dialog = await screen.findByRole('dialog', { name: 'Ülésrend – Webfejlesztés' })
    expect(within(dialog).getByText('Kedd · 12. terem · 3 diák')).toBeInTheDocument()
    const anna = await screen.findByRole('button', { name: 'Kiss Anna' })
    anna.focus()
    await user.keyboard('{Enter}')
    expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    expect(dialog).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('dropping on an occupied desk sends its occupant back to the list (tap a student, tap a desk)', async () => {
    const posted = serveSeating([{ student: 'bela', position: '1-1' }])
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Tóth Cili' }))
    expect(screen.getByRole('button', { name: 'Tóth Cili' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(desk(/^Asztal, 2\. sor, 2\. oszlop/))

    expect(desk(/^Asztal, 2\. sor, 2\. oszlop/)).toHaveAccessibleName(/: Tóth Cili/)
    expect(
      within(unplacedHeading().closest('section')!).getByRole('button', { name: 'Nagy Béla' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(posted).toEqual([{ positions: [{ student: 'cili', position: '1-1' }] }]))
  })

  it('moves a seated student to another desk and sends one back to the list with Delete', async () => {
    const posted = serveSeating([{ student: 'bela', position: '1-1' }])
    const { user } = renderDialog()
    await user.click(await screen.findByRole('gridcell', { name: /: Nagy Béla$/ }))
    await user.click(desk(/^Asztal, 2\. sor, 1\. oszlop/))
    expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveAccessibleName(/: Nagy Béla/)
    await user.keyboard('{Delete}')
    expect(unplacedHeading()).toHaveTextContent('Nincs leültetve (3)')
    await waitFor(() =>
      expect(posted).toEqual([{ positions: [{ student: 'bela', position: '0-1' }] }, { positions: [] }]),
    )
  })

  it("'Visszavonás' goes back one move at a time, saving each step", async () => {
    const posted = serveSeating([])
    const { user } = renderDialog()
    const undo = await screen.findByRole('button', { name: 'Visszavonás' })
    expect(undo).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Kiss Anna' }))
    await user.click(desk(/^Asztal, 2\. sor, 1\. oszlop/))
    await user.click(screen.getByRole('button', { name: 'Nagy Béla' }))
    await user.click(desk(/^Asztal, 2\. sor, 1\. oszlop/))
    expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveAccessibleName(/: Nagy Béla/)

    await user.click(undo)
    expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveAccessibleName(/: Kiss Anna/)
    await user.click(undo)
    expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveAccessibleName(/: üres/)
    expect(undo).toBeDisabled()
    await waitFor(() =>
      expect(posted).toEqual([
        { positions: [{ student: 'anna', position: '0-1' }] },
        { positions: [{ student: 'bela', position: '0-1' }] },
        { positions: [{ student: 'anna', position: '0-1' }] },
        { positions: [] },
      ]),
    )
  })

  it("'Véletlen ültetés' seats the unplaced students on the free desks only", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const posted = serveSeating([{ student: 'bela', position: '1-1' }])
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Véletlen ültetés' }))
    expect(unplacedHeading()).toHaveTextContent('Nincs leültetve (0)')
    expect(screen.getByRole('button', { name: 'Véletlen ültetés' })).toBeDisabled()
    await waitFor(() => expect(posted).toHaveLength(1))
    const { positions } = posted[0] as { positions: SeatPosition[] }
    expect(positions).toContainEqual({ student: 'bela', position: '1-1' })
    expect(positions.map((seat) => seat.position).sort()).toEqual(['0-1', '1-1', '2-1'])
    expect(positions.map((seat) => seat.student).sort()).toEqual(['anna', 'bela', 'cili'])
  })

  it("says 'Hiba történt az ülésrend mentése közben.' when the server refuses, and shows the saved seating again", async () => {
    serveSeating([], () =>
      HttpResponse.json({ code: 400, message: 'Egy asztalhoz csak egy diák ülhet.' }, { status: 400 }),
    )
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Kiss Anna' }))
    await user.click(desk(/^Asztal, 2\. sor, 1\. oszlop/))
    expect(await screen.findByText('Hiba történt az ülésrend mentése közben.')).toBeInTheDocument()
    await waitFor(() => expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveAccessibleName(/: üres$/))
  })

  it('marks the moved desk as waiting while the network is down, and says so once', async () => {
    serveSeating([], () => HttpResponse.error())
    const { user } = renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Kiss Anna' }))
    await user.click(desk(/^Asztal, 2\. sor, 1\. oszlop/))
    expect(await screen.findByText('Nincs hálózat – a módosítás elküldésre vár.')).toBeInTheDocument()
    expect(desk(/^Asztal, 2\. sor, 1\. oszlop/)).toHaveAccessibleName(
      'Asztal, 2. sor, 1. oszlop: Kiss Anna, elküldésre vár',
    )
    expect(screen.getByText('Elküldésre vár')).toBeInTheDocument()
  })

  it("'Nyomtatás' prints the chart: group name, day, room, the names on the grid and the teacher's desk", async () => {
    serveSeating([
      { student: 'bela', position: '1-1' },
      { student: 'anna', position: '0-1' },
    ])
    let printed = ''
    const print = vi.fn(() => {
      printed = document.querySelector('[data-seating-print]')?.textContent ?? ''
    })
    vi.stubGlobal('print', print)
    const { user } = renderDialog()
    await screen.findByRole('gridcell', { name: /: Nagy Béla$/ })
    expect(document.querySelector('[data-seating-print]')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Nyomtatás' }))
    expect(print).toHaveBeenCalledOnce()
    expect(printed).toContain('Ülésrend – Webfejlesztés')
    expect(printed).toContain('Kedd · 12. terem')
    expect(printed).toContain('Tanári asztal')
    expect(printed).toContain('Kiss Anna')
    expect(printed).toContain('Nagy Béla')
    expect(printed).not.toContain('Tóth Cili')
    expect(document.querySelector('[data-seating-print]')).toBeNull()
  })
})

describe('touch (issue 18)', () => {
  it('tells a finger to hold, and the held student lifts until the finger swipes away or lets go', async () => {
    serveSeating([{ student: 'bela', position: '1-1' }])
    renderDialog()
    expect(
      await screen.findByText(
        'Érintéssel: tartsd az ujjad a diákon, amíg megemelkedik, majd húzd egy asztalra. A gyors húzás görget.',
      ),
    ).toBeVisible()

    const anna = screen.getByRole('button', { name: 'Kiss Anna' })
    expect(anna).not.toHaveAttribute('data-lifted')
    fireEvent.touchStart(anna, { touches: [{ clientX: 10, clientY: 10 }] })
    expect(anna).toHaveAttribute('data-lifted')
    fireEvent.touchMove(anna, { touches: [{ clientX: 14, clientY: 13 }] })
    expect(anna, 'within the tolerance').toHaveAttribute('data-lifted')
    fireEvent.touchMove(anna, { touches: [{ clientX: 10, clientY: 40 }] })
    expect(anna, 'a swipe scrolls').not.toHaveAttribute('data-lifted')

    // A seated student (on the grid) lifts the same way.
    const seated = await within(desk(/Nagy Béla/)).findByText('Nagy Béla')
    const chip = seated.closest('[aria-hidden="true"]') as HTMLElement
    fireEvent.touchStart(chip, { touches: [{ clientX: 5, clientY: 5 }] })
    expect(chip).toHaveAttribute('data-lifted')
    fireEvent.touchEnd(chip, { touches: [] })
    expect(chip).not.toHaveAttribute('data-lifted')
  })
})

describe('a room wider than the screen (issue 18)', () => {
  it('says it scrolls sideways when its box is narrower than the narrowest grid (a container query)', async () => {
    serveSeating([])
    renderDialog()
    const hint = await screen.findByText(
      'A terem szélesebb a képernyőnél: a többi asztalért görgesd oldalra a termet.',
    )
    // 3 columns: 3 × 3.5 rem + 2 × 4 px = 11 rem; the hint shows only below that width.
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n')
    expect(css).toContain('@container seating-grid (max-width: 11rem)')
    expect(hint.closest('[data-scroll-hint]')).not.toBeNull()
  })
})

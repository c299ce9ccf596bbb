import { screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AttendanceEntry, Group, SeatPosition } from '@contract/api'
import { ROLE_DEFAULT_FEATURES } from '@contract/features'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { schoolToday } from '@/lib/school-zone'
import { useFeature } from '@/session/use-features'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { aGroup, aStudent } from '../test-helpers'
import { SeatingDialog } from './seating-dialog'

const SEATING = `${API}/classrooms/c1/groups/g1/seating`
const ATTENDANCE = `${API}/groups/g1/attendance`

const MEMBERS = [
  aStudent('Kiss Anna', { username: 'anna' }),
  aStudent('Nagy Béla', { username: 'bela' }),
  aStudent('Tóth Cili', { username: 'cili' }),
  aStudent('Varga Dóra', { username: 'dora' }),
]

/** 3 × 2: the teacher's desk in front (1-0), three student desks behind it; Dóra never gets a desk. */
function buildGroup(overrides: Partial<Group> = {}): Group {
  return aGroup(
    'Webfejlesztés',
    {
      id: 'g1',
      groupDay: 2,
      classroom: 'c1',
      room: '12',
      layout: {
        size: [3, 2],
        objects: [
          { x: 1, y: 0, type: 'teacher' },
          { x: 0, y: 1, type: 'student' },
          { x: 1, y: 1, type: 'student' },
          { x: 2, y: 1, type: 'student' },
        ],
      },
      ...overrides,
    },
    MEMBERS,
  )
}

const SEATED: SeatPosition[] = [
  { student: 'anna', position: '0-1' },
  { student: 'bela', position: '1-1' },
  { student: 'cili', position: '2-1' },
]

/** Serves the seating and the day's register; PUTs are recorded, answered by `answer`, and stored on success. */
function serve(initial: AttendanceEntry[] = [], answer?: () => Response) {
  let stored = initial
  const put: { url: string; body: unknown }[] = []
  server.use(
    http.get(SEATING, () => HttpResponse.json({ code: 200, positions: SEATED })),
    http.get(ATTENDANCE, ({ request }) =>
      HttpResponse.json({ date: new URL(request.url).searchParams.get('date'), entries: stored }),
    ),
    http.put(`${ATTENDANCE}/:date`, async ({ request }) => {
      const body = (await request.json()) as { entries: AttendanceEntry[] }
      put.push({ url: new URL(request.url).pathname, body })
      const response = answer?.() ?? HttpResponse.json({ code: 200, message: 'Jelenlét sikeresen mentve.' })
      if (response.status === 200) stored = body.entries
      return response
    }),
  )
  return put
}

function App({ group, onClose }: { group: Group; onClose: () => void }) {
  useOutboxRunner()
  const attendance = useFeature('manageAttendance')
  return <SeatingDialog group={group} open onClose={onClose} attendance={attendance} />
}

function renderDialog(group = buildGroup(), onClose = () => {}) {
  return renderWithProviders(<App group={group} onClose={onClose} />, { withSettings: true })
}

async function openRegister(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Jelenlét' }))
  return screen.findByRole('grid', { name: 'Jelenlét a teremben' })
}

const desk = (name: RegExp | string) => screen.getByRole('gridcell', { name })
/** A desk's or button's name right after a tap: the change may still be waiting to be sent. */
const named = (name: string, status: string) => new RegExp(`^${name}: ${status}(, elküldésre vár)?$`)
const totals = () => document.querySelector('[data-attendance-totals]')

beforeEach(() => {
  signIn()
  server.use(dashboardHandler(buildDashboard({ type: 'teacher' })), userSettingsHandler())
})

afterEach(async () => {
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('Jelenlét in the seating dialog (issue 20)', () => {
  it('shows the room as seated with each pupil and status, the unseated member beside it and the counts', async () => {
    serve([{ student: 'bela', status: 'absent' }])
    const { user } = renderDialog()
    await openRegister(user)
    expect(screen.getByRole('heading', { name: 'Jelenlét – Webfejlesztés' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Jelenlét' })).toHaveAttribute('aria-pressed', 'true')
    expect(desk('Kiss Anna: nincs jelölve')).toBeInTheDocument()
    expect(desk('Nagy Béla: hiányzik')).toHaveTextContent('H')
    expect(desk('Tóth Cili: nincs jelölve')).toBeInTheDocument()
    expect(desk('Tanári asztal')).toBeInTheDocument()
    const unseated = within(screen.getByRole('heading', { name: 'Nincs leültetve (1)' }).closest('section')!)
    expect(unseated.getByRole('button', { name: 'Varga Dóra: nincs jelölve' })).toBeInTheDocument()
    expect(totals()).toHaveTextContent('Jelen: 0 · Hiányzik: 1 · Késett: 0 · Igazolt: 0 · Nincs jelölve: 3')
    expect(screen.getByText('Elküldésre vár')).not.toBeVisible()
  })

  it('a tap cycles jelen → hiányzik → késett → igazolt → nincs jelölve, saving the whole day each time', async () => {
    const put = serve()
    const { user } = renderDialog()
    await openRegister(user)
    const anna = desk(/^Kiss Anna:/)
    await user.click(anna)
    expect(anna).toHaveAccessibleName(named('Kiss Anna', 'jelen'))
    expect(anna).toHaveTextContent('J')
    expect(totals()).toHaveTextContent('Jelen: 1 · Hiányzik: 0 · Késett: 0 · Igazolt: 0 · Nincs jelölve: 3')
    await waitFor(() => expect(put).toHaveLength(1))
    expect(put[0]).toEqual({
      url: `/api/groups/g1/attendance/${schoolToday()}`,
      body: { entries: [{ student: 'anna', status: 'present' }] },
    })
    for (const [name, letter] of [
      ['hiányzik', 'H'],
      ['késett', 'K'],
      ['igazolt', 'I'],
    ]) {
      await user.click(anna)
      expect(anna).toHaveAccessibleName(named('Kiss Anna', name!))
      expect(anna).toHaveTextContent(letter!)
    }
    await user.click(anna)
    expect(anna).toHaveAccessibleName(named('Kiss Anna', 'nincs jelölve'))
    await waitFor(() => expect(put).toHaveLength(5))
    expect(put.at(-1)?.body).toEqual({ entries: [] })
    expect(await screen.findByText('Jelenlét sikeresen mentve.')).toBeInTheDocument()
    await waitFor(() => expect(outbox.getSnapshot().items).toEqual([]))
  })

  it('Enter and Space cycle the focused desk; the arrows move between desks', async () => {
    const put = serve()
    const { user } = renderDialog()
    await openRegister(user)
    desk(/^Kiss Anna:/).focus()
    await user.keyboard('{Enter}')
    expect(desk(/^Kiss Anna:/)).toHaveAccessibleName(named('Kiss Anna', 'jelen'))
    await user.keyboard('{ArrowRight}')
    expect(desk(/^Nagy Béla:/)).toHaveFocus()
    await user.keyboard(' ')
    await user.keyboard(' ')
    expect(desk(/^Nagy Béla:/)).toHaveAccessibleName(named('Nagy Béla', 'hiányzik'))
    await waitFor(() =>
      expect(put.at(-1)?.body).toEqual({
        entries: [
          { student: 'anna', status: 'present' },
          { student: 'bela', status: 'absent' },
        ],
      }),
    )
  })

  it("an unseated member's button cycles the same way", async () => {
    const put = serve()
    const { user } = renderDialog()
    await openRegister(user)
    await user.click(screen.getByRole('button', { name: 'Varga Dóra: nincs jelölve' }))
    await user.click(screen.getByRole('button', { name: named('Varga Dóra', 'jelen') }))
    expect(screen.getByRole('button', { name: named('Varga Dóra', 'hiányzik') })).toHaveTextContent('H')
    await waitFor(() =>
      expect(put.at(-1)?.body).toEqual({ entries: [{ student: 'dora', status: 'absent' }] }),
    )
  })

  it("'Mindenki jelen' marks every unmarked member present and keeps the marked ones", async () => {
    const put = serve([
      { student: 'bela', status: 'late', note: 'busz' },
      { student: 'cili', status: 'excused' },
    ])
    const { user } = renderDialog()
    await openRegister(user)
    await user.click(screen.getByRole('button', { name: 'Mindenki jelen' }))
    expect(desk(named('Kiss Anna', 'jelen'))).toBeInTheDocument()
    expect(desk('Nagy Béla: késett')).toBeInTheDocument()
    expect(desk('Tóth Cili: igazolt')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: named('Varga Dóra', 'jelen') })).toBeInTheDocument()
    expect(totals()).toHaveTextContent('Jelen: 2 · Hiányzik: 0 · Késett: 1 · Igazolt: 1 · Nincs jelölve: 0')
    expect(screen.getByRole('button', { name: 'Mindenki jelen' })).toBeDisabled()
    await waitFor(() =>
      expect(put).toEqual([
        {
          url: `/api/groups/g1/attendance/${schoolToday()}`,
          body: {
            entries: [
              { student: 'anna', status: 'present' },
              { student: 'bela', status: 'late', note: 'busz' },
              { student: 'cili', status: 'excused' },
              { student: 'dora', status: 'present' },
            ],
          },
        },
      ]),
    )
  })

  it('without network the register waits, marked, and says so once', async () => {
    serve([], () => HttpResponse.error())
    const { user } = renderDialog()
    await openRegister(user)
    await user.click(desk(/^Kiss Anna:/))
    await user.click(desk(/^Nagy Béla:/))
    expect(await screen.findByText('Nincs hálózat – a jelenlét elküldésre vár.')).toBeInTheDocument()
    expect(desk(/^Kiss Anna:/)).toHaveAccessibleName('Kiss Anna: jelen, elküldésre vár')
    expect(screen.getByText('Elküldésre vár')).toBeVisible()
    await waitFor(() => expect(outbox.getSnapshot().items.length).toBeGreaterThan(0))
    expect(outbox.getSnapshot().items.every((item) => item.method === 'PUT')).toBe(true)
    expect(screen.getAllByText('Nincs hálózat – a jelenlét elküldésre vár.')).toHaveLength(1)
  })

  it("shows the server's message when it refuses the day", async () => {
    serve([], () =>
      HttpResponse.json({ code: 400, message: 'Jövőbeli napra nem rögzíthető jelenlét.' }, { status: 400 }),
    )
    const { user } = renderDialog()
    await openRegister(user)
    await user.click(desk(/^Kiss Anna:/))
    expect(
      await screen.findByText('Hiba történt: Jövőbeli napra nem rögzíthető jelenlét.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(desk(/^Kiss Anna:/)).toHaveAccessibleName('Kiss Anna: nincs jelölve'))
  })

  it("'Megjegyzés' sets a marked pupil's note, a tap keeps it, and 'Megjegyzés törlése' clears it", async () => {
    const put = serve([
      { student: 'anna', status: 'present' },
      { student: 'bela', status: 'absent', note: 'beteg' },
    ])
    const { user } = renderDialog()
    await openRegister(user)
    await user.click(screen.getByRole('button', { name: 'Megjegyzés' }))
    let dialog = await screen.findByRole('dialog', { name: 'Megjegyzés' })
    // Only the marked pupils can have a note.
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kiss Anna', 'Nagy Béla'])
    expect(within(dialog).getByLabelText('Megjegyzés szövege')).toHaveValue('')
    expect(within(dialog).getByRole('button', { name: 'Megjegyzés törlése' })).toBeDisabled()
    await user.type(within(dialog).getByLabelText('Megjegyzés szövege'), ' a 2. órától ')
    await user.click(within(dialog).getByRole('button', { name: 'Mentés' }))
    await waitFor(() => expect(put).toHaveLength(1))
    expect(put[0].body).toEqual({
      entries: [
        { student: 'anna', status: 'present', note: 'a 2. órától' },
        { student: 'bela', status: 'absent', note: 'beteg' },
      ],
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Megjegyzés' })).not.toBeInTheDocument())

    // A tap on Anna's desk keeps her note.
    await user.click(desk(/^Kiss Anna:/))
    await waitFor(() => expect(put).toHaveLength(2))
    expect(put[1].body).toEqual({
      entries: [
        { student: 'anna', status: 'absent', note: 'a 2. órától' },
        { student: 'bela', status: 'absent', note: 'beteg' },
      ],
    })

    await user.click(screen.getByRole('button', { name: 'Megjegyzés' }))
    dialog = await screen.findByRole('dialog', { name: 'Megjegyzés' })
    await user.selectOptions(within(dialog).getByLabelText('Tanuló'), 'Nagy Béla')
    expect(within(dialog).getByLabelText('Megjegyzés szövege')).toHaveValue('beteg')
    await user.click(within(dialog).getByRole('button', { name: 'Megjegyzés törlése' }))
    await waitFor(() => expect(put).toHaveLength(3))
    expect(put[2].body).toEqual({
      entries: [
        { student: 'anna', status: 'absent', note: 'a 2. órától' },
        { student: 'bela', status: 'absent' },
      ],
    })
  })

  it("'Megjegyzés' is disabled while nobody is marked", async () => {
    serve()
    const { user } = renderDialog()
    await openRegister(user)
    expect(screen.getByRole('button', { name: 'Megjegyzés' })).toBeDisabled()
    await user.click(desk(/^Kiss Anna:/))
    expect(screen.getByRole('button', { name: 'Megjegyzés' })).toBeEnabled()
  })

  it('without a classroom every member is in the list', async () => {
    serve()
    const { user } = renderDialog(buildGroup({ classroom: '', room: '', layout: null }))
    await user.click(await screen.findByRole('button', { name: 'Jelenlét' }))
    expect(await screen.findByRole('heading', { name: 'Nincs leültetve (4)' })).toBeInTheDocument()
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Kiss Anna: nincs jelölve' }))
    expect(screen.getByRole('button', { name: named('Kiss Anna', 'jelen') })).toBeInTheDocument()
  })

  it('Escape closes the dialog from the register, even after a pick in the seating', async () => {
    serve()
    const onClose = vi.fn()
    const { user } = renderDialog(buildGroup(), onClose)
    await screen.findByRole('grid', { name: 'Terem ülésrendje' })
    screen.getByRole('button', { name: 'Varga Dóra' }).focus()
    await user.keyboard('{Enter}')
    await openRegister(user)
    desk(/^Kiss Anna:/).focus()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it("shows no 'Jelenlét' without the manageAttendance feature", async () => {
    serve()
    server.use(
      dashboardHandler(
        buildDashboard({
          type: 'teacher',
          features: ROLE_DEFAULT_FEATURES.teacher.filter((feature) => feature !== 'manageAttendance'),
        }),
      ),
    )
    renderDialog()
    expect(await screen.findByRole('gridcell', { name: /Kiss Anna$/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Jelenlét' })).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Nézet' })).not.toBeInTheDocument()
  })
})

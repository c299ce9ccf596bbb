import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Group } from '@contract/api'
import { ROLE_DEFAULT_FEATURES } from '@contract/features'
import { schoolToday } from '@/lib/school-zone'
import { onScreenRequest, requestScreen, screenRequestFor, type ScreenRequest } from '@/lib/screen-request'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { attendanceSheetName, PRINT_FAILED } from './components/group-card'
import GroupsScreen from './groups-screen'
import { aGroup, aStudent } from './test-helpers'

// The seating dialog has its own tests (seating/attendance-register.test.tsx): a stand-in shows how it was opened.
vi.mock('./seating/seating-dialog', () => ({
  SeatingDialog: ({
    group,
    initialMode,
    onClose,
  }: {
    group: Group
    initialMode?: string
    onClose: () => void
  }) => (
    <div
      role="dialog"
      aria-label={`${initialMode === 'attendance' ? 'Jelenlét' : 'Ülésrend'}: ${group.groupName}`}
    >
      <button type="button" onClick={onClose}>
        Bezárás
      </button>
    </div>
  ),
}))

const GROUP = aGroup('Matek 9.A', { id: 'g1' }, [aStudent('Kiss Anna')])

function serve(features = ROLE_DEFAULT_FEATURES.teacher) {
  server.use(
    dashboardHandler(buildDashboard({ type: 'teacher', features })),
    userSettingsHandler(),
    http.get(`${API}/groups/instructor`, () => HttpResponse.json({ code: 200, groups: [GROUP] })),
    http.get(`${API}/notes/:groupId`, () => HttpResponse.json({ code: 200, notes: [] })),
    // The create dialog's pickers, loaded with the screen.
    http.get(`${API}/students/`, () => HttpResponse.json({ code: 200, students: [] })),
    http.get(`${API}/classrooms`, () => HttpResponse.json({ code: 200, classrooms: [] })),
  )
}

async function openCard() {
  const view = renderWithProviders(<GroupsScreen />, { withSettings: true })
  await view.user.click(await screen.findByRole('button', { name: /^Matek 9\.A/ }))
  return view
}

beforeEach(() => signIn())
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('Jelenlét on the group card (issue 20)', () => {
  it("'Jelenlét' opens the seating dialog on the register", async () => {
    serve()
    const { user } = await openCard()
    await user.click(await screen.findByRole('button', { name: 'Jelenlét' }))
    expect(await screen.findByRole('dialog', { name: 'Jelenlét: Matek 9.A' })).toBeInTheDocument()
  })

  it("opened by Kezdőlap's 'Jelenlét', shows that group's register at once; closing it goes back to Kezdőlap", async () => {
    serve()
    requestScreen({ screen: 'groups', open: { attendance: 'g1' }, back: 'dashboard' })
    const asked: ScreenRequest[] = []
    const stop = onScreenRequest((request) => asked.push(request))
    try {
      const { user } = renderWithProviders(<GroupsScreen />, { withSettings: true })
      const dialog = await screen.findByRole('dialog', { name: 'Jelenlét: Matek 9.A' })
      // Taken: Csoportok opened later from the menu opens nothing.
      expect(screenRequestFor('groups')).toBeNull()
      await user.click(within(dialog).getByRole('button', { name: 'Bezárás' }))
      expect(asked).toEqual([{ screen: 'dashboard' }])

      // Opened from the card, the register closes onto Csoportok.
      await user.click(screen.getByRole('button', { name: /^Matek 9\.A/ }))
      await user.click(await screen.findByRole('button', { name: 'Jelenlét' }))
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Jelenlét: Matek 9.A' })).getByRole('button', {
          name: 'Bezárás',
        }),
      )
      expect(asked).toHaveLength(1)
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    } finally {
      stop()
    }
  })

  it("'Jelenléti ív' downloads this month's sheet, and says so when it fails", async () => {
    serve()
    const months: (string | null)[] = []
    let fail = false
    server.use(
      http.get(`${API}/groups/g1/attendance.xlsx`, ({ request }) => {
        months.push(new URL(request.url).searchParams.get('month'))
        return fail
          ? HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })
          : new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
              headers: {
                'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              },
            })
      }),
    )
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:jelenlet')
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    const { user } = await openCard()
    await user.click(await screen.findByRole('button', { name: 'Jelenléti ív' }))
    const month = schoolToday().slice(0, 7)
    await waitFor(() => expect(clicked).toEqual([`jelenleti-iv-matek-9-a-${month}.xlsx`]))
    expect(months).toEqual([month])
    fail = true
    await user.click(screen.getByRole('button', { name: 'Jelenléti ív' }))
    expect(await screen.findByText('Hiba történt a jelenléti ív letöltése közben.')).toBeInTheDocument()
  })

  it("'Jelenléti ív nyomtatása' prints this month's sheet for signing: header, sessions, letters, totals", async () => {
    serve()
    const month = schoolToday().slice(0, 7)
    const months: (string | null)[] = []
    server.use(
      http.get(`${API}/groups/g1/attendance/month`, ({ request }) => {
        months.push(new URL(request.url).searchParams.get('month'))
        return HttpResponse.json({
          month,
          monthName: '2026. november',
          groupName: 'Matek 9.A',
          instructor: 'Kovács Éva',
          room: '204',
          sessions: [`${month}-02`, `${month}-09`],
          pupils: [
            {
              name: 'Kiss Anna',
              username: 'kiss.anna',
              marks: ['present', null],
              totals: { present: 1, absent: 0, late: 0, excused: 0 },
            },
            {
              name: 'Nagy Béla',
              username: 'nagy.bela',
              marks: ['late', 'absent'],
              totals: { present: 0, absent: 1, late: 1, excused: 0 },
            },
          ],
          sessionTotals: [
            { present: 1, absent: 0, late: 1, excused: 0 },
            { present: 0, absent: 1, late: 0, excused: 0 },
          ],
          totals: { present: 1, absent: 1, late: 1, excused: 0 },
        })
      }),
    )
    let printedRows: string[][] = []
    let printedText = ''
    const print = vi.fn(() => {
      // On screen the print view is display: none, out of the accessibility tree.
      const view = document.querySelector<HTMLElement>('[data-attendance-print]')!
      printedText = view.textContent ?? ''
      printedRows = within(view)
        .getAllByRole('row', { hidden: true })
        .map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''))
    })
    vi.stubGlobal('print', print)
    const { user } = await openCard()
    await user.click(await screen.findByRole('button', { name: 'Jelenléti ív nyomtatása' }))
    await waitFor(() => expect(print).toHaveBeenCalledOnce())
    expect(months).toEqual([month])
    expect(printedText).toMatch(
      /^Jelenléti ívCsoportMatek 9\.AOktatóKovács ÉvaTerem204\. teremHónap2026\. november/,
    )
    const mm = month.slice(5, 7)
    expect(printedRows).toEqual([
      ['Tanuló', 'Felhasználónév', `${mm}. 02.`, `${mm}. 09.`, 'Jelen', 'Hiányzott', 'Késett', 'Igazolt'],
      ['Kiss Anna', 'kiss.anna', 'J', '', '1', '0', '0', '0'],
      ['Nagy Béla', 'nagy.bela', 'K', 'H', '0', '1', '1', '0'],
      ['Jelen (J)', '1', '0', '1', '', '', ''],
      ['Hiányzott (H)', '0', '1', '', '1', '', ''],
      ['Késett (K)', '1', '0', '', '', '1', ''],
      ['Igazolt (I)', '0', '0', '', '', '', '0'],
    ])
    expect(printedText).toContain('J: jelen, H: hiányzik, K: késett, I: igazolt')
    expect(printedText).toContain('Oktató aláírása')
    // Gone once printed.
    window.dispatchEvent(new Event('afterprint'))
    await waitFor(() => expect(document.querySelector('[data-attendance-print]')).toBeNull())
  })

  it('says so when the sheet to print cannot be loaded (offline, never opened), and prints nothing', async () => {
    serve()
    server.use(http.get(`${API}/groups/g1/attendance/month`, () => HttpResponse.error()))
    const print = vi.fn()
    vi.stubGlobal('print', print)
    const { user } = await openCard()
    await user.click(await screen.findByRole('button', { name: 'Jelenléti ív nyomtatása' }))
    expect(await screen.findByText(PRINT_FAILED)).toBeInTheDocument()
    expect(print).not.toHaveBeenCalled()
  })

  it("offline, 'Jelenléti ív' is disabled and the note says why; 'Jelenlét' stays", async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    serve()
    await openCard()
    expect(await screen.findByRole('button', { name: 'Jelenléti ív' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Jelenlét' })).toBeEnabled()
    expect(screen.getByText('A jelenléti ív letöltése csak online lehetséges.')).toBeInTheDocument()
  })

  it('shows neither button without manageAttendance', async () => {
    serve(ROLE_DEFAULT_FEATURES.teacher.filter((feature) => feature !== 'manageAttendance'))
    await openCard()
    expect(await screen.findByRole('button', { name: 'Ülésrend' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Jelenlét' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Jelenléti ív' })).not.toBeInTheDocument()
  })

  it('names the sheet by the group without accents and the month', () => {
    expect(attendanceSheetName('Webfejlesztés – Őszi', '2026-11')).toBe(
      'jelenleti-iv-webfejlesztes-oszi-2026-11.xlsx',
    )
    expect(attendanceSheetName('!!!', '2026-11')).toBe('jelenleti-iv-2026-11.xlsx')
  })
})

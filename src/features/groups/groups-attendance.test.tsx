import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Group } from '@contract/api'
import { ROLE_DEFAULT_FEATURES } from '@contract/features'
import { schoolToday } from '@/lib/school-zone'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { attendanceSheetName } from './components/group-card'
import GroupsScreen from './groups-screen'
import { aGroup, aStudent } from './test-helpers'

// The seating dialog has its own tests (seating/attendance-register.test.tsx): a stand-in shows how it was opened.
vi.mock('./seating/seating-dialog', () => ({
  SeatingDialog: ({ group, initialMode }: { group: Group; initialMode?: string }) => (
    <div
      role="dialog"
      aria-label={`${initialMode === 'attendance' ? 'Jelenlét' : 'Ülésrend'}: ${group.groupName}`}
    />
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

import { screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox } from '@/lib/outbox/outbox'
import { OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import WorkHoursScreen from './work-hours-screen'

const writeFile = vi.hoisted(() => vi.fn())
vi.mock('xlsx', async (importOriginal) => ({ ...(await importOriginal<typeof import('xlsx')>()), writeFile }))

/** The screen as the shell mounts it: with the outbox running. */
function App() {
  useOutboxRunner()
  return <WorkHoursScreen />
}

interface Posted {
  body: unknown
  key: string | null
}

function serveHours(workHours: unknown = {}) {
  server.use(http.get(`${API}/work/hours`, () => HttpResponse.json({ workHours })))
}

function servePost(answer: () => Response | Promise<Response>) {
  const posted: Posted[] = []
  server.use(
    http.post(`${API}/work/hours`, async ({ request }) => {
      posted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') })
      return answer()
    }),
  )
  return posted
}

function renderScreen() {
  return renderWithProviders(<App />)
}

const day = (name: RegExp) => screen.getByRole('button', { name })

beforeEach(() => {
  // Tuesday, 24 November 2026, in Budapest.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-24T10:00:00+01:00'))
  signIn()
})

afterEach(async () => {
  vi.useRealTimers()
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
  vi.unstubAllGlobals()
  writeFile.mockReset()
})

describe('Munkaórák', () => {
  it('says it is loading while the hours load', async () => {
    server.use(http.get(`${API}/work/hours`, () => delay('infinite')))
    renderScreen()
    expect(await screen.findByRole('status')).toHaveTextContent('Munkaidők betöltése...')
  })

  it("says 'Hiba történt a munkaidők betöltése közben.' when loading fails, and tries again", async () => {
    let calls = 0
    server.use(
      http.get(`${API}/work/hours`, () => {
        calls++
        return calls === 1
          ? HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 })
          : HttpResponse.json({ workHours: { '2026-11-02': 8 } })
      }),
    )
    const { user } = renderScreen()
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt a munkaidők betöltése közben.')
    await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
    expect(
      await screen.findByRole('button', { name: /^2026\. november 2\., hétfő, 8 óra/ }),
    ).toBeInTheDocument()
  })

  it('shows the month in Hungarian, weeks from Monday, today marked and each day with its hours', async () => {
    serveHours({ '2026-11-02': 8, '2026-11-20': 7.5, '2026-10-30': 2 })
    renderScreen()
    const calendar = await screen.findByRole('table', { name: '2026. november' })
    expect(screen.getByRole('heading', { name: '2026. november' })).toBeInTheDocument()
    const heads = within(calendar)
      .getAllByRole('columnheader')
      .map((head) => head.querySelector('abbr')?.getAttribute('title'))
    expect(heads).toEqual(['hétfő', 'kedd', 'szerda', 'csütörtök', 'péntek', 'szombat', 'vasárnap'])
    // November 2026 starts on a Sunday: the first row is six days of October, then the 1st.
    const firstRow = within(calendar).getAllByRole('row')[1]
    expect(within(firstRow).getAllByRole('button')).toHaveLength(1)
    expect(within(firstRow).getByRole('button')).toHaveAccessibleName(/^2026\. november 1\., vasárnap/)

    expect(day(/^2026\. november 24\., kedd/)).toHaveAttribute('aria-current', 'date')
    expect(day(/^2026\. november 24\., kedd/)).toHaveAccessibleName(/, ma$/)
    expect(day(/^2026\. november 20\., péntek/)).toHaveAccessibleName('2026. november 20., péntek, 7,5 óra')
    expect(day(/^2026\. november 20\., péntek/)).toHaveTextContent('7,5 ó')
    expect(within(calendar).getAllByRole('button', { current: 'date' })).toHaveLength(1)
  })

  it('marks the weekdays of past weeks with no hours as missing, and counts them', async () => {
    serveHours({ '2026-11-02': 8, '2026-11-03': 8 })
    renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    expect(day(/^2026\. november 4\., szerda/)).toHaveAccessibleName('2026. november 4., szerda, hiányzik')
    expect(day(/^2026\. november 3\., kedd/)).toHaveAccessibleName('2026. november 3., kedd, 8 óra')
    // Weekends and this week are not missing.
    expect(day(/^2026\. november 7\., szombat/)).toHaveAccessibleName(
      '2026. november 7., szombat, nincs rögzítve',
    )
    expect(day(/^2026\. november 25\., szerda/)).toHaveAccessibleName(
      '2026. november 25., szerda, nincs rögzítve',
    )
    expect(screen.getByText('Hiányzó munkanapok').nextSibling).toHaveTextContent('13 nap')
    // The colours and dots are explained beside the calendar.
    const legend = screen.getByRole('list', { name: 'Jelmagyarázat' })
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rögzítve', 'Hiányzó munkanap', 'Elküldésre vár'])
  })

  it("shows the month's hours and all hours in cards, from the nested year → month → day shape too", async () => {
    serveHours({ '2026': { '11': { '2': 8, '20': 7.5 }, '10': { '30': 2 } } })
    renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    expect(screen.getByText('Havi óraszám (2026. november)').nextSibling).toHaveTextContent('15,5 óra')
    expect(screen.getByText('Összes óraszám').nextSibling).toHaveTextContent('17,5 óra')
    expect(day(/^2026\. november 20\., péntek/)).toHaveAccessibleName('2026. november 20., péntek, 7,5 óra')
  })

  it('moves between months and back to today', async () => {
    serveHours({ '2026-12-01': 6 })
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.click(screen.getByRole('button', { name: 'Következő hónap' }))
    expect(screen.getByRole('table', { name: '2026. december' })).toBeInTheDocument()
    expect(day(/^2026\. december 1\., kedd/)).toHaveAccessibleName('2026. december 1., kedd, 6 óra')
    expect(screen.getByText('Havi óraszám (2026. december)').nextSibling).toHaveTextContent('6 óra')
    await user.click(screen.getByRole('button', { name: 'Előző hónap' }))
    await user.click(screen.getByRole('button', { name: 'Előző hónap' }))
    expect(screen.getByRole('table', { name: '2026. október' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ma' }))
    expect(screen.getByRole('table', { name: '2026. november' })).toBeInTheDocument()
  })

  it('puts the date of a clicked day in the form', async () => {
    serveHours()
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    expect(screen.getByLabelText('Dátum')).toHaveValue('2026-11-24')
    await user.click(day(/^2026\. november 12\., csütörtök/))
    expect(screen.getByLabelText('Dátum')).toHaveValue('2026-11-12')
    expect(day(/^2026\. november 12\., csütörtök/)).toHaveAttribute('aria-pressed', 'true')
  })

  it('is one Tab stop: the arrow keys, Home and End move between days and Enter picks one', async () => {
    serveHours()
    const { user } = renderScreen()
    const table = await screen.findByRole('table', { name: '2026. november' })
    const tabbable = within(table)
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0)
    expect(tabbable).toEqual([day(/^2026\. november 24\., kedd/)])

    tabbable[0].focus()
    await user.keyboard('{ArrowRight}')
    expect(day(/^2026\. november 25\., szerda/)).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(day(/^2026\. november 18\., szerda/)).toHaveFocus()
    await user.keyboard('{Home}')
    expect(day(/^2026\. november 16\., hétfő/)).toHaveFocus()
    await user.keyboard('{End}')
    expect(day(/^2026\. november 22\., vasárnap/)).toHaveFocus()
    expect(day(/^2026\. november 22\., vasárnap/)).toHaveAttribute('tabindex', '0')
    expect(day(/^2026\. november 24\., kedd/)).toHaveAttribute('tabindex', '-1')
    // Moving does not pick; Enter does.
    expect(screen.getByLabelText('Dátum')).toHaveValue('2026-11-24')
    await user.keyboard('{Enter}')
    expect(screen.getByLabelText('Dátum')).toHaveValue('2026-11-22')
  })

  it('has a decimal hours input that takes the Hungarian decimal comma', async () => {
    serveHours()
    const posted = servePost(() => HttpResponse.json({ code: 200, message: 'OK' }))
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    const hours = screen.getByLabelText('Óraszám')
    expect(hours).toHaveAttribute('inputmode', 'decimal')
    await user.click(day(/^2026\. november 12\., csütörtök/))
    await user.type(hours, '4,5')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))
    await waitFor(() => expect(posted.map((post) => post.body)).toEqual([{ date: '2026-11-12', hours: 4.5 }]))
  })

  it.each([
    ['Csere (6 óra)', 6],
    ['Hozzáadás (összesen 14 óra)', 14],
  ])("asks before changing a day that has hours, and sends what '%s' says", async (choice, sent) => {
    serveHours({ '2026-11-02': 8 })
    const posted = servePost(() => HttpResponse.json({ code: 200, message: 'OK' }))
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.click(day(/^2026\. november 2\., hétfő/))
    await user.type(screen.getByLabelText('Óraszám'), '6')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Erre a napra már van rögzített munkaidő' })
    expect(dialog).toHaveTextContent('2026. november 2., hétfő: már 8 óra van rögzítve.')
    expect(posted).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: choice }))
    await waitFor(() =>
      expect(posted.map((post) => post.body)).toEqual([{ date: '2026-11-02', hours: sent }]),
    )
  })

  it("sends nothing when the question about a day's hours is cancelled", async () => {
    serveHours({ '2026-11-02': 8 })
    const posted = servePost(() => HttpResponse.json({ code: 200, message: 'OK' }))
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.click(day(/^2026\. november 2\., hétfő/))
    await user.type(screen.getByLabelText('Óraszám'), '6')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(posted).toEqual([])
    expect(day(/^2026\. november 2\., hétfő/)).toHaveAccessibleName('2026. november 2., hétfő, 8 óra')
  })

  it.each([
    ['from the day the server names (the account was created)', '2026-11-12', '7 nap'],
    ['none for an account that does not log hours', null, '0 nap'],
  ])('counts missing days %s', async (_case, missingFrom, count) => {
    server.use(http.get(`${API}/work/hours`, () => HttpResponse.json({ workHours: {}, missingFrom })))
    renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    expect(screen.getByText('Hiányzó munkanapok').nextSibling).toHaveTextContent(count)
    expect(day(/^2026\. november 11\., szerda/)).toHaveAccessibleName(
      '2026. november 11., szerda, nincs rögzítve',
    )
  })

  it.each([
    ['empty', ''],
    ['negative', '-1'],
  ])(
    "refuses %s hours with 'Kérlek adj meg egy érvényes óraszámot.' and sends nothing",
    async (_case, typed) => {
      serveHours()
      const posted = servePost(() => HttpResponse.json({ code: 200, message: 'OK' }))
      const { user } = renderScreen()
      await screen.findByRole('table', { name: '2026. november' })
      if (typed) await user.type(screen.getByLabelText('Óraszám'), typed)
      await user.click(screen.getByRole('button', { name: 'Rögzítés' }))
      expect(await screen.findByText('Kérlek adj meg egy érvényes óraszámot.')).toBeInTheDocument()
      expect(screen.getByLabelText('Óraszám')).toHaveAttribute('aria-invalid', 'true')
      expect(posted).toEqual([])
    },
  )

  it("sends {date, hours} once with an Idempotency-Key, says 'Munkaidő sikeresen rögzítve.' and shows the hours", async () => {
    let stored: Record<string, number> = { '2026-11-02': 8 }
    server.use(http.get(`${API}/work/hours`, () => HttpResponse.json({ workHours: stored })))
    const posted = servePost(() => {
      stored = { ...stored, '2026-11-12': 7.5 }
      return HttpResponse.json({ code: 200, message: 'Munkaidő rögzítve.' })
    })
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.click(day(/^2026\. november 12\., csütörtök/))
    await user.type(screen.getByLabelText('Óraszám'), '7.5')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))

    expect(await screen.findByText('Munkaidő sikeresen rögzítve.')).toBeInTheDocument()
    expect(posted).toEqual([{ body: { date: '2026-11-12', hours: 7.5 }, key: expect.any(String) }])
    expect(day(/^2026\. november 12\., csütörtök/)).toHaveAccessibleName(
      '2026. november 12., csütörtök, 7,5 óra',
    )
    expect(screen.getByText('Havi óraszám (2026. november)').nextSibling).toHaveTextContent('15,5 óra')
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it("says 'Hiba történt: {message}' when the server refuses, and takes the hours back", async () => {
    serveHours({ '2026-11-02': 8 })
    servePost(() => HttpResponse.json({ code: 400, message: 'Érvénytelen dátum.' }, { status: 400 }))
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.click(day(/^2026\. november 12\., csütörtök/))
    await user.type(screen.getByLabelText('Óraszám'), '4')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))

    expect(await screen.findByText('Hiba történt: Érvénytelen dátum.')).toBeInTheDocument()
    await waitFor(() =>
      expect(day(/^2026\. november 12\., csütörtök/)).toHaveAccessibleName(
        '2026. november 12., csütörtök, hiányzik',
      ),
    )
    expect(outbox.getSnapshot().items).toEqual([])
    expect(outbox.getSnapshot().rejected).toEqual([
      expect.objectContaining({ lastError: 'Érvénytelen dátum.', status: 'rejected' }),
    ])
  })

  it("says 'Hiba történt: {message}' when a 2xx answer carries another code", async () => {
    serveHours()
    servePost(() => HttpResponse.json({ code: 403, message: 'Nincs jogosultságod.' }))
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.type(screen.getByLabelText('Óraszám'), '8')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))
    expect(await screen.findByText('Hiba történt: Nincs jogosultságod.')).toBeInTheDocument()
  })

  it("without network, says 'Nincs hálózat – a módosítás elküldésre vár.' and shows the hours as waiting", async () => {
    serveHours({})
    servePost(() => HttpResponse.error())
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.click(day(/^2026\. november 23\., hétfő/))
    await user.type(screen.getByLabelText('Óraszám'), '6')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))

    expect(await screen.findByText('Nincs hálózat – a módosítás elküldésre vár.')).toBeInTheDocument()
    expect(day(/^2026\. november 23\., hétfő/)).toHaveAccessibleName(
      '2026. november 23., hétfő, 6 óra, elküldésre vár',
    )
    expect(outbox.getSnapshot().items).toEqual([
      expect.objectContaining({ attempts: 1, lastError: 'Hiba történt a kapcsolat során.' }),
    ])
  })

  it("says 'Hiba történt a munkaidő rögzítése során.' on a server error and keeps the write queued", async () => {
    serveHours({})
    servePost(() => HttpResponse.json({ code: 500, message: 'Belső hiba' }, { status: 500 }))
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.type(screen.getByLabelText('Óraszám'), '8')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))
    expect(await screen.findByText('Hiba történt a munkaidő rögzítése során.')).toBeInTheDocument()
    expect(day(/^2026\. november 24\., kedd/)).toHaveAccessibleName(/8 óra, ma, elküldésre vár$/)
  })

  it("says 'Hiba történt a munkaidő rögzítése során.' when the write cannot be stored", async () => {
    serveHours({})
    const posted = servePost(() => HttpResponse.json({ code: 200, message: 'OK' }))
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    localStorage.removeItem('token')
    await user.type(screen.getByLabelText('Óraszám'), '8')
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }))
    expect(await screen.findByText('Hiba történt a munkaidő rögzítése során.')).toBeInTheDocument()
    expect(posted).toEqual([])
  })

  it('shows the offline marker with the time of the cached answer', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    server.use(
      http.get(`${API}/work/hours`, () =>
        HttpResponse.json({ workHours: {} }, { headers: { Date: 'Tue, 24 Nov 2026 08:05:00 GMT' } }),
      ),
    )
    renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    expect(screen.getByText(/^Nincs hálózat – utoljára frissítve 2026\. november 24\./)).toBeInTheDocument()
  })

  it("exports the shown month as 'munkaorak-YYYY-MM.xlsx' with a row a day and a total", async () => {
    serveHours({ '2026-12-01': 6, '2026-12-02': 7.5, '2026-11-30': 3 })
    const { user } = renderScreen()
    await screen.findByRole('table', { name: '2026. november' })
    await user.click(screen.getByRole('button', { name: 'Következő hónap' }))
    await user.click(screen.getByRole('button', { name: 'Exportálás (XLSX)' }))
    await waitFor(() => expect(writeFile).toHaveBeenCalledTimes(1))
    const [book, name] = writeFile.mock.calls[0] as [import('xlsx').WorkBook, string]
    expect(name).toBe('munkaorak-2026-12.xlsx')
    const { utils } = await import('xlsx')
    const rows = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 })
    expect(rows[0]).toEqual(['Dátum', 'Nap', 'Óraszám'])
    expect(rows.slice(1, 3)).toEqual([
      ['2026-12-01', 'kedd', 6],
      ['2026-12-02', 'szerda', 7.5],
    ])
    expect(rows).toHaveLength(1 + 31 + 1)
    expect(rows.at(-1)).toEqual(['Összesen', '', 13.5])
  })
})

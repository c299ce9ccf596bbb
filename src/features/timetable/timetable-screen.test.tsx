import { screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { delay, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TIMETABLE_DATABASE } from '@/lib/offline/user-data'
import { API, server } from '@/test/msw'
import { buildDashboard, dashboardHandler } from '@/test/factories'
import { renderWithProviders, signIn } from '@/test/render'
import { loadPlan, storePlan, TIMETABLE_STORE } from './api/timetable-plan'
import { aClass } from './test-classes'
import type { TimetableClass } from './timetable-class'
import { timetableXlsxBytes } from './timetable-xlsx'
import { utils, write } from 'xlsx'
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@contract/spreadsheet'
import TimetableScreen from './timetable-screen'

const writeFile = vi.hoisted(() => vi.fn())
vi.mock('xlsx', async (importOriginal) => ({ ...(await importOriginal<typeof import('xlsx')>()), writeFile }))

const USER = 'u1'

function renderScreen(options: { dashboard?: ReturnType<typeof buildDashboard> } = {}) {
  server.use(dashboardHandler(options.dashboard ?? buildDashboard({ name: 'Teszt Elek' })))
  // File inputs: let a wrong type through, so the screen's own check is what refuses it.
  return renderWithProviders(<TimetableScreen />, { user: { applyAccept: false } })
}

async function seed(classes: TimetableClass[], user = USER) {
  await storePlan(user, classes)
}

function xlsxFile(classes: TimetableClass[], name = 'orarend.xlsx') {
  return new File([timetableXlsxBytes(classes)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
}

const grid = () => screen.findByRole('region', { name: 'Heti órarend' })
const dialog = (name: string) => screen.findByRole('dialog', { name })
const block = (name: RegExp) => screen.getByRole('button', { name })

/** The test window's size: happy-dom answers `matchMedia` from it (the week grid from 75em; day-view.test.tsx). */
function viewport(width: number, height: number) {
  ;(
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height })
}

beforeEach(() => {
  viewport(1440, 900)
  // Tuesday, 24 November 2026.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-24T10:00:00+01:00'))
  signIn()
})

afterEach(async () => {
  viewport(1024, 768)
  vi.useRealTimers()
  vi.restoreAllMocks()
  writeFile.mockReset()
  await clear(createStore(TIMETABLE_DATABASE, TIMETABLE_STORE))
})

describe('Munkaidő tervező', () => {
  it('says it is loading until the signed-in user is known', async () => {
    server.use(http.get(`${API}/dashboard`, () => delay('infinite')))
    renderWithProviders(<TimetableScreen />)
    expect(await screen.findByRole('status')).toHaveTextContent('Órarend betöltése...')
    expect(screen.getByRole('button', { name: 'Új óra' })).toBeDisabled()
  })

  it("says 'Hiba történt az adatok betöltése közben' when the plan cannot be read, and tries again", async () => {
    await seed([aClass(1, '08:00', '09:00', { name: 'Matematika' })])
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementationOnce(() => {
      throw new DOMException('Az adatbázis nem olvasható.', 'UnknownError')
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderScreen()
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Hiba történt az adatok betöltése közben$/)
    await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
    expect(await screen.findByRole('button', { name: /^Matematika/ })).toBeInTheDocument()
  })

  it('shows an empty week Monday to Sunday with 96 quarter-hour rows and today marked', async () => {
    renderScreen()
    const week = await grid()
    expect(screen.getByText(/^Még nincs óra a tervben\./)).toBeInTheDocument()
    expect(screen.getByText('0 óra a tervben')).toBeInTheDocument()
    const days = within(week)
      .getAllByRole('group')
      .map((g) => g.getAttribute('aria-label'))
    expect(days).toEqual(['Hétfő', 'Kedd', 'Szerda', 'Csütörtök', 'Péntek', 'Szombat', 'Vasárnap'])
    for (const day of within(week).getAllByRole('group')) expect(day).toHaveStyle({ height: `${96 * 16}px` })
    expect(within(week).getByText('Kedd').closest('[aria-current="date"]')).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Összes törlése' })).toBeDisabled()
  })

  it("opens 'Új óra' with the spec's fields and defaults", async () => {
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await dialog('Új óra')
    expect(within(form).getByLabelText('Óra neve')).toHaveAttribute('placeholder', 'pl.: Matematika 9.A')
    expect(within(form).getByLabelText('Óra neve')).toHaveValue('')
    expect(within(form).getByLabelText('Nap')).toHaveDisplayValue('Kedd')
    expect(within(form).getByLabelText('Kezdés')).toHaveDisplayValue('08:00')
    expect(within(form).getByLabelText('Befejezés')).toHaveDisplayValue('09:00')
    expect(within(form).getByLabelText('Oktató')).toHaveAttribute('placeholder', 'Válassz oktatót...')
    expect(within(form).getByLabelText('Kezdés').querySelectorAll('option')).toHaveLength(96)
    expect(within(form).getByRole('button', { name: 'Mégse' })).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Létrehozás' })).toBeInTheDocument()
  })

  it("says 'Kérlek töltsd ki az összes kötelező mezőt!' without a name or an instructor and stores nothing", async () => {
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await dialog('Új óra')
    await user.click(within(form).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(form).findAllByText('Kérlek töltsd ki az összes kötelező mezőt!')).toHaveLength(2)
    await user.type(within(form).getByLabelText('Óra neve'), '   ')
    await user.type(within(form).getByLabelText('Oktató'), 'Kiss Anna')
    await user.click(within(form).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(form).findAllByText('Kérlek töltsd ki az összes kötelező mezőt!')).toHaveLength(1)
    expect(within(form).getByLabelText('Óra neve')).toHaveAttribute('aria-invalid', 'true')
    expect(await loadPlan(USER)).toEqual([])
  })

  it("creates a class: 'Óra sikeresen létrehozva!', a block from start to end, stored, and the form back at its defaults", async () => {
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await dialog('Új óra')
    await user.type(within(form).getByLabelText('Óra neve'), 'Matematika 9.A')
    await user.selectOptions(within(form).getByLabelText('Nap'), 'Hétfő')
    await user.selectOptions(within(form).getByLabelText('Kezdés'), '09:15')
    await user.selectOptions(within(form).getByLabelText('Befejezés'), '10:45')
    await user.type(within(form).getByLabelText('Oktató'), 'Kiss Anna')
    await user.click(within(form).getByRole('button', { name: 'Létrehozás' }))

    expect(await screen.findByText('Óra sikeresen létrehozva!')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Új óra' })).not.toBeInTheDocument())
    const created = block(/^Matematika 9\.A\s?, Hétfő 09:15–10:45\s?, oktató: Kiss Anna$/)
    expect(created).toHaveStyle({ top: `${37 * 16}px`, height: `${6 * 16}px` })
    expect(within(screen.getByRole('group', { name: 'Hétfő' })).getByRole('button')).toBe(created)
    expect(screen.getByText('1 óra a tervben')).toBeInTheDocument()
    expect(await loadPlan(USER)).toMatchObject([
      {
        name: 'Matematika 9.A',
        day: { id: 1, name: 'Hétfő' },
        startTime: { id: 37, label: '9:15', fullLabel: '09:15' },
        endTime: { id: 43, label: '10:45', fullLabel: '10:45' },
        instructor: 'Kiss Anna',
        students: [],
      },
    ])

    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const again = await dialog('Új óra')
    expect(within(again).getByLabelText('Óra neve')).toHaveValue('')
    expect(within(again).getByLabelText('Kezdés')).toHaveDisplayValue('08:00')
    expect(within(again).getByLabelText('Nap')).toHaveDisplayValue('Kedd')
  })

  it('offers the signed-in teacher and the instructors of the plan for Oktató', async () => {
    await seed([aClass(1, '08:00', '09:00', { instructor: 'Nagy Béla' })])
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await dialog('Új óra')
    const list = document.getElementById(within(form).getByLabelText('Oktató').getAttribute('list')!)!
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['Nagy Béla', 'Teszt Elek'])
  })

  it('closes on Mégse without creating anything', async () => {
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await dialog('Új óra')
    await user.type(within(form).getByLabelText('Óra neve'), 'Kémia')
    await user.click(within(form).getByRole('button', { name: 'Mégse' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await loadPlan(USER)).toEqual([])
  })

  it('opens a block with the keyboard and saves a change', async () => {
    await seed([aClass(3, '08:00', '09:00', { id: 'a', name: 'Fizika', instructor: 'Nagy Béla' })])
    const { user } = renderScreen()
    await grid()
    block(/^Fizika/).focus()
    await user.keyboard('{Enter}')
    const form = await dialog('Óra szerkesztése')
    expect(within(form).getByLabelText('Óra neve')).toHaveValue('Fizika')
    expect(within(form).getByLabelText('Nap')).toHaveDisplayValue('Szerda')
    await user.clear(within(form).getByLabelText('Óra neve'))
    await user.type(within(form).getByLabelText('Óra neve'), 'Fizika labor{Enter}')
    expect(await screen.findByText('Óra sikeresen módosítva!')).toBeInTheDocument()
    expect(
      await screen.findByRole('button', { name: /^Fizika labor\s?, Szerda 08:00–09:00/ }),
    ).toBeInTheDocument()
    expect((await loadPlan(USER)).map((c) => [c.id, c.name])).toEqual([['a', 'Fizika labor']])
  })

  it('deletes a class only after the confirmation', async () => {
    await seed([aClass(2, '10:00', '11:00', { name: 'Kémia' })])
    const { user } = renderScreen()
    await grid()
    await user.click(block(/^Kémia/))
    await user.click(within(await dialog('Óra szerkesztése')).getByRole('button', { name: 'Törlés' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Óra törlése' })
    expect(confirm).toHaveTextContent('Biztosan törölni szeretnéd ezt az órát?')
    expect(confirm).toHaveTextContent('Kémia (Kedd 10:00–11:00)')
    await user.click(within(confirm).getByRole('button', { name: 'Mégsem' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(block(/^Kémia/)).toBeInTheDocument()

    await user.click(block(/^Kémia/))
    await user.click(within(await dialog('Óra szerkesztése')).getByRole('button', { name: 'Törlés' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Óra törlése' })).getByRole('button', {
        name: 'Törlés',
      }),
    )
    expect(await screen.findByText('Óra törölve.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Kémia/ })).not.toBeInTheDocument()
    expect(await loadPlan(USER)).toEqual([])
  })

  it('puts overlapping classes side by side and marks a teacher booked twice at once', async () => {
    await seed([
      aClass(1, '08:00', '09:00', { name: 'Matematika', instructor: 'Kiss Anna' }),
      aClass(1, '08:30', '09:30', { name: 'Fizika', instructor: 'Kiss Anna' }),
      aClass(1, '08:30', '09:30', { name: 'Kémia', instructor: 'Nagy Béla' }),
      aClass(1, '11:00', '12:00', { name: 'Biológia', instructor: 'Kiss Anna' }),
    ])
    renderScreen()
    await grid()
    expect(block(/^Matematika/)).toHaveStyle({ width: 'calc(33.333333333333336% - 2px)' })
    expect(block(/^Biológia/)).toHaveStyle({ width: 'calc(100% - 2px)' })
    expect(block(/^Matematika/)).toHaveAccessibleName(
      /Ütközés: Kiss Anna ugyanekkor ezt az órát is tartja: Fizika \(08:30–09:30\)\.$/,
    )
    expect(block(/^Fizika/)).toHaveAccessibleName(/Ütközés: .* Matematika \(08:00–09:00\)\.$/)
    expect(block(/^Kémia/)).not.toHaveAccessibleName(/Ütközés/)
    expect(block(/^Biológia/)).not.toHaveAccessibleName(/Ütközés/)
    expect(screen.getByText(/2 óránál ütközik az oktató/)).toBeInTheDocument()
  })

  it("shows another user's plan to nobody: the plan is kept per user", async () => {
    await seed([aClass(1, '08:00', '09:00', { name: 'Titkos óra' })], 'someone-else')
    const dashboard = buildDashboard()
    renderScreen({ dashboard: { ...dashboard, user: { ...dashboard.user, id: USER } } })
    await grid()
    expect(screen.getByText('0 óra a tervben')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Titkos óra/ })).not.toBeInTheDocument()
  })

  it("exports the week as orarend.xlsx: 'Adatok sikeresen exportálva!'", async () => {
    const plan = [aClass(1, '08:00', '09:00', { id: 'a', name: 'Matematika', instructor: 'Kiss Anna' })]
    await seed(plan)
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Exportálás' }))
    expect(await screen.findByText('Adatok sikeresen exportálva!')).toBeInTheDocument()
    const [book, name] = writeFile.mock.calls[0] as [import('xlsx').WorkBook, string]
    expect(name).toBe('orarend.xlsx')
    const { utils } = await import('xlsx')
    expect(utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 })).toEqual([
      ['Nap', 'Kezdés', 'Befejezés', 'Óra neve', 'Oktató', 'Diákok', 'Azonosító'],
      ['Hétfő', '08:00', '09:00', 'Matematika', 'Kiss Anna', '', 'a'],
    ])
  })

  it("says 'Hiba történt az exportálás során.' when the file cannot be written", async () => {
    writeFile.mockImplementationOnce(() => {
      throw new Error('nincs hely')
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Exportálás' }))
    expect(await screen.findByText('Hiba történt az exportálás során.')).toBeInTheDocument()
  })

  describe('import', () => {
    /** jsdom has no Worker: this one runs the timetable worker's own answer in the page, asynchronously. */
    class InlineWorker {
      onmessage: ((event: { data: unknown }) => void) | null = null
      onerror: (() => void) | null = null
      terminated = false
      postMessage(bytes: ArrayBuffer) {
        void import('./timetable-sheet.worker').then(({ answerTimetableSheet }) => {
          if (!this.terminated) this.onmessage?.({ data: answerTimetableSheet(bytes) })
        })
      }
      terminate() {
        this.terminated = true
      }
    }
    beforeEach(() => vi.stubGlobal('Worker', InlineWorker))
    afterEach(() => vi.unstubAllGlobals())

    async function openImport() {
      const rendered = renderScreen()
      await grid()
      await rendered.user.click(screen.getByRole('button', { name: 'Importálás' }))
      return { ...rendered, form: await dialog('Importálás') }
    }

    it("says 'Kérlek válassz ki egy fájlt!' without a file", async () => {
      const { user, form } = await openImport()
      await user.click(within(form).getByRole('button', { name: 'Tovább' }))
      expect(await within(form).findByText('Kérlek válassz ki egy fájlt!')).toBeInTheDocument()
      expect(within(form).getByLabelText('XLSX fájl')).toHaveAttribute(
        'accept',
        expect.stringContaining('.xlsx'),
      )
    })

    it('names the limit a hostile file breaks: a sheet claiming more rows than the limit, a zip bomb', async () => {
      const book = utils.book_new()
      const sheet = utils.aoa_to_sheet([['Nap', 'Kezdés']])
      // (SheetJS would write every cell of a whole-sheet range; the server's test sends A1:XFD1048576 by hand.)
      sheet['!ref'] = 'A1:B9999'
      utils.book_append_sheet(book, sheet, 'Munka1')
      const claimsAll = write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer
      // A bomb declares what it unpacks to: here each entry of the central directory claims 4 GB − 1.
      const bomb = timetableXlsxBytes([aClass(1, '08:00', '09:00')]).slice(0)
      const view = new DataView(bomb)
      for (let at = 0; at + 4 <= bomb.byteLength; at++)
        if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 0xfffffffe, true)
      const cases: [ArrayBuffer, string][] = [
        [claimsAll, SPREADSHEET_MESSAGES.tooManyRows],
        [bomb, SPREADSHEET_MESSAGES.tooLargeUnpacked],
      ]
      const { user, form } = await openImport()
      for (const [bytes, message] of cases) {
        expect(bytes.byteLength).toBeLessThan(30_000)
        await user.upload(within(form).getByLabelText('XLSX fájl'), new File([bytes], 'orarend.xlsx'))
        await user.click(within(form).getByRole('button', { name: 'Tovább' }))
        expect(await within(form).findByText(message)).toBeInTheDocument()
      }
    })

    it('ends a read that takes too long and says so', async () => {
      vi.stubGlobal(
        'Worker',
        class extends InlineWorker {
          override postMessage() {}
        },
      )
      const { user, form } = await openImport()
      vi.useFakeTimers({ shouldAdvanceTime: true })
      try {
        await user.upload(within(form).getByLabelText('XLSX fájl'), xlsxFile([aClass(1, '08:00', '09:00')]))
        await user.click(within(form).getByRole('button', { name: 'Tovább' }))
        await vi.advanceTimersByTimeAsync(SPREADSHEET_LIMITS.seconds * 1000)
        expect(await within(form).findByText(SPREADSHEET_MESSAGES.tooSlow)).toBeInTheDocument()
      } finally {
        vi.useRealTimers()
      }
    })

    it('takes .xlsx files only', async () => {
      const { user, form } = await openImport()
      await user.upload(
        within(form).getByLabelText('XLSX fájl'),
        new File(['a;b'], 'orarend.csv', { type: 'text/csv' }),
      )
      await user.click(within(form).getByRole('button', { name: 'Tovább' }))
      expect(await within(form).findByText('Csak .xlsx fájl importálható.')).toBeInTheDocument()
    })

    it('says a damaged file cannot be read', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      const { user, form } = await openImport()
      await user.upload(
        within(form).getByLabelText('XLSX fájl'),
        new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 9, 9])], 'serult.xlsx'),
      )
      await user.click(within(form).getByRole('button', { name: 'Tovább' }))
      expect(
        await within(form).findByText(
          /^(A fájl nem olvasható\. Válassz egy érvényes \.xlsx fájlt!|A fájl első sorából hiányzik)/,
        ),
      ).toBeInTheDocument()
    })

    it('previews what will be added and which rows are invalid and why, changing nothing before Hozzáadás', async () => {
      const existing = aClass(1, '08:00', '09:00', { id: 'e', name: 'Matematika', instructor: 'Kiss Anna' })
      await seed([existing])
      const { utils, write } = await import('xlsx')
      const sheet = utils.aoa_to_sheet([
        ['Nap', 'Kezdés', 'Befejezés', 'Óra neve', 'Oktató'],
        ['Hétfő', '08:00', '09:00', 'Matematika', 'Kiss Anna'],
        ['Péntek', '12:00', '13:00', 'Történelem', 'Tóth Tímea'],
        ['Péntek', '12:10', '13:00', '', 'Tóth Tímea'],
      ])
      const book = utils.book_new()
      utils.book_append_sheet(book, sheet, 'Munka1')
      const file = new File([write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], 'kezi.xlsx')

      const { user, form } = await openImport()
      await user.upload(within(form).getByLabelText('XLSX fájl'), file)
      await user.click(within(form).getByRole('button', { name: 'Tovább' }))
      const added = await within(form).findByRole('region', { name: 'Hozzáadandó órák' })
      expect(added).toHaveTextContent('Hozzáadandó órák: 1')
      expect(
        within(added).getByRole('row', { name: /Péntek 12:00–13:00 Történelem Tóth Tímea/ }),
      ).toBeInTheDocument()
      expect(within(form).getByText('Már a tervben van, kimarad: 1')).toBeInTheDocument()
      const invalid = within(form).getByRole('region', { name: 'Hibás sorok' })
      expect(invalid).toHaveTextContent('Hibás sorok, kimaradnak: 1')
      expect(invalid).toHaveTextContent(
        '4. sor: Hiányzik az óra neve. Érvénytelen kezdés: „12:10” (negyedórás időpont kell, 00:00–23:45).',
      )
      expect(await loadPlan(USER)).toEqual([existing])

      await user.click(within(form).getByRole('button', { name: 'Hozzáadás (1)' }))
      expect(await screen.findByText('Adatok sikeresen importálva!')).toBeInTheDocument()
      expect((await loadPlan(USER)).map((c) => c.name)).toEqual(['Matematika', 'Történelem'])
      expect(block(/^Történelem\s?, Péntek 12:00–13:00/)).toBeInTheDocument()
    })

    it('replaces the plan only after a confirmation', async () => {
      await seed([aClass(2, '08:00', '09:00', { name: 'Régi óra' })])
      const incoming = [aClass(4, '10:00', '11:00', { id: 'n', name: 'Új terv órája' })]
      const { user, form } = await openImport()
      await user.upload(within(form).getByLabelText('XLSX fájl'), xlsxFile(incoming))
      await user.click(within(form).getByRole('button', { name: 'Tovább' }))
      await user.click(await within(form).findByRole('button', { name: 'Csere' }))
      const confirm = await screen.findByRole('alertdialog', { name: 'Terv cseréje' })
      expect(confirm).toHaveTextContent('A jelenlegi 1 óra törlődik, helyükre a fájl 1 órája kerül.')
      await user.click(within(confirm).getByRole('button', { name: 'Mégsem' }))
      expect(await dialog('Importálás')).toBeInTheDocument()
      expect((await loadPlan(USER)).map((c) => c.name)).toEqual(['Régi óra'])

      await user.click(within(await dialog('Importálás')).getByRole('button', { name: 'Csere' }))
      await user.click(
        within(await screen.findByRole('alertdialog', { name: 'Terv cseréje' })).getByRole('button', {
          name: 'Csere',
        }),
      )
      expect(await screen.findByText('Adatok sikeresen importálva!')).toBeInTheDocument()
      expect(await loadPlan(USER)).toEqual(incoming)
      expect(screen.queryByRole('button', { name: /^Régi óra/ })).not.toBeInTheDocument()
    })

    it('says there is nothing to add when the file holds only classes of the plan', async () => {
      const plan = [aClass(1, '08:00', '09:00', { id: 'a' })]
      await seed(plan)
      const { user, form } = await openImport()
      await user.upload(within(form).getByLabelText('XLSX fájl'), xlsxFile(plan))
      await user.click(within(form).getByRole('button', { name: 'Tovább' }))
      expect(
        await within(form).findByText('A fájlban nincs új óra: nincs mit hozzáadni.'),
      ).toBeInTheDocument()
      expect(within(form).getByRole('button', { name: 'Hozzáadás (0)' })).toBeDisabled()
    })
  })

  it('empties the plan after a confirmation', async () => {
    await seed([
      aClass(1, '08:00', '09:00', { name: 'Matematika' }),
      aClass(2, '08:00', '09:00', { name: 'Fizika' }),
    ])
    const { user } = renderScreen()
    await grid()
    await user.click(screen.getByRole('button', { name: 'Összes törlése' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Összes óra törlése' })
    expect(confirm).toHaveTextContent('2 óra törlődik. Előtte érdemes exportálni.')
    await user.click(within(confirm).getByRole('button', { name: 'Összes törlése' }))
    expect(await screen.findByText('Az órarend kiürítve.')).toBeInTheDocument()
    expect(await loadPlan(USER)).toEqual([])
  })

  it("says 'Hiba történt a mentés során. Próbáld újra!' and keeps the dialog when the plan cannot be stored", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderScreen()
    await grid()
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('Nincs hely.', 'QuotaExceededError')
    })
    await user.click(screen.getByRole('button', { name: 'Új óra' }))
    const form = await dialog('Új óra')
    await user.type(within(form).getByLabelText('Óra neve'), 'Matematika')
    await user.type(within(form).getByLabelText('Oktató'), 'Kiss Anna{Enter}')
    expect(await screen.findByText('Hiba történt a mentés során. Próbáld újra!')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Új óra' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Matematika/ })).not.toBeInTheDocument()
  })
})

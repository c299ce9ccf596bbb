import { utils, write } from 'xlsx'
import { describe, expect, it } from 'vitest'
import { aClass } from './test-classes'
import { COLUMNS, exportRows, formulaSafe, mergeImport, parseRows, unFormulaSafe } from './timetable-rows'
import { parseTimetableXlsx, timetableXlsxBytes } from './timetable-xlsx'

const HEADER = ['Nap', 'Kezdés', 'Befejezés', 'Óra neve', 'Oktató', 'Diákok', 'Azonosító']

function ids() {
  let n = 0
  return () => `new-${++n}`
}

describe('timetable export rows', () => {
  it('writes a header and a class a row in plan order', () => {
    const b = aClass(2, '10:00', '11:00', { id: 'b', name: 'Fizika', instructor: 'Nagy Béla' })
    const a = aClass(1, '08:00', '09:30', {
      id: 'a',
      name: 'Matematika 9.A',
      instructor: 'Kiss Anna',
      students: ['Kovács Ádám', 'Szabó Éva'],
    })
    expect(exportRows([b, a])).toEqual([
      HEADER,
      ['Hétfő', '08:00', '09:30', 'Matematika 9.A', 'Kiss Anna', 'Kovács Ádám; Szabó Éva', 'a'],
      ['Kedd', '10:00', '11:00', 'Fizika', 'Nagy Béla', '', 'b'],
    ])
  })

  it('neutralises cells a spreadsheet would run as formulas, and import undoes it', () => {
    for (const dangerous of ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(formulaSafe(dangerous)).toBe(`'${dangerous}`)
      expect(unFormulaSafe(formulaSafe(dangerous))).toBe(dangerous)
    }
    expect(formulaSafe('Matematika')).toBe('Matematika')
    expect(unFormulaSafe("'Idézet")).toBe("'Idézet")
  })
})

describe('timetable import rows', () => {
  it('reads columns by their header in any order, day names or numbers, and keeps the ids', () => {
    const parsed = parseRows(
      [
        ['Oktató', 'Óra neve', 'nap', 'Kezdés', 'Befejezés'],
        ['Kiss Anna', 'Matematika', 'Hétfő', '08:00', '09:00'],
        ['Nagy Béla', 'Fizika', 3, 10 / 24, '11:15'],
      ],
      ids(),
    )
    expect(parsed).toMatchObject({ ok: true, invalid: [] })
    if (!parsed.ok) return
    expect(
      parsed.classes.map((c) => [c.id, c.name, c.day.name, c.startTime.fullLabel, c.endTime.fullLabel]),
    ).toEqual([
      ['new-1', 'Matematika', 'Hétfő', '08:00', '09:00'],
      ['new-2', 'Fizika', 'Szerda', '10:00', '11:15'],
    ])
  })

  it('says which column is missing from the header', () => {
    expect(parseRows([['Nap', 'Kezdés', 'Befejezés', 'Óra neve']])).toEqual({
      ok: false,
      message: 'A fájl első sorából hiányzik ez az oszlop: „Oktató”.',
    })
    expect(parseRows([])).toMatchObject({ ok: false, message: expect.stringContaining('„Nap”, „Kezdés”') })
  })

  it('lists each unusable row by its spreadsheet row number with every reason, and skips empty rows', () => {
    const parsed = parseRows(
      [
        HEADER,
        ['Hétfő', '08:00', '09:00', 'Matematika', 'Kiss Anna', '', 'a'],
        ['', '', '', '', '', '', ''],
        ['Holnap', '8:10', '', '', '  ', '', ''],
        ['Kedd', '25:00', '10:00', 'Kémia', 'Nagy Béla', '', ''],
      ],
      ids(),
    )
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.classes.map((c) => c.id)).toEqual(['a'])
    expect(parsed.invalid).toEqual([
      {
        row: 4,
        reasons: [
          'Hiányzik az óra neve.',
          'Hiányzik az oktató.',
          'Ismeretlen nap: „Holnap”.',
          'Érvénytelen kezdés: „8:10” (negyedórás időpont kell, 00:00–23:45).',
          'Hiányzik a befejezés.',
        ],
      },
      { row: 5, reasons: ['Érvénytelen kezdés: „25:00” (negyedórás időpont kell, 00:00–23:45).'] },
    ])
  })

  it('gives a repeated id a new one', () => {
    const parsed = parseRows(
      [
        HEADER,
        ['Hétfő', '08:00', '09:00', 'A', 'X', '', 'same'],
        ['Kedd', '08:00', '09:00', 'B', 'Y', '', 'same'],
      ],
      ids(),
    )
    expect(parsed.ok && parsed.classes.map((c) => c.id)).toEqual(['same', 'new-1'])
  })
})

describe('merging an import', () => {
  it('adds only what is new, skips what is already there, and never changes the plan', () => {
    const kept = aClass(1, '08:00', '09:00', { id: 'k', name: 'Matematika', instructor: 'Kiss Anna' })
    const current = [kept]
    const same = { ...kept, id: 'other-id' }
    const clash = aClass(2, '08:00', '09:00', { id: 'k', name: 'Fizika', instructor: 'Nagy Béla' })
    const fresh = aClass(3, '08:00', '09:00', { id: 'f' })
    const plan = mergeImport(current, [same, clash, fresh], ids())
    expect(plan.alreadyThere).toBe(1)
    expect(plan.added.map((c) => [c.id, c.name])).toEqual([
      ['new-1', 'Fizika'],
      ['f', fresh.name],
    ])
    expect(plan.afterAdd).toEqual([kept, ...plan.added])
    expect(plan.afterReplace).toEqual([same, clash, fresh])
    expect(current).toEqual([kept])
  })
})

describe('XLSX round trip', () => {
  it('imports the exported file back to the same plan', () => {
    const plan = [
      aClass(1, '08:00', '09:30', {
        id: 'a',
        name: 'Matematika 9.A',
        instructor: 'Kiss Anna',
        students: ['Kovács Ádám'],
      }),
      aClass(1, '08:45', '10:00', { id: 'b', name: '=1+1 (nem képlet)', instructor: 'Kiss Anna' }),
      aClass(7, '23:00', '23:45', {
        id: 'c',
        name: 'Éjszakai ügyelet',
        instructor: '@Őrző Ödön',
        students: [],
      }),
      aClass(4, '12:00', '11:00', { id: 'd', name: 'Fordított idő', instructor: 'Nagy Béla' }),
    ]
    const parsed = parseTimetableXlsx(timetableXlsxBytes(plan))
    expect(parsed).toEqual({
      ok: true,
      classes: [...plan].sort((x, y) => x.day.id - y.day.id || x.startTime.id - y.startTime.id),
      invalid: [],
    })
    if (!parsed.ok) return
    const back = mergeImport([], parsed.classes)
    expect(back.added).toHaveLength(4)
    // Importing it again into the same plan adds nothing.
    expect(mergeImport(plan, parsed.classes).added).toEqual([])
  })

  it('reads a sheet typed by hand, with Excel times', () => {
    const sheet = utils.aoa_to_sheet([
      [COLUMNS.day, COLUMNS.start, COLUMNS.end, COLUMNS.name, COLUMNS.instructor],
      ['Péntek', 0.375, 0.4375, 'Biológia', 'Tóth Tímea'],
    ])
    const book = utils.book_new()
    utils.book_append_sheet(book, sheet, 'Munka1')
    const parsed = parseTimetableXlsx(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer, ids())
    expect(
      parsed.ok && parsed.classes.map((c) => [c.day.id, c.startTime.fullLabel, c.endTime.fullLabel, c.id]),
    ).toEqual([[5, '09:00', '10:30', 'new-1']])
  })
})

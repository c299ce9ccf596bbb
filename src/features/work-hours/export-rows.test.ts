import { read, utils, write } from 'xlsx'
import { describe, expect, it } from 'vitest'
import { exportFileName, exportRows } from './export-rows'

describe('the XLSX export of a month', () => {
  it('has a row a day with its weekday, then the total, and parses back to the same month', () => {
    const hours = { '2026-02-02': 8, '2026-02-27': 7.5, '2026-03-01': 4 }
    const rows = exportRows('2026-02', hours)
    expect(exportFileName('2026-02')).toBe('munkaorak-2026-02.xlsx')
    expect(rows[0]).toEqual(['Dátum', 'Nap', 'Óraszám'])
    expect(rows).toHaveLength(1 + 28 + 1)
    expect(rows[1]).toEqual(['2026-02-01', 'vasárnap', 0])
    expect(rows[2]).toEqual(['2026-02-02', 'hétfő', 8])
    expect(rows[27]).toEqual(['2026-02-27', 'péntek', 7.5])
    expect(rows.at(-1)).toEqual(['Összesen', '', 15.5])

    const book = utils.book_new()
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows), '2026. február')
    const parsed = read(write(book, { type: 'array', bookType: 'xlsx' }), { type: 'array' })
    expect(utils.sheet_to_json(parsed.Sheets['2026. február'], { header: 1 })).toEqual(rows)
  })
})

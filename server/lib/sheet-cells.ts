/** Cells of the workbooks the server writes (the users export, the jelenléti ív), for SheetJS. */
import type { CellObject } from 'xlsx'

/** A text cell a spreadsheet will not run (DESIGN §6): = + - @, tab or CR first gets a leading '. */
export function textCell(value: string): CellObject {
  return { t: 's', v: /^[=+\-@\t\r]/.test(value) ? `'${value}` : value }
}

/** A number cell. */
export function numberCell(value: number): CellObject {
  return { t: 'n', v: value }
}

/** A real date cell of a calendar day 'YYYY-MM-DD' (no time, no zone), shown in `format`. */
export function dayCell(day: string, format: string): CellObject {
  const [year, month, date] = day.split('-').map(Number)
  return { t: 'n', v: Date.UTC(year, month - 1, date) / 86_400_000 + 25_569, z: format }
}

/**
 * Reads accounts to import from a CSV or XLSX file with a header row `type,name,username,password`
 * (column order free, header names case-insensitive; Hungarian headers típus,név,felhasználónév,jelszó also work).
 */
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import * as XLSX from 'xlsx'
import { USER_TYPES, type UserType } from '../../contract/features'

export interface ImportRow {
  line: number
  type: UserType
  name: string
  username: string
  password: string
}

export interface ImportProblem {
  line: number
  message: string
}

const HEADER_ALIASES: Record<string, keyof Omit<ImportRow, 'line'>> = {
  type: 'type',
  típus: 'type',
  tipus: 'type',
  name: 'name',
  név: 'name',
  nev: 'name',
  username: 'username',
  felhasználónév: 'username',
  felhasznalonev: 'username',
  password: 'password',
  jelszó: 'password',
  jelszo: 'password',
}

/** The first sheet's cells as text, blank rows left out. */
function sheetCells(workbook: XLSX.WorkBook): string[][] {
  const sheet = workbook.Sheets[workbook.SheetNames[0]]
  if (!sheet) return []
  return XLSX.utils
    .sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, raw: false, defval: '' })
    .map((row) => row.map((cell) => String(cell ?? '')))
    .filter((row) => row.some((cell) => cell.trim()))
}

/**
 * CSV by SheetJS (RFC 4180: quoted fields, doubled quotes, CRLF or LF; `;` is detected as the separator when the
 * header uses it). Values stay text as written (`raw`): a password '0012' or '1/2' is not turned into a number or date.
 */
export function parseCsv(text: string): string[][] {
  return sheetCells(XLSX.read(text.replace(/^\uFEFF/, ''), { type: 'string', raw: true, dense: true }))
}

async function readCells(file: string): Promise<string[][]> {
  const extension = extname(file).toLowerCase()
  if (extension === '.xlsx') return sheetCells(XLSX.read(await readFile(file), { type: 'buffer' }))
  if (extension === '.csv') return parseCsv(await readFile(file, 'utf8'))
  throw new Error(`Csak .csv és .xlsx fájl importálható / only .csv and .xlsx files: ${file}`)
}

/** Parses the rows of an import file; returns the valid rows and a problem per invalid line. */
export function rowsFromCells(cells: string[][]): { rows: ImportRow[]; problems: ImportProblem[] } {
  const [header = [], ...body] = cells
  const columns = header.map((h) => HEADER_ALIASES[h.trim().toLowerCase()])
  const missing = (['type', 'name', 'username', 'password'] as const).filter((c) => !columns.includes(c))
  if (missing.length)
    return { rows: [], problems: [{ line: 1, message: `Hiányzó oszlop: ${missing.join(', ')}` }] }
  const rows: ImportRow[] = []
  const problems: ImportProblem[] = []
  body.forEach((cellsOfRow, index) => {
    const line = index + 2
    const value = (key: string) => (cellsOfRow[columns.indexOf(key as never)] ?? '').trim()
    const type = value('type').toLowerCase() as UserType
    const row = { line, type, name: value('name'), username: value('username'), password: value('password') }
    if (!USER_TYPES.includes(type)) problems.push({ line, message: `Ismeretlen típus: '${row.type}'` })
    else if (!row.name || !row.username || !row.password) problems.push({ line, message: 'Hiányzó mező' })
    else rows.push(row)
  })
  return { rows, problems }
}

/** Reads and validates an import file. */
export async function readUserFile(file: string): Promise<{ rows: ImportRow[]; problems: ImportProblem[] }> {
  return rowsFromCells(await readCells(file))
}

/**
 * Reads accounts to import from a CSV or XLSX file with a header row `type,name,username,password`
 * (column order free, header names case-insensitive; Hungarian headers típus,név,felhasználónév,jelszó also work).
 */
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
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

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF; `;` is accepted as the separator when the header uses it. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === separator) {
      row.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += ch
  }
  if (field || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((r) => r.some((cell) => cell.trim()))
}

async function readCells(file: string): Promise<string[][]> {
  const extension = extname(file).toLowerCase()
  if (extension === '.xlsx') {
    const XLSX = await import('xlsx')
    const workbook = XLSX.read(await readFile(file), { type: 'buffer' })
    const sheet = workbook.Sheets[workbook.SheetNames[0]]
    return XLSX.utils
      .sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, raw: false })
      .map((row) => row.map((cell) => String(cell ?? '')))
  }
  if (extension === '.csv') return parseCsv((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''))
  throw new Error(`Csak .csv és .xlsx fájl importálható / only .csv and .xlsx files: ${file}`)
}

/** Parses the rows of an import file; returns the valid rows and a problem per invalid line. */
export function rowsFromCells(cells: string[][]): { rows: ImportRow[]; problems: ImportProblem[] } {
  const [header = [], ...body] = cells
  const columns = header.map((h) => HEADER_ALIASES[h.trim().toLowerCase()])
  const missing = (['type', 'name', 'username', 'password'] as const).filter((c) => !columns.includes(c))
  if (missing.length) return { rows: [], problems: [{ line: 1, message: `Hiányzó oszlop: ${missing.join(', ')}` }] }
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

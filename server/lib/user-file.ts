/**
 * Reads accounts to import from a CSV or XLSX file with a header row `type,name,username,password`
 * (column order free, header names case-insensitive; Hungarian headers típus,név,felhasználónév,jelszó also work,
 * and the types as the app names them: Diák, Oktató, Adminisztrátor).
 */
import { readFile } from 'node:fs/promises'
import { USERS_MESSAGES } from '@contract/api'
import { USER_TYPES, type UserType } from '@contract/features'
import { HttpError } from './http-error'
import { readSpreadsheet } from './spreadsheet'

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

/** The app's Hungarian type names (Felhasználók, the export), with or without accents, besides the English ones. */
const TYPE_ALIASES: Record<string, UserType> = {
  diák: 'student',
  diak: 'student',
  oktató: 'teacher',
  oktato: 'teacher',
  adminisztrátor: 'admin',
  adminisztrator: 'admin',
}

/**
 * The first sheet's cells of an .xlsx or .csv file as text, blank rows left out, read within the bounds of
 * contract/spreadsheet.ts in a worker thread (lib/spreadsheet.ts). CSV by SheetJS (RFC 4180: quoted fields, doubled
 * quotes, CRLF or LF; `;` is detected as the separator when the header uses it); values stay text as written: a
 * password '0012' or '1/2' is not turned into a number or date. 400 for another kind of file or an unreadable one,
 * 413 naming the limit a file broke. `signal` (the client went away) terminates the worker.
 */
export async function cellsOfUpload(
  fileName: string,
  bytes: Uint8Array,
  signal?: AbortSignal,
): Promise<string[][]> {
  const kind = fileName.toLowerCase().match(/\.(xlsx|csv)$/)?.[1] as 'xlsx' | 'csv' | undefined
  if (!kind) throw new HttpError(400, USERS_MESSAGES.importBadFile)
  return readSpreadsheet({ bytes, kind, unreadable: USERS_MESSAGES.importUnreadable }, undefined, signal)
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
    const written = value('type')
    const type = (TYPE_ALIASES[written.toLowerCase()] ?? written.toLowerCase()) as UserType
    const row = { line, type, name: value('name'), username: value('username'), password: value('password') }
    // PostgreSQL stores no NUL in text: refused here, by row, rather than by the database (500).
    if (cellsOfRow.some((cell) => cell.includes('\u0000')))
      problems.push({ line, message: USERS_MESSAGES.rowNulCharacter })
    else if (!USER_TYPES.includes(type)) problems.push({ line, message: `Ismeretlen típus: '${written}'` })
    else if (!row.name || !row.username || !row.password) problems.push({ line, message: 'Hiányzó mező' })
    else rows.push(row)
  })
  return { rows, problems }
}

/** Reads and validates an import file. */
export async function readUserFile(file: string): Promise<{ rows: ImportRow[]; problems: ImportProblem[] }> {
  return rowsFromCells(await cellsOfUpload(file, await readFile(file)))
}

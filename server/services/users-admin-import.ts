/**
 * Felhasználók import and export (issue 11). The file is the one `npm run users -- import` reads (columns type, name,
 * username, password; Hungarian headers too; parsed by the code the CLI uses, lib/user-file.ts, in a worker thread within bounds). On the screen the
 * password column may be missing or empty: the server then generates a one-time password. Every password made or
 * given here is one-time (its owner sets their own at the first sign-in).
 *
 * The preview reads and checks, and writes nothing. The import checks again and writes every new account in ONE
 * transaction with one `importUsers` audit entry: a file with an invalid row is refused whole, rows whose username
 * already exists are skipped (and reported), and a username taken meanwhile rolls everything back (409). The
 * passwords are hashed before the transaction (a bounded pool); the rows go in as a few INSERTs of many rows, so
 * the transaction holds the database for a fraction of a second even for thousands of rows. The screen asks for
 * the answer as NDJSON and gets the hashing's progress first (docs/decisions/users.md, "Import progress").
 */
import { TZDate } from '@date-fns/tz'
import * as XLSX from 'xlsx'
import {
  USERNAME_PATTERN,
  USERS_MESSAGES,
  type ImportPreviewRow,
  type ImportUsersResponse,
  type ImportedUser,
  type UserSummary,
} from '@contract/api'
import type { UserType } from '@contract/features'
import { passwordLengthProblem } from '@contract/password-rule'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { hashPasswords, randomPassword } from '../lib/password'
import { textCell } from '../lib/sheet-cells'
import { writeWorkbook } from '../lib/spreadsheet'
import { cellsOfUpload, rowsFromCells } from '../lib/user-file'
import { insertUsersWithHashes, takenUsernames } from '../repositories/users-repository'
import { GENERATED_PASSWORD_LENGTH } from './users-admin'
import type { Change } from './write'

const COLUMN_NAMES: Record<'type' | 'name' | 'username' | 'password', string[]> = {
  type: ['type', 'típus', 'tipus'],
  name: ['name', 'név', 'nev'],
  username: ['username', 'felhasználónév', 'felhasznalonev'],
  password: ['password', 'jelszó', 'jelszo'],
}

/** The first sheet's cells of an uploaded .xlsx or .csv file (base64), read within bounds off the event loop. */
export function cellsOfFile(fileName: string, base64: string, signal?: AbortSignal): Promise<string[][]> {
  return cellsOfUpload(fileName, Buffer.from(base64, 'base64'), signal)
}

interface PlannedRow extends ImportPreviewRow {
  /** For a new row: the password to set (given in the file, or generated). */
  password?: string
}

/** Every line's outcome; the passwords of new rows (given or generated) are kept for the import. */
export async function planImport(db: Db, cells: string[][]): Promise<PlannedRow[]> {
  if (!cells.length) throw new HttpError(400, USERS_MESSAGES.importNothing)
  const header = cells[0].map((h) => h.trim().toLowerCase())
  const column = (key: keyof typeof COLUMN_NAMES) => header.findIndex((h) => COLUMN_NAMES[key].includes(h))
  // The password column is optional on the screen: the CLI's parser gets one, filled with generated passwords.
  const withPasswords = cells.map((row) => [...row])
  let passwordColumn = column('password')
  if (passwordColumn < 0) {
    passwordColumn = header.length
    withPasswords[0][passwordColumn] = 'password'
  }
  const generated = new Set<number>()
  withPasswords.slice(1).forEach((row, index) => {
    if (!(row[passwordColumn] ?? '').trim()) {
      row[passwordColumn] = randomPassword(GENERATED_PASSWORD_LENGTH)
      generated.add(index + 2)
    }
  })
  const { rows, problems } = rowsFromCells(withPasswords)
  if (problems.some((p) => p.line === 1)) {
    throw new HttpError(400, problems.find((p) => p.line === 1)!.message)
  }
  const cell = (line: number, key: keyof typeof COLUMN_NAMES) => (cells[line - 1]?.[column(key)] ?? '').trim()
  const taken = await takenUsernames(
    db,
    rows.map((row) => row.username),
  )
  const counts = new Map<string, number>()
  for (const row of rows)
    counts.set(row.username.toLowerCase(), (counts.get(row.username.toLowerCase()) ?? 0) + 1)

  const planned: PlannedRow[] = []
  for (const problem of problems) {
    planned.push({
      line: problem.line,
      type: cell(problem.line, 'type'),
      name: cell(problem.line, 'name'),
      username: cell(problem.line, 'username'),
      outcome: 'invalid',
      reason: problem.message,
    })
  }
  for (const row of rows) {
    const base = { line: row.line, type: row.type, name: row.name, username: row.username }
    const reason = !USERNAME_PATTERN.test(row.username)
      ? USERS_MESSAGES.usernameInvalid
      : (counts.get(row.username.toLowerCase()) ?? 0) > 1
        ? USERS_MESSAGES.rowDuplicate
        : generated.has(row.line)
          ? null
          : passwordLengthProblem(row.password)
    if (reason) planned.push({ ...base, outcome: 'invalid', reason })
    else if (taken.has(row.username.toLowerCase()))
      planned.push({ ...base, outcome: 'exists', reason: USERS_MESSAGES.rowExists })
    else planned.push({ ...base, outcome: 'new', password: row.password })
  }
  return planned.sort((a, b) => a.line - b.line)
}

/** POST /users/import/preview: what the import would do. Writes nothing. */
export async function previewImport(db: Db, fileName: string, content: string): Promise<ImportPreviewRow[]> {
  const planned = await planImport(db, await cellsOfFile(fileName, content))
  return planned.map(({ password: _password, ...row }) => row)
}

export interface ImportOptions {
  /**
   * The client went away: the file's reading (its worker terminated) or the hashing stops and nothing is written
   * (rejects with the signal's reason).
   */
  signal?: AbortSignal
  /** Called once the file is checked (done 0), then after each password hashed. */
  onHashed?: (done: number, total: number) => void
}

/**
 * POST /users/import: checks, hashes outside the transaction (the long part: seconds a row at the production cost,
 * reported through `onHashed`), then the change (all or nothing).
 */
export async function importChange(
  db: Db,
  fileName: string,
  content: string,
  logN: number,
  options: ImportOptions = {},
): Promise<Change<ImportUsersResponse>> {
  const { signal, onHashed } = options
  const planned = await planImport(db, await cellsOfFile(fileName, content, signal))
  signal?.throwIfAborted()
  const invalid = planned.some((row) => row.outcome === 'invalid')
  const fresh = invalid ? [] : planned.filter((row) => row.outcome === 'new')
  onHashed?.(0, fresh.length)
  // Off the event loop (scrypt's async form) and two at a time: sign-ins keep a free thread.
  const hashes = await hashPasswords(
    fresh.map((row) => row.password!),
    logN,
    undefined,
    { signal, onHashed: onHashed && ((done) => onHashed(done, fresh.length)) },
  )
  const hashed = fresh.map((row, index) => ({ row, passwordHash: hashes[index] }))
  // Refused inside the change, after the Idempotency-Key's claim: a replayed import (whose rows now exist) gets the
  // stored first answer, not "nothing new".
  return async ({ tx, now }) => {
    if (invalid) throw new HttpError(400, USERS_MESSAGES.importInvalid)
    if (!hashed.length) throw new HttpError(400, USERS_MESSAGES.importNothing)
    // Multi-row INSERTs (users-repository's chunks): the transaction holds the database for well under a second
    // even for thousands of rows. A username taken since the check rolls all of it back.
    const { created: stored, taken } = await insertUsersWithHashes(
      tx,
      hashed.map(({ row, passwordHash }) => ({
        name: row.name,
        username: row.username,
        type: row.type as UserType,
        passwordHash,
        oneTime: true,
      })),
      now,
    )
    if (taken.length) throw new HttpError(409, USERS_MESSAGES.importTaken.replace('{username}', taken[0]))
    const created: ImportedUser[] = stored.map((user, index) => ({
      name: user.name,
      username: user.username,
      type: user.type,
      password: hashed[index].row.password!,
    }))
    return {
      status: 201,
      body: {
        code: 201,
        message: USERS_MESSAGES.imported.replace('{count}', String(created.length)),
        created,
        skipped: planned.length - created.length,
      },
      audit: { type: 'importUsers', extras: { userCount: String(created.length) } },
    }
  }
}

const TYPE_LABELS: Record<UserType, string> = { admin: 'Adminisztrátor', teacher: 'Oktató', student: 'Diák' }
/** The screen's '2026. 11. 27. 08:38' as a number format (the dots and spaces quoted: literal text). */
const SIGN_IN_FORMAT = 'yyyy". "mm". "dd". "hh:mm'

/**
 * A real date cell holding the wall-clock time in `timeZone` (the school's, as the screen shows it): spreadsheet
 * dates have no zone, so the serial is that local time's (days since 1899-12-30).
 */
function localDateCell(iso: string, timeZone: string): XLSX.CellObject {
  const local = new TZDate(new Date(iso).getTime(), timeZone)
  const wallClock = Date.UTC(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
  )
  return { t: 'n', v: wallClock / 86_400_000 + 25_569, z: SIGN_IN_FORMAT }
}

const EXPORT_HEADER = ['Név', 'Felhasználónév', 'Típus', 'Többfaktoros', 'Utolsó bejelentkezés', 'Letiltva']

/**
 * GET /users/export.xlsx: the list as a workbook (no passwords); the last sign-in a date in the school's zone. Built
 * in a worker, stopped when `signal` fires (the client went away).
 */
export function usersWorkbook(
  users: readonly UserSummary[],
  timeZone: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const rows = users.map((user): XLSX.CellObject[] => [
    textCell(user.name),
    textCell(user.username),
    textCell(TYPE_LABELS[user.type]),
    textCell(user.mfa ? 'be' : 'ki'),
    user.lastSignIn ? localDateCell(user.lastSignIn, timeZone) : textCell(''),
    textCell(user.disabled ? 'igen' : 'nem'),
  ])
  const cols = [{ wch: 28 }, { wch: 20 }, { wch: 14 }, { wch: 12 }, { wch: 20 }, { wch: 9 }]
  return writeWorkbook([{ name: 'Felhasználók', rows: [EXPORT_HEADER.map(textCell), ...rows], cols }], signal)
}

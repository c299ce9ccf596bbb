/**
 * The plan as spreadsheet rows and back (the XLSX export and import), without SheetJS: timetable-xlsx.ts turns
 * these rows into a file. The export imports back to the same plan: every field has a column, the id too.
 * Import checks each row and says, by spreadsheet row number, why a row cannot be used; it never changes the plan
 * itself — `mergeImport` builds the plan an import would give, for the preview and then for the save.
 */
import { weekdayName } from '@contract/weekdays'
import { isSlotId, isWeekdayId, slotOfDayFraction, slotOfTime, weekdayOfName } from './slots'
import { buildClass, byTime, newClassId, type TimetableClass } from './timetable-class'

export const COLUMNS = {
  day: 'Nap',
  start: 'Kezdés',
  end: 'Befejezés',
  name: 'Óra neve',
  instructor: 'Oktató',
  students: 'Diákok',
  id: 'Azonosító',
} as const
type Column = keyof typeof COLUMNS

const HEADER: Column[] = ['day', 'start', 'end', 'name', 'instructor', 'students', 'id']
const REQUIRED: Column[] = ['day', 'start', 'end', 'name', 'instructor']
const STUDENT_SEPARATOR = '; '

export const SHEET_NAME = 'Órarend'
export const EXPORT_FILE_NAME = 'orarend.xlsx'

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (DESIGN §6: = + - @ tab CR). */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** Undoes `formulaSafe`, so an exported name imports back unchanged. */
export function unFormulaSafe(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text
}

/** The rows of the export: a header, then a class a row in plan order. */
export function exportRows(classes: readonly TimetableClass[]): string[][] {
  return [
    HEADER.map((column) => COLUMNS[column]),
    ...[...classes]
      .sort(byTime)
      .map((c) => [
        c.day.name,
        c.startTime.fullLabel,
        c.endTime.fullLabel,
        formulaSafe(c.name),
        formulaSafe(c.instructor),
        formulaSafe(c.students.join(STUDENT_SEPARATOR)),
        c.id,
      ]),
  ]
}

export interface InvalidRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number
  reasons: string[]
}

export type ParsedRows =
  { ok: true; classes: TimetableClass[]; invalid: InvalidRow[] } | { ok: false; message: string }

function text(cell: unknown): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell)
  return typeof cell === 'string' ? cell.trim() : ''
}

function dayOf(cell: unknown): number | null {
  if (typeof cell === 'number') return isWeekdayId(cell) ? cell : null
  const t = text(cell)
  if (/^[1-7]$/.test(t)) return Number(t)
  return weekdayOfName(t)
}

function slotOf(cell: unknown): number | null {
  if (typeof cell === 'number') return slotOfDayFraction(cell)
  if (cell instanceof Date) {
    const slot = (cell.getHours() * 60 + cell.getMinutes()) / 15
    return isSlotId(slot) ? slot : null
  }
  return slotOfTime(text(cell))
}

const quoted = (cell: unknown) => `„${text(cell)}”`

/**
 * Reads the rows of the first sheet (`rows[0]` the header; columns found by their header, in any order). An empty
 * row is skipped; a row that cannot become a class is listed with its reasons. A row without an id, or with an id
 * an earlier row already used, gets a new id.
 */
export function parseRows(
  rows: readonly (readonly unknown[])[],
  makeId: () => string = newClassId,
): ParsedRows {
  const header = (rows[0] ?? []).map((cell) => text(cell).toLocaleLowerCase('hu'))
  const index = {} as Record<Column, number>
  for (const column of HEADER) index[column] = header.indexOf(COLUMNS[column].toLocaleLowerCase('hu'))
  const missing = REQUIRED.filter((column) => index[column] === -1).map((column) => `„${COLUMNS[column]}”`)
  if (missing.length > 0)
    return {
      ok: false,
      message: `A fájl első sorából hiányzik ${missing.length > 1 ? 'ez a néhány oszlop' : 'ez az oszlop'}: ${missing.join(', ')}.`,
    }

  const classes: TimetableClass[] = []
  const invalid: InvalidRow[] = []
  const ids = new Set<string>()
  rows.slice(1).forEach((row, i) => {
    const cell = (column: Column) => (index[column] === -1 ? undefined : row[index[column]])
    if (row.every((value) => text(value) === '')) return
    const name = unFormulaSafe(text(cell('name')))
    const instructor = unFormulaSafe(text(cell('instructor')))
    const day = dayOf(cell('day'))
    const start = slotOf(cell('start'))
    const end = slotOf(cell('end'))
    const reasons: string[] = []
    if (!name) reasons.push('Hiányzik az óra neve.')
    if (!instructor) reasons.push('Hiányzik az oktató.')
    if (day === null)
      reasons.push(text(cell('day')) ? `Ismeretlen nap: ${quoted(cell('day'))}.` : 'Hiányzik a nap.')
    for (const [value, slot, label] of [
      [cell('start'), start, 'kezdés'],
      [cell('end'), end, 'befejezés'],
    ] as const) {
      if (slot !== null) continue
      reasons.push(
        text(value)
          ? `Érvénytelen ${label}: ${quoted(value)} (negyedórás időpont kell, 00:00–23:45).`
          : `Hiányzik a ${label}.`,
      )
    }
    if (reasons.length > 0 || day === null || start === null || end === null) {
      invalid.push({ row: i + 2, reasons })
      return
    }
    let id = text(cell('id'))
    if (!id || ids.has(id)) id = makeId()
    ids.add(id)
    const studentsText = unFormulaSafe(text(cell('students')))
    const students = studentsText
      ? studentsText
          .split(/;/)
          .map((s) => s.trim())
          .filter(Boolean)
      : []
    classes.push(buildClass(id, { name, day, start, end, instructor, students }))
  })
  return { ok: true, classes, invalid }
}

/** What makes two classes the same class for an import: everything but the id. */
function sameClassKey(c: TimetableClass): string {
  return JSON.stringify([c.name, c.day.id, c.startTime.id, c.endTime.id, c.instructor, c.students])
}

export interface ImportPlan {
  /** The classes an add would append (new ones, not already in the plan). */
  added: TimetableClass[]
  /** Rows equal to a class already in the plan: an add skips them. */
  alreadyThere: number
  /** The plan after adding. */
  afterAdd: TimetableClass[]
  /** The plan after replacing: the file's classes only. */
  afterReplace: TimetableClass[]
}

/**
 * What importing `incoming` into `current` would give. Adding never changes or removes a class: a row equal to a
 * class of the plan is skipped, and one whose id the plan already uses for another class gets a new id.
 */
export function mergeImport(
  current: readonly TimetableClass[],
  incoming: readonly TimetableClass[],
  makeId: () => string = newClassId,
): ImportPlan {
  const keys = new Set(current.map(sameClassKey))
  const ids = new Set(current.map((c) => c.id))
  const added: TimetableClass[] = []
  let alreadyThere = 0
  for (const c of incoming) {
    const key = sameClassKey(c)
    if (keys.has(key)) {
      alreadyThere++
      continue
    }
    keys.add(key)
    const id = ids.has(c.id) ? makeId() : c.id
    ids.add(id)
    added.push(id === c.id ? c : { ...c, id })
  }
  return { added, alreadyThere, afterAdd: [...current, ...added], afterReplace: [...incoming] }
}

/** 'Hétfő 08:00–09:00': a class's time as a person reads it. */
export function timeText(c: TimetableClass): string {
  return `${weekdayName(c.day.id)} ${c.startTime.fullLabel}–${c.endTime.fullLabel}`
}

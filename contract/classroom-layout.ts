/**
 * Classroom layouts and seating (spec §3, §4, §5, §9): the pure rules the server validates with and the designer and
 * seating editor edit with. Coordinates are 0-based: `x` is the column (0 … columns-1), `y` the row (0 … rows-1).
 * A seating position is the desk's cell as 'x-y'.
 */
import type { ClassroomLayout, LayoutObject, SeatPosition } from './api/classrooms'

/** Spec §9: 1–20 per dimension, default 8×6. */
export const LAYOUT_MIN = 1
export const LAYOUT_MAX = 20
export const DEFAULT_LAYOUT_SIZE: readonly [number, number] = [8, 6]

/** Hungarian answers of the server's layout and seating checks (also shown by the client as the server's message). */
export const LAYOUT_MESSAGES = {
  size: `A terem mérete soronként és oszloponként ${LAYOUT_MIN}–${LAYOUT_MAX} lehet.`,
  outside: 'Egy bútor a terem rácsán kívülre esik.',
  overlap: 'Egy cellán csak egy bútor állhat.',
  seatOutside: 'Az ülőhely nincs a termen belül.',
  seatNotDesk: 'Diákot csak diákasztalhoz lehet ültetni.',
  seatTaken: 'Egy asztalhoz csak egy diák ülhet.',
  seatTwice: 'Egy diák csak egy helyen ülhet.',
  notMember: 'A diák nem tagja a csoportnak.',
} as const

/** Spec §5: a dimension clamped to 1–20; 1 when the value is not a number. */
export function clampDimension(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10)
  if (!Number.isFinite(number)) return LAYOUT_MIN
  return Math.min(LAYOUT_MAX, Math.max(LAYOUT_MIN, Math.trunc(number)))
}

export function positionOf(x: number, y: number): string {
  return `${x}-${y}`
}

/** 'x-y' → {x, y}, or null for anything else. */
export function parsePosition(position: string): { x: number; y: number } | null {
  const match = /^(\d{1,3})-(\d{1,3})$/.exec(position)
  return match ? { x: Number(match[1]), y: Number(match[2]) } : null
}

export function isInside(layout: ClassroomLayout, x: number, y: number): boolean {
  const [columns, rows] = layout.size
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < columns && y < rows
}

export function objectAt(layout: ClassroomLayout, x: number, y: number): LayoutObject | undefined {
  return layout.objects.find((object) => object.x === x && object.y === y)
}

/** The student desks' positions ('x-y'), row by row, left to right. */
export function studentDesks(layout: ClassroomLayout): string[] {
  return layout.objects
    .filter((object) => object.type === 'student')
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((object) => positionOf(object.x, object.y))
}

/** Spec §4: a new size drops the objects that fall outside it. The size is clamped to 1–20. */
export function resizeLayout(layout: ClassroomLayout, size: readonly [unknown, unknown]): ClassroomLayout {
  const next: [number, number] = [clampDimension(size[0]), clampDimension(size[1])]
  const resized = { size: next, objects: [] as LayoutObject[] }
  resized.objects = layout.objects.filter((object) => isInside(resized, object.x, object.y))
  return resized
}

/** The first rule the layout breaks (a Hungarian message), or null when it is valid. */
export function layoutProblem(layout: ClassroomLayout): string | null {
  const [columns, rows] = layout.size
  const dimensionOk = (n: number) => Number.isInteger(n) && n >= LAYOUT_MIN && n <= LAYOUT_MAX
  if (!dimensionOk(columns) || !dimensionOk(rows)) return LAYOUT_MESSAGES.size
  const seen = new Set<string>()
  for (const object of layout.objects) {
    if (!isInside(layout, object.x, object.y)) return LAYOUT_MESSAGES.outside
    const key = positionOf(object.x, object.y)
    if (seen.has(key)) return LAYOUT_MESSAGES.overlap
    seen.add(key)
  }
  return null
}

/**
 * The first rule a seating breaks (a Hungarian message), or null: every position is a student desk inside the
 * layout, no desk holds two students, no student sits twice, and every student is one of `members` (usernames).
 */
export function seatingProblem(
  layout: ClassroomLayout,
  positions: readonly SeatPosition[],
  members: ReadonlySet<string>,
): string | null {
  const desks = new Set(studentDesks(layout))
  const taken = new Set<string>()
  const seated = new Set<string>()
  for (const { student, position } of positions) {
    if (!members.has(student)) return LAYOUT_MESSAGES.notMember
    const cell = parsePosition(position)
    if (!cell || !isInside(layout, cell.x, cell.y)) return LAYOUT_MESSAGES.seatOutside
    const key = positionOf(cell.x, cell.y)
    if (!desks.has(key)) return LAYOUT_MESSAGES.seatNotDesk
    if (taken.has(key)) return LAYOUT_MESSAGES.seatTaken
    if (seated.has(student)) return LAYOUT_MESSAGES.seatTwice
    taken.add(key)
    seated.add(student)
  }
  return null
}

/** The positions that still sit on a student desk of `layout` (after a layout edit, the rest are dropped). */
export function seatingOnLayout(layout: ClassroomLayout, positions: readonly SeatPosition[]): SeatPosition[] {
  const desks = new Set(studentDesks(layout))
  return positions.filter(({ position }) => {
    const cell = parsePosition(position)
    return cell !== null && desks.has(positionOf(cell.x, cell.y))
  })
}

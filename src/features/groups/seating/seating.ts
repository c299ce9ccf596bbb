/**
 * The seating editor's rules (spec §4 Seating), pure: what the grid shows for a layout, the members and the saved
 * positions, and every move as a new WHOLE seating (the POST replaces the stored one, so a replayed or reordered
 * save can never leave a half-applied state). Beyond the spec (BraydenSCE v2): random seating and an undo stack.
 */
import type { ClassroomLayout, GroupMember, SeatPosition } from '@contract/api'
import { parsePosition, positionOf, seatingOnLayout, studentDesks } from '@contract/classroom-layout'

/** What the editor shows: who sits at which desk ('x-y' → member) and who is not seated yet, in member order. */
export interface SeatingView {
  seats: ReadonlyMap<string, GroupMember>
  unplaced: GroupMember[]
  /** The positions the view is built from, cleaned: only members, only student desks, one per desk and student. */
  positions: SeatPosition[]
}

/** 'x-y' written the canonical way ('03-1' → '3-1'), or null when it is not a position. */
function canonical(position: string): string | null {
  const cell = parsePosition(position)
  return cell ? positionOf(cell.x, cell.y) : null
}

/**
 * The view of a saved seating. Positions of students who are no longer members and positions that are no longer a
 * student desk of the layout (after a layout edit) are ignored; a second position of a student or a second student
 * on a desk (never accepted by the server, but a stale cache could hold one) is ignored too: the first one wins.
 */
export function seatingView(
  layout: ClassroomLayout,
  members: readonly GroupMember[],
  positions: readonly SeatPosition[],
): SeatingView {
  const byUsername = new Map(members.map((member) => [member.username, member]))
  const seats = new Map<string, GroupMember>()
  const seated = new Set<string>()
  const cleaned: SeatPosition[] = []
  for (const { student, position } of seatingOnLayout(layout, positions)) {
    const member = byUsername.get(student)
    const desk = canonical(position)
    if (!member || !desk || seats.has(desk) || seated.has(student)) continue
    seats.set(desk, member)
    seated.add(student)
    cleaned.push({ student, position: desk })
  }
  return { seats, unplaced: members.filter((member) => !seated.has(member.username)), positions: cleaned }
}

/**
 * `student` sits at `desk`: wherever they sat before is freed, and whoever sat at `desk` goes back to the unplaced
 * list (spec §4). Dropping a student on their own desk changes nothing.
 */
export function placeStudent(
  positions: readonly SeatPosition[],
  student: string,
  desk: string,
): SeatPosition[] {
  const target = canonical(desk) ?? desk
  const rest = positions.filter((seat) => seat.student !== student && canonical(seat.position) !== target)
  return [...rest, { student, position: target }]
}

/** `student` goes back to the unplaced list. */
export function unplaceStudent(positions: readonly SeatPosition[], student: string): SeatPosition[] {
  return positions.filter((seat) => seat.student !== student)
}

/** The member seated at `desk`, if any. */
export function occupantOf(positions: readonly SeatPosition[], desk: string): string | undefined {
  const target = canonical(desk)
  return positions.find((seat) => canonical(seat.position) === target)?.student
}

/** The same positions, the same seating? (Order does not matter.) */
export function sameSeating(a: readonly SeatPosition[], b: readonly SeatPosition[]): boolean {
  if (a.length !== b.length) return false
  const key = (seat: SeatPosition) => `${seat.student}@${canonical(seat.position) ?? seat.position}`
  const left = new Set(a.map(key))
  return b.every((seat) => left.has(key(seat)))
}

/** A random number in [0, 1), like Math.random. */
export type Random = () => number

/** A small seedable generator (mulberry32): the same seed gives the same random seating, so tests can check it. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const result = [...items]
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[result[i], result[j]] = [result[j]!, result[i]!]
  }
  return result
}

/**
 * 'Véletlen ültetés': the unplaced members in a random order onto the free student desks, front row first (the
 * desks nearest the board fill up when there are more desks than students). Seated students stay where they are;
 * when desks run out, the rest stay unplaced.
 */
export function randomSeating(
  layout: ClassroomLayout,
  members: readonly GroupMember[],
  positions: readonly SeatPosition[],
  random: Random = Math.random,
): SeatPosition[] {
  const view = seatingView(layout, members, positions)
  const free = studentDesks(layout).filter((desk) => !view.seats.has(desk))
  const students = shuffled(
    view.unplaced.map((member) => member.username),
    random,
  )
  const placed = students.slice(0, free.length).map((student, index) => ({ student, position: free[index]! }))
  return [...view.positions, ...placed]
}

/** Undo (beyond the spec): the seatings before the last moves, newest last, at most `UNDO_LIMIT`. */
export type UndoStack = readonly (readonly SeatPosition[])[]

export const UNDO_LIMIT = 50

/** Remembers `before` (the seating a move replaced); the oldest entry falls off past the limit. */
export function pushUndo(stack: UndoStack, before: readonly SeatPosition[], limit = UNDO_LIMIT): UndoStack {
  const next = [...stack, before]
  return next.length > limit ? next.slice(next.length - limit) : next
}

/** The seating to go back to and the stack without it, or null when there is nothing to undo. */
export function popUndo(stack: UndoStack): { seating: readonly SeatPosition[]; stack: UndoStack } | null {
  if (stack.length === 0) return null
  return { seating: stack[stack.length - 1]!, stack: stack.slice(0, -1) }
}

/** 'Kiss Anna Mária' → 'KA' (the first letters of the first two words, as the Diákok list shows). */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
}

export type Direction = 'left' | 'right' | 'up' | 'down'

/**
 * The keyboard path: the student desk an arrow key moves to from `from` — the nearest desk in that direction,
 * preferring the same row (left/right) or column (up/down). Null when there is none that way.
 */
export function nextDesk(desks: readonly string[], from: string, direction: Direction): string | null {
  const start = parsePosition(from)
  if (!start) return desks[0] ?? null
  let best: string | null = null
  let bestScore = Infinity
  for (const desk of desks) {
    const cell = parsePosition(desk)
    if (!cell) continue
    const dx = cell.x - start.x
    const dy = cell.y - start.y
    const along = direction === 'left' ? -dx : direction === 'right' ? dx : direction === 'up' ? -dy : dy
    const across = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx)
    if (along <= 0) continue
    // Off the line costs more than far along it: the same row (column) wins over a nearer desk beside it.
    const score = across * 100 + along
    if (score < bestScore) {
      bestScore = score
      best = desk
    }
  }
  return best
}

/** '2. sor, 3. oszlop' for the desk 'x-y' (people count from 1). */
export function deskLabel(desk: string): string {
  const cell = parsePosition(desk)
  return cell ? `${cell.y + 1}. sor, ${cell.x + 1}. oszlop` : desk
}

/**
 * A group's seating after an edit (issue 20): the server keeps what this says on PUT /groups/:id, and the edit dialog
 * says the same before saving. A member who leaves the group leaves their desk; the others keep theirs where the
 * (possibly new) classroom's layout has a student desk there, and are unseated otherwise. Without a classroom nobody
 * sits.
 */
import type { ClassroomLayout, SeatPosition } from './api/classrooms'
import { seatingOnLayout } from './classroom-layout'

export interface SeatingTransfer {
  /** The seats that stay. */
  kept: SeatPosition[]
  /** Seats of members who stay in the group but whose desk the new layout does not have. */
  unseated: SeatPosition[]
  /** Seats of pupils who are no longer members. */
  removed: SeatPosition[]
}

/**
 * `positions` is the group's seating now, `layout` the layout of the classroom the group will meet in (null for
 * none), `members` the usernames the group will have.
 */
export function transferSeating(
  positions: readonly SeatPosition[],
  layout: ClassroomLayout | null,
  members: ReadonlySet<string>,
): SeatingTransfer {
  const staying = positions.filter((seat) => members.has(seat.student))
  const removed = positions.filter((seat) => !members.has(seat.student))
  const kept = layout ? seatingOnLayout(layout, staying) : []
  const keptSet = new Set(kept)
  return { kept, unseated: staying.filter((seat) => !keptSet.has(seat)), removed }
}

/**
 * Where each class block sits in its day column. Classes whose times overlap sit side by side: a day's classes
 * fall into clusters of (transitively) overlapping ones, each class takes the first lane free at its start, and
 * every class of a cluster is as wide as the cluster has lanes (the calendar layout of Google Calendar and
 * FullCalendar). A teacher booked on two overlapping classes of a day is a conflict.
 */
import { spanOf } from './slots'
import { byTime, type TimetableClass } from './timetable-class'

export interface BlockPlace {
  /** 0-based lane inside the cluster. */
  lane: number
  /** Lanes in the cluster: the block is 1/lanes of the column wide. */
  lanes: number
}

function endOf(c: TimetableClass): number {
  return c.startTime.id + spanOf(c.startTime.id, c.endTime.id)
}

/** Whether two classes of the same day share at least one slot. */
export function overlaps(a: TimetableClass, b: TimetableClass): boolean {
  return a.day.id === b.day.id && a.startTime.id < endOf(b) && b.startTime.id < endOf(a)
}

/** The lane and lane count of every class, by id. */
export function layoutBlocks(classes: readonly TimetableClass[]): Map<string, BlockPlace> {
  const places = new Map<string, BlockPlace>()
  // Longer classes first at the same start: they take the left lanes, as in a calendar.
  const sorted = [...classes].sort(
    (a, b) => a.day.id - b.day.id || a.startTime.id - b.startTime.id || endOf(b) - endOf(a) || byTime(a, b),
  )
  let cluster: TimetableClass[] = []
  let laneEnds: number[] = []
  let clusterEnd = -1
  let clusterDay = -1
  const close = () => {
    for (const c of cluster) places.get(c.id)!.lanes = laneEnds.length
    cluster = []
    laneEnds = []
  }
  for (const c of sorted) {
    if (c.day.id !== clusterDay || c.startTime.id >= clusterEnd) {
      close()
      clusterDay = c.day.id
      clusterEnd = -1
    }
    let lane = laneEnds.findIndex((end) => end <= c.startTime.id)
    if (lane === -1) {
      lane = laneEnds.length
      laneEnds.push(endOf(c))
    } else laneEnds[lane] = endOf(c)
    places.set(c.id, { lane, lanes: 0 })
    cluster.push(c)
    clusterEnd = Math.max(clusterEnd, endOf(c))
  }
  close()
  return places
}

/** The same teacher, however typed: case and surrounding or repeated spaces do not matter. */
export function instructorKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('hu')
}

/**
 * Classes whose instructor is booked on another class at the same time: by id, the other classes of the clash
 * (in plan order).
 */
export function instructorConflicts(classes: readonly TimetableClass[]): Map<string, TimetableClass[]> {
  const conflicts = new Map<string, TimetableClass[]>()
  const byInstructorDay = new Map<string, TimetableClass[]>()
  for (const c of [...classes].sort(byTime)) {
    const key = `${c.day.id}\u0000${instructorKey(c.instructor)}`
    const list = byInstructorDay.get(key)
    if (list) list.push(c)
    else byInstructorDay.set(key, [c])
  }
  for (const list of byInstructorDay.values()) {
    // Sorted by start: a later class can only clash with earlier ones still running at its start.
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length && list[j].startTime.id < endOf(list[i]); j++) {
        const a = list[i]
        const b = list[j]
        conflicts.set(a.id, [...(conflicts.get(a.id) ?? []), b])
        conflicts.set(b.id, [...(conflicts.get(b.id) ?? []), a])
      }
    }
  }
  return conflicts
}

/** A small factory for the timetable's tests. */
import { buildClass, type TimetableClass } from './timetable-class'
import { slotOfTime } from './slots'

let next = 0

/** A class on `day` from `start` to `end` ('HH:MM'). */
export function aClass(
  day: number,
  start: string,
  end: string,
  fields: Partial<{ id: string; name: string; instructor: string; students: string[] }> = {},
): TimetableClass {
  next++
  return buildClass(fields.id ?? `c${next}`, {
    name: fields.name ?? `Óra ${next}`,
    day,
    start: slotOfTime(start)!,
    end: slotOfTime(end)!,
    instructor: fields.instructor ?? `Oktató ${next}`,
    students: fields.students ?? [],
  })
}

/**
 * The timetable class entity (spec §3, local only): id, name, day {id, name}, startTime and endTime
 * {id, label, fullLabel}, instructor, students[]. The form's values and the check of what comes back from
 * IndexedDB live here too.
 */
import { isSlotId, isWeekdayId, timeSlot, weekday, type TimeSlot, type Weekday } from './slots'
import { randomId } from '@/lib/random-id'

export interface TimetableClass {
  id: string
  name: string
  day: Weekday
  startTime: TimeSlot
  endTime: TimeSlot
  instructor: string
  students: string[]
}

/** Spec §5: name and instructor required; no check that the end is after the start. */
export const REQUIRED_MESSAGE = 'Kérlek töltsd ki az összes kötelező mezőt!'

/**
 * The 'Új óra' form's values: slot and day ids travel as the select's strings. Its schema is the dialog's
 * (components/class-dialog.tsx), so the screen and the plan's read do not load the schema library.
 */
export interface ClassFormValues {
  name: string
  day: string
  start: string
  end: string
  instructor: string
}

/** The spec's defaults: Kezdés 08:00, Befejezés 09:00; the day is today's. */
export function defaultFormValues(today: number): ClassFormValues {
  return { name: '', day: String(today), start: '32', end: '36', instructor: '' }
}

export function formValuesOf(value: TimetableClass): ClassFormValues {
  return {
    name: value.name,
    day: String(value.day.id),
    start: String(value.startTime.id),
    end: String(value.endTime.id),
    instructor: value.instructor,
  }
}

/** Name and instructor must hold more than spaces. */
export function checkRequired(values: ClassFormValues): Partial<Record<keyof ClassFormValues, string>> {
  return {
    name: values.name.trim() ? undefined : REQUIRED_MESSAGE,
    instructor: values.instructor.trim() ? undefined : REQUIRED_MESSAGE,
  }
}

export interface ClassFields {
  name: string
  day: number
  start: number
  end: number
  instructor: string
  students?: string[]
}

/** A class from plain fields (trimmed); ids must be valid (callers checked them). */
export function buildClass(id: string, fields: ClassFields): TimetableClass {
  return {
    id,
    name: fields.name.trim(),
    day: weekday(fields.day),
    startTime: timeSlot(fields.start),
    endTime: timeSlot(fields.end),
    instructor: fields.instructor.trim(),
    students: fields.students ?? [],
  }
}

export function fieldsOfForm(values: ClassFormValues, students: string[] = []): ClassFields {
  return {
    name: values.name,
    day: Number(values.day),
    start: Number(values.start),
    end: Number(values.end),
    instructor: values.instructor,
    students,
  }
}

/** A new id: random, so classes made in two tabs or imported from another plan do not collide. */
export function newClassId(): string {
  return randomId()
}

/**
 * A stored value as a class, or null when it is not one (a stored plan from an older version, a damaged record):
 * labels are rebuilt from the ids, so only the ids are trusted.
 */
export function parseStoredClass(value: unknown): TimetableClass | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const dayId = (v.day as { id?: unknown } | null)?.id
  const startId = (v.startTime as { id?: unknown } | null)?.id
  const endId = (v.endTime as { id?: unknown } | null)?.id
  if (typeof v.id !== 'string' || typeof v.name !== 'string' || typeof v.instructor !== 'string') return null
  if (!isWeekdayId(dayId) || !isSlotId(startId) || !isSlotId(endId)) return null
  const students = Array.isArray(v.students)
    ? v.students.filter((s): s is string => typeof s === 'string')
    : []
  return buildClass(v.id, {
    name: v.name,
    day: dayId,
    start: startId,
    end: endId,
    instructor: v.instructor,
    students,
  })
}

/** Order of the plan: day, start, end, name (Hungarian collation). */
export function byTime(a: TimetableClass, b: TimetableClass): number {
  return (
    a.day.id - b.day.id ||
    a.startTime.id - b.startTime.id ||
    a.endTime.id - b.endTime.id ||
    a.name.localeCompare(b.name, 'hu') ||
    a.id.localeCompare(b.id)
  )
}

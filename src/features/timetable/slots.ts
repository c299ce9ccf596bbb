/**
 * The timetable's time maths (spec §3 timetable class, §9): a day is 96 slots of 15 minutes, 00:00 (id 0) to
 * 23:45 (id 95); a slot row is 16 px tall; weekdays are 1 Monday … 7 Sunday.
 */
import { WEEKDAYS, weekdayId, weekdayName } from '@contract/weekdays'

export const SLOT_MINUTES = 15
export const SLOT_COUNT = 96
export const ROW_HEIGHT_PX = 16
export const SLOTS_PER_HOUR = 60 / SLOT_MINUTES

/** A slot as the entity stores it: `fullLabel` 'HH:MM'; `label` the same without the hour's leading zero. */
export interface TimeSlot {
  id: number
  label: string
  fullLabel: string
}

export interface Weekday {
  id: number
  name: string
}

export function isSlotId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= 0 && (id as number) < SLOT_COUNT
}

export function isWeekdayId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= 1 && (id as number) <= 7
}

/** Slot `id` (0–95) as the entity's `{id, label, fullLabel}`. */
export function timeSlot(id: number): TimeSlot {
  if (!isSlotId(id)) throw new RangeError(`Nincs ${id}. idősáv.`)
  const minutes = id * SLOT_MINUTES
  const hour = Math.floor(minutes / 60)
  const minute = String(minutes % 60).padStart(2, '0')
  return { id, label: `${hour}:${minute}`, fullLabel: `${String(hour).padStart(2, '0')}:${minute}` }
}

/** Every slot of the day, 00:00 … 23:45. */
export const TIME_SLOTS: readonly TimeSlot[] = Array.from({ length: SLOT_COUNT }, (_, id) => timeSlot(id))

/**
 * The slot a time of day starts: 'H:MM' or 'HH:MM' on a quarter hour, 00:00–23:45. Anything else (another minute,
 * 24:00, words) is null.
 */
export function slotOfTime(text: string): number | null {
  const match = /^\s*(\d{1,2})[:.](\d{2})\s*$/.exec(text)
  if (!match) return null
  const hour = Number(match[1])
  const minute = Number(match[2])
  if (hour > 23 || minute > 59 || minute % SLOT_MINUTES !== 0) return null
  return hour * SLOTS_PER_HOUR + minute / SLOT_MINUTES
}

/**
 * The slot of a spreadsheet time: Excel keeps a time of day as a fraction of a day (0.5 = 12:00). Rounded to the
 * minute first (floating point), then it must fall on a quarter hour.
 */
export function slotOfDayFraction(fraction: number): number | null {
  if (!Number.isFinite(fraction) || fraction < 0 || fraction >= 1) return null
  const minutes = Math.round(fraction * 24 * 60)
  if (minutes % SLOT_MINUTES !== 0) return null
  const slot = minutes / SLOT_MINUTES
  return isSlotId(slot) ? slot : null
}

/** Weekday `id` (1–7) as the entity's `{id, name}`. */
export function weekday(id: number): Weekday {
  if (!isWeekdayId(id)) throw new RangeError(`Nincs ${id}. nap.`)
  return { id, name: weekdayName(id) }
}

/** The weekday id of a Hungarian day name ('Hétfő', case and surrounding spaces ignored), or null. */
export function weekdayOfName(name: string): number | null {
  const wanted = name.trim().toLocaleLowerCase('hu')
  return WEEKDAYS.find((d) => d.name.toLocaleLowerCase('hu') === wanted)?.id ?? null
}

/** Today's weekday id in the browser's time zone, Sunday mapped to 7 (spec §9). */
export function todayWeekday(now: Date = new Date()): number {
  return weekdayId(now.getDay())
}

/**
 * How many slot rows a class covers: from its start to its end, the end slot not included (08:00–09:00 is four
 * rows). The spec does not require the end to be after the start: such a class still shows as one row.
 */
export function spanOf(startId: number, endId: number): number {
  return Math.max(1, endId - startId)
}

/** Top offset and height in px of a class from slot `startId` to `endId`. */
export function blockBox(startId: number, endId: number): { top: number; height: number } {
  return { top: startId * ROW_HEIGHT_PX, height: spanOf(startId, endId) * ROW_HEIGHT_PX }
}

/** The slot under a y offset (px from the top of the day column), clamped to the day. */
export function slotAtOffset(y: number): number {
  return Math.min(SLOT_COUNT - 1, Math.max(0, Math.floor(y / ROW_HEIGHT_PX)))
}

import { describe, expect, it } from 'vitest'
import {
  blockBox,
  SLOT_COUNT,
  slotAtOffset,
  slotOfDayFraction,
  slotOfTime,
  spanOf,
  TIME_SLOTS,
  timeSlot,
  todayWeekday,
  weekday,
  weekdayOfName,
} from './slots'

describe('timetable slots', () => {
  it('has 96 slots of 15 minutes, 00:00 to 23:45', () => {
    expect(SLOT_COUNT).toBe(96)
    expect(TIME_SLOTS).toHaveLength(96)
    expect(TIME_SLOTS[0]).toEqual({ id: 0, label: '0:00', fullLabel: '00:00' })
    expect(TIME_SLOTS[95]).toEqual({ id: 95, label: '23:45', fullLabel: '23:45' })
    expect(timeSlot(32)).toEqual({ id: 32, label: '8:00', fullLabel: '08:00' })
    expect(timeSlot(37).fullLabel).toBe('09:15')
  })

  it('refuses a slot outside 0–95', () => {
    expect(() => timeSlot(96)).toThrow(RangeError)
    expect(() => timeSlot(-1)).toThrow(RangeError)
    expect(() => timeSlot(1.5)).toThrow(RangeError)
  })

  it('reads a quarter-hour time of day and nothing else', () => {
    expect(slotOfTime('08:00')).toBe(32)
    expect(slotOfTime('8:15')).toBe(33)
    expect(slotOfTime(' 23:45 ')).toBe(95)
    expect(slotOfTime('9.30')).toBe(38)
    expect(slotOfTime('00:00')).toBe(0)
    expect(slotOfTime('08:10')).toBeNull()
    expect(slotOfTime('24:00')).toBeNull()
    expect(slotOfTime('8')).toBeNull()
    expect(slotOfTime('reggel')).toBeNull()
  })

  it("reads Excel's time as a fraction of a day", () => {
    expect(slotOfDayFraction(0.5)).toBe(48)
    expect(slotOfDayFraction(8 / 24)).toBe(32)
    expect(slotOfDayFraction((8 * 60 + 15) / 1440 + 1e-12)).toBe(33)
    expect(slotOfDayFraction((8 * 60 + 10) / 1440)).toBeNull()
    expect(slotOfDayFraction(1)).toBeNull()
    expect(slotOfDayFraction(-0.1)).toBeNull()
    expect(slotOfDayFraction(Number.NaN)).toBeNull()
  })

  it('numbers weekdays Monday 1 to Sunday 7 and maps Sunday to 7 for today', () => {
    expect(weekday(1)).toEqual({ id: 1, name: 'Hétfő' })
    expect(weekday(7)).toEqual({ id: 7, name: 'Vasárnap' })
    expect(() => weekday(0)).toThrow(RangeError)
    expect(weekdayOfName(' csütörtök ')).toBe(4)
    expect(weekdayOfName('Monday')).toBeNull()
    expect(todayWeekday(new Date(2026, 10, 29))).toBe(7) // a Sunday
    expect(todayWeekday(new Date(2026, 10, 23))).toBe(1) // a Monday
  })

  it('spans a class from its start to its end, 16 px a slot, at least one row', () => {
    expect(spanOf(32, 36)).toBe(4)
    expect(blockBox(32, 36)).toEqual({ top: 512, height: 64 })
    // The spec does not require the end after the start: such a class still shows.
    expect(spanOf(36, 32)).toBe(1)
    expect(blockBox(40, 40)).toEqual({ top: 640, height: 16 })
  })

  it('finds the slot under a point of the day column', () => {
    expect(slotAtOffset(0)).toBe(0)
    expect(slotAtOffset(15.9)).toBe(0)
    expect(slotAtOffset(16)).toBe(1)
    expect(slotAtOffset(512)).toBe(32)
    expect(slotAtOffset(-5)).toBe(0)
    expect(slotAtOffset(99_999)).toBe(95)
  })
})

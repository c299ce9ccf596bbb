import { describe, expect, it } from 'vitest'
import { formatDayWithWeekday, formatMonth } from '@/lib/format'
import { calendarStep, allTotal, monthDays, monthTotal, monthWeeks, shiftMonth, weekdayHeads } from './month'

describe('the month calendar', () => {
  it('starts weeks on Monday and covers the whole month', () => {
    // 2026. november 1. is a Sunday: the first row starts on Monday, October 26.
    const weeks = monthWeeks('2026-11', '2026-11-24', {})
    expect(weeks[0].map((day) => day.date)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ])
    expect(weeks.at(-1)!.map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ])
    expect(weeks.every((week) => week.length === 7 && week[0].weekday === 1 && week[6].weekday === 7)).toBe(
      true,
    )
    expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(30)
  })

  it('marks today, the hours of each day, and the empty weekdays of past weeks as missing', () => {
    const days = monthWeeks('2026-11', '2026-11-24', { '2026-11-02': 8, '2026-11-24': 4 }).flat()
    const byDate = Object.fromEntries(days.map((day) => [day.date, day]))
    expect(byDate['2026-11-24']).toMatchObject({ isToday: true, hours: 4, missing: false })
    expect(byDate['2026-11-02']).toMatchObject({ hours: 8, missing: false })
    // Past weeks' weekdays without hours are missing; weekends, this week and other months' days are not.
    expect(byDate['2026-11-03'].missing).toBe(true)
    expect(byDate['2026-11-20'].missing).toBe(true)
    expect(byDate['2026-11-21'].missing).toBe(false)
    expect(byDate['2026-11-23'].missing).toBe(false)
    expect(byDate['2026-11-25'].missing).toBe(false)
    expect(byDate['2026-10-30'].missing).toBe(false)
    expect(days.filter((day) => day.missing)).toHaveLength(14)
  })

  it('names months and weekdays in Hungarian', () => {
    expect(formatMonth('2026-11')).toBe('2026. november')
    expect(formatDayWithWeekday('2026-11-20')).toBe('2026. november 20., péntek')
    expect(weekdayHeads().map((head) => head.long)).toEqual([
      'hétfő',
      'kedd',
      'szerda',
      'csütörtök',
      'péntek',
      'szombat',
      'vasárnap',
    ])
  })

  it("moves by keys inside the month: a day, a week, the week's Monday and Sunday", () => {
    // November 2026: the 1st is a Sunday, the 30th a Monday.
    expect(calendarStep('2026-11-18', 'ArrowLeft')).toBe('2026-11-17')
    expect(calendarStep('2026-11-18', 'ArrowRight')).toBe('2026-11-19')
    expect(calendarStep('2026-11-18', 'ArrowUp')).toBe('2026-11-11')
    expect(calendarStep('2026-11-18', 'ArrowDown')).toBe('2026-11-25')
    expect(calendarStep('2026-11-18', 'Home')).toBe('2026-11-16')
    expect(calendarStep('2026-11-18', 'End')).toBe('2026-11-22')
    expect(calendarStep('2026-11-18', 'Enter')).toBeNull()
    // Out of the month: a step stays put, Home/End stop at the month's edge.
    expect(calendarStep('2026-11-01', 'ArrowLeft')).toBeNull()
    expect(calendarStep('2026-11-03', 'ArrowUp')).toBeNull()
    expect(calendarStep('2026-11-30', 'ArrowDown')).toBeNull()
    expect(calendarStep('2026-11-01', 'Home')).toBe('2026-11-01')
    expect(calendarStep('2026-11-30', 'End')).toBe('2026-11-30')
  })

  it('moves between months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
  })

  it('sums the month and everything', () => {
    const hours = { '2026-11-02': 8, '2026-11-03': 7.5, '2026-10-31': 2 }
    expect(monthTotal('2026-11', hours)).toBe(15.5)
    expect(allTotal(hours)).toBe(17.5)
    const days = monthDays('2026-11', hours)
    expect(days).toHaveLength(30)
    expect(days[1]).toEqual({ date: '2026-11-02', weekday: 'hétfő', hours: 8 })
  })
})

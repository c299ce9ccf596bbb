import { describe, expect, it } from 'vitest'
import { weekdayId } from '@contract/weekdays'
import { msUntilMidnight, todayLabels } from './today'

describe('todayLabels', () => {
  it('names a Monday "Hétfő" and formats the date in Hungarian', () => {
    expect(todayLabels(new Date(2026, 10, 23, 9, 0))).toEqual({
      weekday: 'Hétfő',
      date: '2026. november 23.',
    })
  })

  // One week, Monday 23 November to Sunday 29 November 2026: the spec numbers the days 1–7, Sunday = 7.
  it.each([
    [23, 1, 'Hétfő'],
    [24, 2, 'Kedd'],
    [25, 3, 'Szerda'],
    [26, 4, 'Csütörtök'],
    [27, 5, 'Péntek'],
    [28, 6, 'Szombat'],
    [29, 7, 'Vasárnap'],
  ])('names 2026-11-%i, weekday %i, "%s"', (day, id, name) => {
    const date = new Date(2026, 10, day, 12, 0)
    expect(weekdayId(date.getDay())).toBe(id)
    expect(todayLabels(date)).toEqual({ weekday: name, date: `2026. november ${day}.` })
  })

  it('names the day by local time just before and just after midnight', () => {
    expect(todayLabels(new Date(2026, 10, 22, 23, 59, 59)).weekday).toBe('Vasárnap')
    expect(todayLabels(new Date(2026, 10, 23, 0, 0, 0)).weekday).toBe('Hétfő')
  })
})

describe('msUntilMidnight', () => {
  it('counts the time left until the next local midnight', () => {
    expect(msUntilMidnight(new Date(2026, 10, 22, 23, 59, 0))).toBe(60_000)
  })
})

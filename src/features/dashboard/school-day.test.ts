import { describe, expect, it } from 'vitest'
import { msUntilMidnight, schoolDay } from './school-day'

describe('schoolDay', () => {
  // Monday 23 November to Sunday 29 November 2026, at noon in Budapest (11:00 UTC).
  it.each([
    [23, 1, 'Hétfő'],
    [24, 2, 'Kedd'],
    [25, 3, 'Szerda'],
    [26, 4, 'Csütörtök'],
    [27, 5, 'Péntek'],
    [28, 6, 'Szombat'],
    [29, 7, 'Vasárnap'],
  ])('2026-11-%i is weekday %i, "%s" (Sunday = 7)', (day, id, name) => {
    expect(schoolDay(new Date(`2026-11-${day}T11:00:00Z`))).toEqual({
      iso: `2026-11-${day}`,
      weekdayId: id,
      weekday: name,
      date: `2026. november ${day}.`,
    })
  })

  it('counts the day in Budapest: 23:30 UTC on Sunday is already Monday there', () => {
    expect(schoolDay(new Date('2026-11-22T23:30:00Z'))).toMatchObject({ iso: '2026-11-23', weekdayId: 1 })
    expect(schoolDay(new Date('2026-11-22T22:59:00Z'))).toMatchObject({ iso: '2026-11-22', weekdayId: 7 })
  })

  it('follows summer time (UTC+2): 22:30 UTC on 30 June is 1 July in Budapest', () => {
    expect(schoolDay(new Date('2026-06-30T22:30:00Z'))).toMatchObject({
      iso: '2026-07-01',
      weekday: 'Szerda',
    })
  })
})

describe('msUntilMidnight', () => {
  it('counts the time left until the next local midnight', () => {
    expect(msUntilMidnight(new Date(2026, 10, 22, 23, 59, 0))).toBe(60_000)
  })
})

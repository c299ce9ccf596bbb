import { describe, expect, it } from 'vitest'
import { msUntilMidnight, todayLabels } from './today'

describe('todayLabels', () => {
  it('names a Monday "Hétfő" and formats the date in Hungarian', () => {
    expect(todayLabels(new Date(2026, 10, 23, 9, 0))).toEqual({
      weekday: 'Hétfő',
      date: '2026. november 23.',
    })
  })

  it('names Sunday "Vasárnap" (weekday 7, not 0)', () => {
    expect(todayLabels(new Date(2026, 10, 22, 12, 0)).weekday).toBe('Vasárnap')
  })

  it('names Saturday "Szombat"', () => {
    expect(todayLabels(new Date(2026, 0, 3)).weekday).toBe('Szombat')
  })
})

describe('msUntilMidnight', () => {
  it('counts the time left until the next local midnight', () => {
    expect(msUntilMidnight(new Date(2026, 10, 22, 23, 59, 0))).toBe(60_000)
  })
})

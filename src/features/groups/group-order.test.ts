import { describe, expect, it } from 'vitest'
import { daysUntil, roomLabel, sortGroups, weekdayOfDay } from './group-order'
import { aGroup } from './test-helpers'

describe('group order', () => {
  it('names the weekday of a calendar day, Sunday = 7', () => {
    expect(weekdayOfDay('2026-11-23')).toBe(1)
    expect(weekdayOfDay('2026-11-24')).toBe(2)
    expect(weekdayOfDay('2026-11-29')).toBe(7)
  })

  it('counts the days until a weekday comes next', () => {
    expect(daysUntil(2, 2)).toBe(0)
    expect(daysUntil(3, 2)).toBe(1)
    expect(daysUntil(1, 2)).toBe(6)
    expect(daysUntil(1, 7)).toBe(1)
  })

  it("puts today's groups first, then the rest of the week, by name within a day", () => {
    const groups = [
      aGroup('Hétfői', { groupDay: 1 }),
      aGroup('Szerdai B', { groupDay: 3 }),
      aGroup('Szerdai A', { groupDay: 3 }),
      aGroup('Vasárnapi', { groupDay: 7 }),
      aGroup('Keddi', { groupDay: 2 }),
    ]
    expect(sortGroups(groups, 3).map((g) => g.groupName)).toEqual([
      'Szerdai A',
      'Szerdai B',
      'Vasárnapi',
      'Hétfői',
      'Keddi',
    ])
    expect(sortGroups(groups, 1).map((g) => g.groupName)).toEqual([
      'Hétfői',
      'Keddi',
      'Szerdai A',
      'Szerdai B',
      'Vasárnapi',
    ])
  })

  it("shows the room as '{room}. terem', and nothing without one", () => {
    expect(roomLabel('204')).toBe('204. terem')
    expect(roomLabel('')).toBeNull()
    expect(roomLabel('  ')).toBeNull()
  })
})

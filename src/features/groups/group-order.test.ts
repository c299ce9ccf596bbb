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

  it('orders a day by start time, a group without a time last, then by name', () => {
    const groups = [
      aGroup('Nincs ideje', { groupDay: 2 }),
      aGroup('Délutáni', { groupDay: 2, startTime: '13:00', endTime: '13:45' }),
      aGroup('B reggeli', { groupDay: 2, startTime: '08:00', endTime: '08:45' }),
      aGroup('A reggeli', { groupDay: 2, startTime: '08:00', endTime: '09:30' }),
      aGroup('Tízórás', { groupDay: 2, startTime: '10:00', endTime: '10:45' }),
    ]
    expect(sortGroups(groups, 2).map((g) => g.groupName)).toEqual([
      'A reggeli',
      'B reggeli',
      'Tízórás',
      'Délutáni',
      'Nincs ideje',
    ])
  })

  it("shows the room as '{room}. terem', and nothing without one", () => {
    expect(roomLabel('204')).toBe('204. terem')
    expect(roomLabel('')).toBeNull()
    expect(roomLabel('  ')).toBeNull()
  })
})

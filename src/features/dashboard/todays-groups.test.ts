import { describe, expect, it } from 'vitest'
import type { Group } from '@contract/api'
import { groupCountText, nextClass, roomLabel, todaysGroups } from './todays-groups'

function aGroup(id: string, groupDay: number, time: [string, string] | null = null): Group {
  return {
    id,
    _id: id,
    groupName: `Csoport ${id}`,
    groupDay,
    students: [],
    members: [],
    classroom: '',
    room: '',
    layout: null,
    instructor: 'Teszt Elek',
    startTime: time?.[0] ?? null,
    endTime: time?.[1] ?? null,
  }
}

/** Minutes after midnight of 'HH:MM'. */
const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))

describe("today's groups", () => {
  const groups = [aGroup('a', 1), aGroup('b', 7), aGroup('c', 1), aGroup('d', 3)]

  it('keeps the groups of the weekday in list order (Sunday = 7)', () => {
    expect(todaysGroups(groups, 1).map((g) => g.id)).toEqual(['a', 'c'])
    expect(todaysGroups(groups, 7).map((g) => g.id)).toEqual(['b'])
    expect(todaysGroups(groups, 2)).toEqual([])
  })

  it('the next class is the first not marked as held; none when all are', () => {
    const today = todaysGroups(groups, 1)
    expect(nextClass(today, [], at('08:00'))?.group.id).toBe('a')
    expect(nextClass(today, ['a'], at('08:00'))?.group.id).toBe('c')
    expect(nextClass(today, ['c'], at('08:00'))?.group.id).toBe('a')
    expect(nextClass(today, ['a', 'c'], at('08:00'))).toBeNull()
    expect(nextClass([], [], at('08:00'))).toBeNull()
  })

  it('orders the day by start time, a group without a time last (in list order)', () => {
    const day = [
      aGroup('none1', 2),
      aGroup('late', 2, ['13:00', '13:45']),
      aGroup('none2', 2),
      aGroup('early', 2, ['08:00', '09:30']),
      aGroup('mid', 2, ['10:00', '10:45']),
    ]
    expect(todaysGroups(day, 2).map((g) => g.id)).toEqual(['early', 'mid', 'late', 'none1', 'none2'])
  })

  it("is the class meeting now ('Most:'), else the next to start, else one without a time; an ended one is not", () => {
    const today = todaysGroups(
      [aGroup('early', 1, ['08:00', '09:30']), aGroup('late', 1, ['13:00', '13:45']), aGroup('none', 1)],
      1,
    )
    expect(nextClass(today, [], at('07:00'))).toEqual({ group: today[0], now: false })
    expect(nextClass(today, [], at('08:00'))).toEqual({ group: today[0], now: true })
    expect(nextClass(today, [], at('09:29'))).toEqual({ group: today[0], now: true })
    // The end is not part of the class.
    expect(nextClass(today, [], at('09:30'))).toEqual({ group: today[1], now: false })
    expect(nextClass(today, ['early'], at('08:05'))).toEqual({ group: today[1], now: false })
    expect(nextClass(today, [], at('13:10'))).toEqual({ group: today[1], now: true })
    expect(nextClass(today, [], at('14:00'))).toEqual({ group: today[2], now: false })
    expect(nextClass(today, ['none'], at('14:00'))).toBeNull()
  })

  it("shows the room as '{room}. terem', and no room for a group without a classroom", () => {
    expect(roomLabel('204')).toBe('204. terem')
    expect(roomLabel('  ')).toBeNull()
  })

  it('says how many groups meet today', () => {
    expect(groupCountText(0)).toBe('Ma nincs csoportod.')
    expect(groupCountText(3)).toBe('Ma 3 csoportod van.')
  })
})

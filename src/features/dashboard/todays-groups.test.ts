import { describe, expect, it } from 'vitest'
import type { Group } from '@contract/api'
import { groupCountText, nextClass, roomLabel, todaysGroups } from './todays-groups'

function aGroup(id: string, groupDay: number): Group {
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
    startTime: null,
    endTime: null,
  }
}

describe("today's groups", () => {
  const groups = [aGroup('a', 1), aGroup('b', 7), aGroup('c', 1), aGroup('d', 3)]

  it('keeps the groups of the weekday in list order (Sunday = 7)', () => {
    expect(todaysGroups(groups, 1).map((g) => g.id)).toEqual(['a', 'c'])
    expect(todaysGroups(groups, 7).map((g) => g.id)).toEqual(['b'])
    expect(todaysGroups(groups, 2)).toEqual([])
  })

  it('the next class is the first not marked as held; none when all are', () => {
    const today = todaysGroups(groups, 1)
    expect(nextClass(today, [])?.id).toBe('a')
    expect(nextClass(today, ['a'])?.id).toBe('c')
    expect(nextClass(today, ['c'])?.id).toBe('a')
    expect(nextClass(today, ['a', 'c'])).toBeNull()
    expect(nextClass([], [])).toBeNull()
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

import { describe, expect, it } from 'vitest'
import type { ClassroomLayout } from './api/classrooms'
import { transferSeating } from './seating-transfer'

const room: ClassroomLayout = {
  size: [3, 2],
  objects: [
    { x: 0, y: 0, type: 'student' },
    { x: 1, y: 0, type: 'student' },
    { x: 2, y: 0, type: 'teacher' },
    { x: 0, y: 1, type: 'student' },
  ],
}
const seating = [
  { student: 'anna', position: '0-0' },
  { student: 'bela', position: '1-0' },
  { student: 'cili', position: '0-1' },
]

describe('transferSeating (issue 20: a group edited)', () => {
  it('keeps everyone when nothing changes', () => {
    expect(transferSeating(seating, room, new Set(['anna', 'bela', 'cili']))).toEqual({
      kept: seating,
      unseated: [],
      removed: [],
    })
  })

  it('a removed member leaves the seating, the others keep their desks', () => {
    expect(transferSeating(seating, room, new Set(['anna', 'cili', 'dora']))).toEqual({
      kept: [seating[0], seating[2]],
      unseated: [],
      removed: [seating[1]],
    })
  })

  it('a new classroom keeps the seats on its student desks and unseats the rest', () => {
    const smaller: ClassroomLayout = {
      size: [2, 1],
      objects: [
        { x: 0, y: 0, type: 'student' },
        { x: 1, y: 0, type: 'teacher' },
      ],
    }
    expect(transferSeating(seating, smaller, new Set(['anna', 'bela', 'cili']))).toEqual({
      kept: [seating[0]],
      unseated: [seating[1], seating[2]],
      removed: [],
    })
  })

  it('both at once: removed members are counted apart from the unseated', () => {
    const smaller: ClassroomLayout = { size: [1, 1], objects: [{ x: 0, y: 0, type: 'student' }] }
    expect(transferSeating(seating, smaller, new Set(['anna', 'cili']))).toEqual({
      kept: [seating[0]],
      unseated: [seating[2]],
      removed: [seating[1]],
    })
  })

  it('without a classroom nobody sits', () => {
    expect(transferSeating(seating, null, new Set(['anna', 'bela']))).toEqual({
      kept: [],
      unseated: [seating[0], seating[1]],
      removed: [seating[2]],
    })
  })

  it('an empty seating stays empty', () => {
    expect(transferSeating([], room, new Set(['anna']))).toEqual({ kept: [], unseated: [], removed: [] })
  })
})

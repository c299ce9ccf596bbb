import { describe, expect, it } from 'vitest'
import type { ClassroomLayout } from './api/classrooms'
import {
  LAYOUT_MESSAGES,
  clampDimension,
  layoutProblem,
  parsePosition,
  positionOf,
  resizeLayout,
  seatingOnLayout,
  seatingProblem,
  studentDesks,
} from './classroom-layout'

const layout: ClassroomLayout = {
  size: [3, 2],
  objects: [
    { x: 1, y: 0, type: 'teacher' },
    { x: 2, y: 1, type: 'student' },
    { x: 0, y: 1, type: 'student' },
  ],
}
const members = new Set(['anna', 'bela'])

describe('clampDimension (spec §5)', () => {
  it('clamps to 1–20 and gives 1 for what is not a number', () => {
    expect(clampDimension(8)).toBe(8)
    expect(clampDimension('6')).toBe(6)
    expect(clampDimension(0)).toBe(1)
    expect(clampDimension(-3)).toBe(1)
    expect(clampDimension(21)).toBe(20)
    expect(clampDimension('abc')).toBe(1)
    expect(clampDimension('')).toBe(1)
    expect(clampDimension(undefined)).toBe(1)
    expect(clampDimension(7.9)).toBe(7)
  })
})

describe('positions', () => {
  it("writes and reads 'x-y'", () => {
    expect(positionOf(3, 12)).toBe('3-12')
    expect(parsePosition('3-12')).toEqual({ x: 3, y: 12 })
    expect(parsePosition('3-')).toBeNull()
    expect(parsePosition('a-1')).toBeNull()
  })

  it('lists student desks row by row', () => {
    expect(studentDesks(layout)).toEqual(['0-1', '2-1'])
  })
})

describe('resizeLayout (spec §4)', () => {
  it('drops what falls outside the new size and clamps it', () => {
    expect(resizeLayout(layout, [2, 2]).objects).toEqual([
      { x: 1, y: 0, type: 'teacher' },
      { x: 0, y: 1, type: 'student' },
    ])
    expect(resizeLayout(layout, ['x', 99]).size).toEqual([1, 20])
  })
})

describe('layoutProblem', () => {
  it('accepts a valid layout', () => {
    expect(layoutProblem(layout)).toBeNull()
  })

  it('refuses a size outside 1–20, an object outside the grid and two objects on one cell', () => {
    expect(layoutProblem({ size: [0, 3], objects: [] })).toBe(LAYOUT_MESSAGES.size)
    expect(layoutProblem({ size: [21, 3], objects: [] })).toBe(LAYOUT_MESSAGES.size)
    expect(layoutProblem({ size: [3, 2], objects: [{ x: 3, y: 0, type: 'student' }] })).toBe(
      LAYOUT_MESSAGES.outside,
    )
    expect(
      layoutProblem({
        size: [3, 2],
        objects: [
          { x: 1, y: 1, type: 'student' },
          { x: 1, y: 1, type: 'teacher' },
        ],
      }),
    ).toBe(LAYOUT_MESSAGES.overlap)
  })
})

describe('seatingProblem', () => {
  it('accepts members on free student desks', () => {
    expect(
      seatingProblem(
        layout,
        [
          { student: 'anna', position: '0-1' },
          { student: 'bela', position: '2-1' },
        ],
        members,
      ),
    ).toBeNull()
  })

  it('names the first broken rule', () => {
    expect(seatingProblem(layout, [{ student: 'cecil', position: '0-1' }], members)).toBe(
      LAYOUT_MESSAGES.notMember,
    )
    expect(seatingProblem(layout, [{ student: 'anna', position: '5-1' }], members)).toBe(
      LAYOUT_MESSAGES.seatOutside,
    )
    expect(seatingProblem(layout, [{ student: 'anna', position: '1-0' }], members)).toBe(
      LAYOUT_MESSAGES.seatNotDesk,
    )
    expect(seatingProblem(layout, [{ student: 'anna', position: '1-1' }], members)).toBe(
      LAYOUT_MESSAGES.seatNotDesk,
    )
    expect(
      seatingProblem(
        layout,
        [
          { student: 'anna', position: '0-1' },
          { student: 'bela', position: '0-1' },
        ],
        members,
      ),
    ).toBe(LAYOUT_MESSAGES.seatTaken)
    expect(
      seatingProblem(
        layout,
        [
          { student: 'anna', position: '0-1' },
          { student: 'anna', position: '2-1' },
        ],
        members,
      ),
    ).toBe(LAYOUT_MESSAGES.seatTwice)
  })
})

describe('seatingOnLayout', () => {
  it('keeps only the positions still on a student desk', () => {
    const smaller = resizeLayout(layout, [2, 2])
    expect(
      seatingOnLayout(smaller, [
        { student: 'anna', position: '0-1' },
        { student: 'bela', position: '2-1' },
      ]),
    ).toEqual([{ student: 'anna', position: '0-1' }])
  })
})

import { describe, expect, it } from 'vitest'
import type { ClassroomLayout } from '@contract/api'
import {
  cellLabel,
  clearAll,
  clickCell,
  deskCounts,
  droppedByResize,
  layoutSummary,
  moveObject,
  resize,
  toggleTool,
} from './layout-edits'

const layout = (
  objects: ClassroomLayout['objects'] = [],
  size: [number, number] = [8, 6],
): ClassroomLayout => ({
  size,
  objects,
})

describe('designer edits', () => {
  it('toggles a tool: selecting the selected one deselects it, another one replaces it', () => {
    expect(toggleTool(null, 'student')).toBe('student')
    expect(toggleTool('student', 'student')).toBeNull()
    expect(toggleTool('student', 'teacher')).toBe('teacher')
  })

  it('a click on an empty cell adds the selected tool’s object', () => {
    expect(clickCell(layout(), { x: 2, y: 1 }, 'student').objects).toEqual([{ x: 2, y: 1, type: 'student' }])
    expect(clickCell(layout(), { x: 0, y: 0 }, 'teacher').objects).toEqual([{ x: 0, y: 0, type: 'teacher' }])
  })

  it('a click on a cell with an object removes it, whatever the tool', () => {
    const start = layout([
      { x: 2, y: 1, type: 'student' },
      { x: 3, y: 1, type: 'teacher' },
    ])
    expect(clickCell(start, { x: 2, y: 1 }, 'teacher').objects).toEqual([{ x: 3, y: 1, type: 'teacher' }])
    expect(clickCell(start, { x: 3, y: 1 }, null).objects).toEqual([{ x: 2, y: 1, type: 'student' }])
  })

  it('without a tool or outside the grid a click changes nothing (the same layout comes back)', () => {
    const start = layout()
    expect(clickCell(start, { x: 1, y: 1 }, null)).toBe(start)
    expect(clickCell(start, { x: 8, y: 0 }, 'student')).toBe(start)
    expect(clickCell(start, { x: 0, y: -1 }, 'student')).toBe(start)
  })

  it('moves an object to an empty cell only', () => {
    const start = layout([
      { x: 0, y: 0, type: 'student' },
      { x: 1, y: 0, type: 'teacher' },
    ])
    expect(moveObject(start, { x: 0, y: 0 }, { x: 4, y: 5 }).objects).toEqual([
      { x: 4, y: 5, type: 'student' },
      { x: 1, y: 0, type: 'teacher' },
    ])
    expect(moveObject(start, { x: 0, y: 0 }, { x: 1, y: 0 })).toBe(start)
    expect(moveObject(start, { x: 0, y: 0 }, { x: 8, y: 0 })).toBe(start)
    expect(moveObject(start, { x: 5, y: 5 }, { x: 4, y: 4 })).toBe(start)
  })

  it('clears every object and keeps the size', () => {
    const start = layout([{ x: 0, y: 0, type: 'student' }], [3, 2])
    expect(clearAll(start)).toEqual({ size: [3, 2], objects: [] })
    const empty = layout()
    expect(clearAll(empty)).toBe(empty)
  })

  it('resizing drops what falls outside, clamps to 1–20 and takes 1 for what is not a number', () => {
    const start = layout([
      { x: 0, y: 0, type: 'teacher' },
      { x: 7, y: 0, type: 'student' },
      { x: 2, y: 5, type: 'student' },
    ])
    expect(resize(start, 4, 6)).toEqual({
      size: [4, 6],
      objects: [
        { x: 0, y: 0, type: 'teacher' },
        { x: 2, y: 5, type: 'student' },
      ],
    })
    expect(resize(start, 99, 'abc').size).toEqual([20, 1])
    expect(resize(start, 0, -3).size).toEqual([1, 1])
    expect(resize(start, 8, 6)).toBe(start)
    expect(droppedByResize(start, 4, 5)).toBe(2)
    expect(droppedByResize(start, 8, 6)).toBe(0)
  })

  it('counts desks and names cells and layouts in Hungarian', () => {
    const start = layout([
      { x: 4, y: 2, type: 'student' },
      { x: 5, y: 2, type: 'student' },
      { x: 0, y: 0, type: 'teacher' },
    ])
    expect(deskCounts(start)).toEqual({ student: 2, teacher: 1 })
    expect(cellLabel(start, { x: 4, y: 2 })).toBe('3. sor, 5. oszlop: diák asztal')
    expect(cellLabel(start, { x: 0, y: 0 })).toBe('1. sor, 1. oszlop: tanári asztal')
    expect(cellLabel(start, { x: 1, y: 0 })).toBe('1. sor, 2. oszlop: üres')
    expect(layoutSummary(start)).toBe('8 × 6, 2 diák asztal, 1 tanári asztal')
  })
})

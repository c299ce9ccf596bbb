import { describe, expect, it } from 'vitest'
import type { ClassroomLayout } from '@contract/api'
import { clampFocus, handleGridKey, KEY_MESSAGES, moveFocus, type GridKeyState } from './designer-keyboard'

const layout = (objects: ClassroomLayout['objects'] = []): ClassroomLayout => ({ size: [4, 3], objects })
const at = (x: number, y: number, moving: GridKeyState['moving'] = null): GridKeyState => ({
  focus: { x, y },
  moving,
})

describe('designer keyboard', () => {
  it('moves the focus with the arrows and stops at the edges', () => {
    const size = [4, 3] as const
    expect(moveFocus({ x: 1, y: 1 }, { key: 'ArrowRight' }, size)).toEqual({ x: 2, y: 1 })
    expect(moveFocus({ x: 1, y: 1 }, { key: 'ArrowLeft' }, size)).toEqual({ x: 0, y: 1 })
    expect(moveFocus({ x: 1, y: 1 }, { key: 'ArrowUp' }, size)).toEqual({ x: 1, y: 0 })
    expect(moveFocus({ x: 1, y: 1 }, { key: 'ArrowDown' }, size)).toEqual({ x: 1, y: 2 })
    expect(moveFocus({ x: 3, y: 2 }, { key: 'ArrowRight' }, size)).toEqual({ x: 3, y: 2 })
    expect(moveFocus({ x: 3, y: 2 }, { key: 'ArrowDown' }, size)).toEqual({ x: 3, y: 2 })
    expect(moveFocus({ x: 0, y: 0 }, { key: 'ArrowLeft' }, size)).toEqual({ x: 0, y: 0 })
    expect(moveFocus({ x: 0, y: 0 }, { key: 'ArrowUp' }, size)).toEqual({ x: 0, y: 0 })
  })

  it('Home/End go to the row’s ends, with Ctrl to the grid’s corners; PageUp/PageDown to the first/last row', () => {
    const size = [4, 3] as const
    expect(moveFocus({ x: 2, y: 1 }, { key: 'Home' }, size)).toEqual({ x: 0, y: 1 })
    expect(moveFocus({ x: 2, y: 1 }, { key: 'End' }, size)).toEqual({ x: 3, y: 1 })
    expect(moveFocus({ x: 2, y: 1 }, { key: 'Home', ctrlKey: true }, size)).toEqual({ x: 0, y: 0 })
    expect(moveFocus({ x: 2, y: 1 }, { key: 'End', ctrlKey: true }, size)).toEqual({ x: 3, y: 2 })
    expect(moveFocus({ x: 2, y: 1 }, { key: 'PageUp' }, size)).toEqual({ x: 2, y: 0 })
    expect(moveFocus({ x: 2, y: 1 }, { key: 'PageDown' }, size)).toEqual({ x: 2, y: 2 })
    expect(moveFocus({ x: 2, y: 1 }, { key: 'a' }, size)).toBeNull()
  })

  it('keeps the focus inside a smaller grid', () => {
    expect(clampFocus({ x: 7, y: 5 }, [4, 3])).toEqual({ x: 3, y: 2 })
    expect(clampFocus({ x: 1, y: 1 }, [4, 3])).toEqual({ x: 1, y: 1 })
  })

  it('Enter and Space place the selected tool’s object on an empty cell and remove one that is there', () => {
    const placed = handleGridKey(at(1, 2), { key: 'Enter' }, layout(), 'student')
    expect(placed.layout.objects).toEqual([{ x: 1, y: 2, type: 'student' }])
    expect(placed.message).toBe(KEY_MESSAGES.placed('3. sor, 2. oszlop: diák asztal'))
    expect(placed.handled).toBe(true)

    const removed = handleGridKey(at(1, 2), { key: ' ' }, placed.layout, 'teacher')
    expect(removed.layout.objects).toEqual([])
    expect(removed.message).toBe(KEY_MESSAGES.removed('diák asztal'))
  })

  it('without a tool, Enter on an empty cell changes nothing and says to pick a tool', () => {
    const start = layout()
    const result = handleGridKey(at(0, 0), { key: 'Enter' }, start, null)
    expect(result.layout).toBe(start)
    expect(result.message).toBe(KEY_MESSAGES.noTool)
  })

  it('M picks an object up, the arrows carry the focus and Enter drops it on an empty cell', () => {
    const start = layout([{ x: 0, y: 0, type: 'teacher' }])
    const picked = handleGridKey(at(0, 0), { key: 'm' }, start, 'student')
    expect(picked.state.moving).toEqual({ x: 0, y: 0 })
    expect(picked.message).toMatch(/^Mozgatás: 1\. sor, 1\. oszlop: tanári asztal\./)
    const moved = handleGridKey(
      { ...picked.state, focus: { x: 2, y: 1 } },
      { key: 'Enter' },
      start,
      'student',
    )
    expect(moved.layout.objects).toEqual([{ x: 2, y: 1, type: 'teacher' }])
    expect(moved.state.moving).toBeNull()
    expect(moved.message).toBe(KEY_MESSAGES.moved('2. sor, 3. oszlop: tanári asztal'))
  })

  it('a move onto an occupied cell is refused and stays picked up; Escape or the start cell cancels it', () => {
    const start = layout([
      { x: 0, y: 0, type: 'student' },
      { x: 1, y: 0, type: 'student' },
    ])
    const onTaken = handleGridKey(at(1, 0, { x: 0, y: 0 }), { key: 'Enter' }, start, null)
    expect(onTaken.layout).toBe(start)
    expect(onTaken.state.moving).toEqual({ x: 0, y: 0 })
    expect(onTaken.message).toBe(KEY_MESSAGES.occupied)

    const escaped = handleGridKey(at(1, 0, { x: 0, y: 0 }), { key: 'Escape' }, start, null)
    expect(escaped.state.moving).toBeNull()
    expect(escaped.handled).toBe(true)
    expect(escaped.message).toBe(KEY_MESSAGES.cancelled)

    const back = handleGridKey(at(0, 0, { x: 0, y: 0 }), { key: 'M' }, start, null)
    expect(back.state.moving).toBeNull()
    expect(back.layout).toBe(start)
  })

  it('M on an empty cell says there is nothing to move; Escape without a move is not the grid’s', () => {
    expect(handleGridKey(at(0, 0), { key: 'm' }, layout(), null).message).toBe(KEY_MESSAGES.nothingToMove)
    expect(handleGridKey(at(0, 0), { key: 'Escape' }, layout(), null).handled).toBe(false)
    expect(handleGridKey(at(0, 0), { key: 'x' }, layout(), null).handled).toBe(false)
  })

  it('Delete removes the object under the focus', () => {
    const start = layout([{ x: 3, y: 2, type: 'student' }])
    expect(handleGridKey(at(3, 2), { key: 'Delete' }, start, 'student').layout.objects).toEqual([])
    expect(handleGridKey(at(0, 0), { key: 'Delete' }, start, 'student').layout).toBe(start)
  })
})

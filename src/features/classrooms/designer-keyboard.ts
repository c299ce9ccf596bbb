/**
 * The designer grid by keyboard (beyond the spec; WAI-ARIA grid pattern): one cell holds the focus (roving
 * tabindex) and the arrow keys move it; Enter or Space does what a click does (remove the object, or place the
 * selected tool's); M picks the object up and Enter (or M) drops it on an empty cell, Escape puts it back. Pure: the
 * grid component only renders the result and says `message` in its live region.
 */
import type { ClassroomLayout } from '@contract/api'
import { objectAt } from '@contract/classroom-layout'
import { cellLabel, clickCell, DESK_NAMES, moveObject, type Cell, type Tool } from './layout-edits'

export interface GridKeyState {
  focus: Cell
  /** The cell whose object is picked up for a move, or null. */
  moving: Cell | null
}

export interface GridKey {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
}

export interface GridKeyResult {
  state: GridKeyState
  layout: ClassroomLayout
  /** What to announce (the live region), or null. */
  message: string | null
  /** The key was the grid's: the caller prevents its default and stops it (Escape must not close the dialog). */
  handled: boolean
}

export const KEY_MESSAGES = {
  pickedUp: (label: string) =>
    `Mozgatás: ${label}. A nyilakkal válassz üres cellát, majd nyomj Entert. Esc: mégse.`,
  nothingToMove: 'Ezen a cellán nincs mit mozgatni.',
  moved: (label: string) => `Áthelyezve ide: ${label}.`,
  occupied: 'Ez a cella foglalt, válassz üres cellát.',
  cancelled: 'Mozgatás megszakítva.',
  placed: (label: string) => `Lerakva: ${label}.`,
  removed: (what: string) => `Törölve: ${what}.`,
  noTool: 'Előbb válassz eszközt: Diák asztal vagy Tanári asztal.',
} as const

const same = (a: Cell, b: Cell) => a.x === b.x && a.y === b.y

/** The focus kept inside a grid of `size` (after a resize). */
export function clampFocus(focus: Cell, size: readonly [number, number]): Cell {
  return { x: Math.min(Math.max(0, focus.x), size[0] - 1), y: Math.min(Math.max(0, focus.y), size[1] - 1) }
}

/** Where a navigation key takes the focus, or null for a key that does not navigate. */
export function moveFocus(focus: Cell, key: GridKey, size: readonly [number, number]): Cell | null {
  const [columns, rows] = size
  const ctrl = Boolean(key.ctrlKey || key.metaKey)
  switch (key.key) {
    case 'ArrowLeft':
      return clampFocus({ ...focus, x: focus.x - 1 }, size)
    case 'ArrowRight':
      return clampFocus({ ...focus, x: focus.x + 1 }, size)
    case 'ArrowUp':
      return clampFocus({ ...focus, y: focus.y - 1 }, size)
    case 'ArrowDown':
      return clampFocus({ ...focus, y: focus.y + 1 }, size)
    case 'Home':
      return ctrl ? { x: 0, y: 0 } : { ...focus, x: 0 }
    case 'End':
      return ctrl ? { x: columns - 1, y: rows - 1 } : { ...focus, x: columns - 1 }
    case 'PageUp':
      return { ...focus, y: 0 }
    case 'PageDown':
      return { ...focus, y: rows - 1 }
    default:
      return null
  }
}

/** One key press on the grid. */
export function handleGridKey(
  state: GridKeyState,
  key: GridKey,
  layout: ClassroomLayout,
  tool: Tool,
): GridKeyResult {
  const unchanged = { state, layout, message: null, handled: false }
  const focus = moveFocus(state.focus, key, layout.size)
  if (focus) return { state: { ...state, focus }, layout, message: null, handled: true }

  const here = state.focus
  const drop = (): GridKeyResult => {
    const from = state.moving!
    if (same(from, here))
      return { state: { ...state, moving: null }, layout, message: KEY_MESSAGES.cancelled, handled: true }
    const next = moveObject(layout, from, here)
    if (next === layout) return { state, layout, message: KEY_MESSAGES.occupied, handled: true }
    return {
      state: { ...state, moving: null },
      layout: next,
      message: KEY_MESSAGES.moved(cellLabel(next, here)),
      handled: true,
    }
  }

  switch (key.key) {
    case 'Enter':
    case ' ': {
      if (state.moving) return drop()
      const next = clickCell(layout, here, tool)
      if (next === layout) return { state, layout, message: KEY_MESSAGES.noTool, handled: true }
      const before = objectAt(layout, here.x, here.y)
      const message = before
        ? KEY_MESSAGES.removed(DESK_NAMES[before.type])
        : KEY_MESSAGES.placed(cellLabel(next, here))
      return { state, layout: next, message, handled: true }
    }
    case 'm':
    case 'M': {
      if (state.moving) return drop()
      if (!objectAt(layout, here.x, here.y))
        return { state, layout, message: KEY_MESSAGES.nothingToMove, handled: true }
      return {
        state: { ...state, moving: here },
        layout,
        message: KEY_MESSAGES.pickedUp(cellLabel(layout, here)),
        handled: true,
      }
    }
    case 'Delete':
    case 'Backspace': {
      const before = objectAt(layout, here.x, here.y)
      if (!before || state.moving) return { ...unchanged, handled: true }
      return {
        state,
        layout: clickCell(layout, here, null),
        message: KEY_MESSAGES.removed(DESK_NAMES[before.type]),
        handled: true,
      }
    }
    case 'Escape':
      if (!state.moving) return unchanged
      return { state: { ...state, moving: null }, layout, message: KEY_MESSAGES.cancelled, handled: true }
    default:
      return unchanged
  }
}

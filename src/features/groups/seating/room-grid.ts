/**
 * What the seating editor's room (components/desk-grid.tsx) and the register's (components/attendance-grid.tsx)
 * share: an ARIA grid with one tab stop whose arrow keys move to the nearest desk that way, the cells that never
 * change built once per layout, and the track sizes (cells 3.5 rem (a finger) to 7 rem, 4 px gaps). Each grid keeps
 * its own elements: the register's are plain elements under one stylesheet, the editor's Chakra boxes.
 */
import type { KeyboardEvent, ReactElement } from 'react'
import type { LayoutObject, ClassroomLayout } from '@contract/api'
import { positionOf } from '@contract/classroom-layout'
import { nextDesk, type Direction } from './seating'

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
}

/**
 * For an arrow key on `desk`: keeps the page from scrolling and gives the desk of `desks` it moves to (null when
 * there is none that way). Undefined for any other key, which the grid handles itself.
 */
export function arrowMove(
  event: KeyboardEvent<HTMLElement>,
  desks: readonly string[],
  desk: string,
): string | null | undefined {
  const direction = ARROWS[event.key]
  if (!direction) return undefined
  event.preventDefault()
  return nextDesk(desks, desk, direction)
}

/** Focuses the cell of `desk`: only the grid's own scroll box follows the focus, the dialog itself must not shift. */
export function focusDeskCell(grid: HTMLElement | null, desk: string): void {
  const cell = grid?.querySelector<HTMLElement>(`[data-desk="${desk}"]`)
  cell?.focus({ preventScroll: true })
  cell?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
}

/**
 * The cells a grid renders the same every time (the teacher's desk, the floor, …), by position: `render` gets each
 * cell with what stands there (undefined: floor) and returns null for a desk the grid renders itself.
 */
export function fixedCells(
  layout: ClassroomLayout,
  render: (cell: string, type: LayoutObject['type'] | undefined) => ReactElement | null,
): Map<string, ReactElement> {
  const cells = new Map<string, ReactElement>()
  const [columns, rows] = layout.size
  const types = new Map(layout.objects.map((object) => [positionOf(object.x, object.y), object.type]))
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const cell = positionOf(x, y)
      const element = render(cell, types.get(cell))
      if (element) cells.set(cell, element)
    }
  return cells
}

/** The grid's tracks: never sized by the names; a room wider than the box scrolls sideways instead of shrinking. */
export function roomTracks(columns: number) {
  return {
    gridTemplateColumns: `repeat(${columns}, minmax(3.5rem, 1fr))`,
    minWidth: `calc(${columns} * 3.5rem + ${columns - 1} * 4px)`,
    maxWidth: `calc(${columns} * 7rem + ${columns - 1} * 4px)`,
  }
}

/**
 * The classroom designer's edits (spec §4 "Classroom designer"), pure: each takes a layout and returns the next one,
 * or the same object when nothing changes (so the caller saves only real changes). Coordinates are 0-based,
 * `x` the column and `y` the row, as in contract/classroom-layout.ts.
 */
import type { ClassroomLayout, LayoutObject } from '@contract/api'
import { isInside, objectAt, resizeLayout } from '@contract/classroom-layout'

export type DeskType = LayoutObject['type']
/** The selected tool: what a click on an empty cell places, or nothing. */
export type Tool = DeskType | null

export interface Cell {
  x: number
  y: number
}

/** Selecting a tool toggles it: the selected one again deselects it. */
export function toggleTool(current: Tool, tool: DeskType): Tool {
  return current === tool ? null : tool
}

/** A click on a cell: an object there is removed; an empty cell gets the selected tool's object (none: no change). */
export function clickCell(layout: ClassroomLayout, cell: Cell, tool: Tool): ClassroomLayout {
  if (!isInside(layout, cell.x, cell.y)) return layout
  if (objectAt(layout, cell.x, cell.y)) {
    return { ...layout, objects: layout.objects.filter((o) => o.x !== cell.x || o.y !== cell.y) }
  }
  if (!tool) return layout
  return { ...layout, objects: [...layout.objects, { x: cell.x, y: cell.y, type: tool }] }
}

/** Moves the object on `from` to `to`, only when `to` is an empty cell inside the grid. */
export function moveObject(layout: ClassroomLayout, from: Cell, to: Cell): ClassroomLayout {
  const moving = objectAt(layout, from.x, from.y)
  if (!moving || !isInside(layout, to.x, to.y) || objectAt(layout, to.x, to.y)) return layout
  return {
    ...layout,
    objects: layout.objects.map((o) => (o === moving ? { ...o, x: to.x, y: to.y } : o)),
  }
}

/** 'Összes törlése': every object goes, the size stays. */
export function clearAll(layout: ClassroomLayout): ClassroomLayout {
  return layout.objects.length === 0 ? layout : { ...layout, objects: [] }
}

/** A new size (clamped 1–20, 1 when not a number): what falls outside it is dropped. */
export function resize(layout: ClassroomLayout, columns: unknown, rows: unknown): ClassroomLayout {
  const next = resizeLayout(layout, [columns, rows])
  const same =
    next.size[0] === layout.size[0] &&
    next.size[1] === layout.size[1] &&
    next.objects.length === layout.objects.length
  return same ? layout : next
}

/** How many objects a resize to `columns` × `rows` would drop (said before the user commits to it). */
export function droppedByResize(layout: ClassroomLayout, columns: unknown, rows: unknown): number {
  return layout.objects.length - resizeLayout(layout, [columns, rows]).objects.length
}

export interface DeskCounts {
  student: number
  teacher: number
}

export function deskCounts(layout: ClassroomLayout): DeskCounts {
  let student = 0
  let teacher = 0
  for (const object of layout.objects) {
    if (object.type === 'student') student++
    else teacher++
  }
  return { student, teacher }
}

export const DESK_NAMES: Record<DeskType, string> = {
  student: 'diák asztal',
  teacher: 'tanári asztal',
}

/** '8 × 6' (columns × rows). */
export function sizeText(layout: ClassroomLayout): string {
  return `${layout.size[0]} × ${layout.size[1]}`
}

/** A cell's accessible name: '3. sor, 5. oszlop: diák asztal' (rows and columns counted from 1). */
export function cellLabel(layout: ClassroomLayout, cell: Cell): string {
  const object = objectAt(layout, cell.x, cell.y)
  return `${cell.y + 1}. sor, ${cell.x + 1}. oszlop: ${object ? DESK_NAMES[object.type] : 'üres'}`
}

/** The one-line summary of a layout: '8 × 6, 12 diák asztal, 1 tanári asztal'. */
export function layoutSummary(layout: ClassroomLayout): string {
  const { student, teacher } = deskCounts(layout)
  return `${sizeText(layout)}, ${student} diák asztal, ${teacher} tanári asztal`
}

/**
 * The designer's grid (spec §4 "Classroom designer"): a click (or a tap) on a cell removes its object or places the
 * selected tool's; an object is dragged to an empty cell with a mouse or a finger (@dnd-kit/core, pointer and touch
 * sensors whose activation constraints leave a tap a click). Beyond the spec, a WAI-ARIA grid for the keyboard
 * (designer-keyboard.ts): arrows move a roving focus, Enter/Space acts like a click, M picks an object up and Enter
 * drops it. Every cell is named ('3. sor, 5. oszlop: diák asztal'). Cells are 36–48 px; a grid wider than the
 * dialog scrolls.
 */
import { Box, Flex, Text } from '@chakra-ui/react'
import {
  DndContext,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { ClassroomLayout, LayoutObject } from '@contract/api'
import { objectAt, positionOf } from '@contract/classroom-layout'
import { clampFocus, handleGridKey, KEY_MESSAGES, type GridKeyState } from '../designer-keyboard'
import { cellLabel, clickCell, moveObject, type Cell, type Tool } from '../layout-edits'
import { DeskMarker } from './desk-marker'

interface DesignerGridProps {
  layout: ClassroomLayout
  tool: Tool
  /** Called with the next layout after every real change. */
  onChange: (layout: ClassroomLayout) => void
  /** Whether an object is picked up by keyboard (Escape then cancels the move instead of closing the dialog). */
  onMovingChange?: (moving: boolean) => void
  /** Name of the grid (the room's name). */
  label: string
}

function cellOf(id: string | number): Cell {
  const [x, y] = String(id).split('-').map(Number)
  return { x, y }
}

export function DesignerGrid({ layout, tool, onChange, onMovingChange, label }: DesignerGridProps) {
  const [columns, rows] = layout.size
  const [keys, setKeys] = useState<GridKeyState>({ focus: { x: 0, y: 0 }, moving: null })
  const [message, setMessage] = useState('')
  const cells = useRef(new Map<string, HTMLDivElement>())
  const wantFocus = useRef(false)

  // A resize may leave the focus or the picked-up object outside the grid.
  const focus = clampFocus(keys.focus, layout.size)
  const moving = keys.moving && objectAt(layout, keys.moving.x, keys.moving.y) ? keys.moving : null

  useEffect(() => onMovingChange?.(moving !== null), [moving, onMovingChange])

  useEffect(() => {
    if (!wantFocus.current) return
    wantFocus.current = false
    cells.current.get(positionOf(focus.x, focus.y))?.focus()
  }, [focus.x, focus.y])

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const result = handleGridKey({ focus, moving }, event, layout, tool)
      if (!result.handled) return
      event.preventDefault()
      event.stopPropagation()
      wantFocus.current = true
      setKeys(result.state)
      if (result.message) setMessage(result.message)
      if (result.layout !== layout) onChange(result.layout)
    },
    [focus, moving, layout, tool, onChange],
  )

  // Read through a ref so that the handler keeps its identity: a click re-renders only the cells it changed.
  const latest = useRef({ layout, tool, onChange })
  useEffect(() => {
    latest.current = { layout, tool, onChange }
  })
  const onCellClick = useCallback((cell: Cell) => {
    const { layout, tool, onChange } = latest.current
    setKeys((current) => ({ ...current, focus: cell, moving: null }))
    const next = clickCell(layout, cell, tool)
    if (next !== layout) onChange(next)
    else if (!objectAt(layout, cell.x, cell.y)) setMessage(KEY_MESSAGES.noTool)
  }, [])

  const sensors = useSensors(
    // A mouse drag starts after 6 px, a finger's after a short press: a click or a tap stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
  )

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over) return
      const from = cellOf(active.id)
      const to = cellOf(over.id)
      const next = moveObject(layout, from, to)
      if (next === layout) return
      setKeys((current) => ({ ...current, focus: to, moving: null }))
      setMessage(`Áthelyezve ide: ${cellLabel(next, to)}.`)
      onChange(next)
    },
    [layout, onChange],
  )

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => `Felvetted: ${cellLabel(layout, cellOf(active.id))}.`,
      onDragOver: ({ over }) =>
        over ? `Fölötte: ${cellLabel(layout, cellOf(over.id))}.` : 'Nincs cella alatta.',
      onDragEnd: ({ over }) =>
        over ? `Lerakva: ${cellLabel(layout, cellOf(over.id))}.` : 'A bútor a helyén maradt.',
      onDragCancel: () => 'Mozgatás megszakítva.',
    }),
    [layout],
  )

  const grid = []
  for (let y = 0; y < rows; y++) {
    const row = []
    for (let x = 0; x < columns; x++) {
      const object = objectAt(layout, x, y)
      row.push(
        <DesignerCell
          key={positionOf(x, y)}
          x={x}
          y={y}
          object={object}
          label={cellLabel(layout, { x, y })}
          focused={focus.x === x && focus.y === y}
          pickedUp={moving !== null && moving.x === x && moving.y === y}
          cellRefs={cells.current}
          onCellClick={onCellClick}
        />,
      )
    }
    grid.push(
      <Box
        key={y}
        role="row"
        display="grid"
        gridTemplateColumns={`repeat(${columns}, minmax(2.25rem, 3rem))`}
        gap="1"
      >
        {row}
      </Box>,
    )
  }

  return (
    <Flex direction="column" gap="2" minW="0">
      <Box overflow="auto" maxW="full" p="1">
        <DndContext
          sensors={sensors}
          collisionDetection={pointerWithin}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'Húzd a bútort egy üres cellára. Billentyűzettel: M a felvételhez, Enter a lerakáshoz.',
            },
          }}
        >
          <Flex
            role="grid"
            aria-label={label}
            aria-rowcount={rows}
            aria-colcount={columns}
            direction="column"
            gap="1"
            w="fit-content"
            onKeyDown={onKeyDown}
          >
            {grid}
          </Flex>
        </DndContext>
      </Box>
      <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted" minH="5">
        {message}
      </Text>
    </Flex>
  )
}

interface DesignerCellProps {
  x: number
  y: number
  object: LayoutObject | undefined
  label: string
  focused: boolean
  pickedUp: boolean
  cellRefs: Map<string, HTMLDivElement>
  onCellClick: (cell: Cell) => void
}

const DesignerCell = memo(function DesignerCell({
  x,
  y,
  object,
  label,
  focused,
  pickedUp,
  cellRefs,
  onCellClick,
}: DesignerCellProps) {
  const id = positionOf(x, y)
  const draggable = useDraggable({ id, disabled: !object })
  const droppable = useDroppable({ id, disabled: Boolean(object) })
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      draggable.setNodeRef(node)
      droppable.setNodeRef(node)
      if (node) cellRefs.set(id, node)
      else cellRefs.delete(id)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dnd-kit's setNodeRef functions are stable
    [id, cellRefs],
  )
  const transform = draggable.transform
  return (
    <Box
      ref={setRef}
      role="gridcell"
      aria-label={label}
      aria-colindex={x + 1}
      aria-rowindex={y + 1}
      aria-selected={pickedUp || undefined}
      tabIndex={focused ? 0 : -1}
      {...draggable.listeners}
      onClick={() => onCellClick({ x, y })}
      position="relative"
      aspectRatio="1"
      minW="9"
      p="1"
      rounded="md"
      cursor="pointer"
      // An object can be dragged with a finger; empty cells leave the finger to scroll the grid.
      touchAction={object ? 'none' : 'auto'}
      userSelect="none"
      borderWidth="1px"
      borderStyle={object ? 'solid' : 'dashed'}
      borderColor={droppable.isOver ? 'blue.solid' : 'border.emphasized'}
      bg={droppable.isOver ? 'blue.subtle' : object ? 'bg' : 'bg.subtle'}
      outline={pickedUp ? '3px dashed' : undefined}
      outlineColor={pickedUp ? 'orange.solid' : undefined}
      outlineOffset="1px"
      _hover={{ borderColor: 'blue.solid' }}
      _focusVisible={{ outline: '3px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' }}
    >
      {object && (
        <Box
          w="full"
          h="full"
          position="relative"
          zIndex={draggable.isDragging ? 'docked' : undefined}
          opacity={draggable.isDragging ? 0.85 : 1}
          style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
        >
          <DeskMarker type={object.type} />
        </Box>
      )}
    </Box>
  )
})

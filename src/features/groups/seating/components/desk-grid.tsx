/**
 * The classroom's grid (spec §4 Seating, §9: 4 px gap): student desks are drop targets showing who sits there, the
 * teacher's desk is marked, the rest is floor. The grid is an ARIA grid with one tab stop (the focused desk); the
 * arrow keys move between desks, Enter/Space seats the picked student (or picks the one sitting there), Delete sends
 * the sitting student back to the list. Cells are at least 3.5 rem (56 px) square: a finger fits; a wide classroom
 * scrolls sideways instead of shrinking below that.
 */
import { Box, chakra, Flex, Text } from '@chakra-ui/react'
import { useDraggable, useDroppable } from '@dnd-kit/core'
import { memo, useMemo, type KeyboardEvent, type ReactElement, type Ref } from 'react'
import type { ClassroomLayout, GroupMember } from '@contract/api'
import { positionOf } from '@contract/classroom-layout'
import { fixedCells, roomTracks } from '../room-grid'
import { deskLabel } from '../seating'
import { LIFTED_STYLE, usePressLift } from './press-lift'
import { StudentChip } from './student-chip'
import { studentDragId } from './unplaced-panel'

/** Shown when the room is wider than the dialog (a phone): the last columns are a sideways scroll away. */
export const SCROLL_HINT = 'A terem szélesebb a képernyőnél: a többi asztalért görgesd oldalra a termet.'

export function deskDropId(desk: string): string {
  return `desk:${desk}`
}

function Occupant({ member, desk }: { member: GroupMember; desk: string }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: studentDragId(member.username),
    data: { name: member.name, username: member.username, from: desk },
  })
  const { lifted, handlers } = usePressLift(listeners)
  // The cell is the keyboard's focus target; the occupant only takes the pointer and touch (no second tab stop).
  return (
    <Box
      ref={setNodeRef}
      {...handlers}
      data-lifted={lifted ? '' : undefined}
      aria-hidden="true"
      w="full"
      h="full"
      display="flex"
      alignItems="center"
      justifyContent="center"
      px="1"
      cursor="grab"
      touchAction="manipulation"
      userSelect="none"
      rounded="l2"
      bg="bg.panel"
      css={{ WebkitTouchCallout: 'none', ...LIFTED_STYLE }}
      opacity={isDragging ? 0.35 : 1}
    >
      <StudentChip member={member} stacked />
    </Box>
  )
}

interface DeskCellProps {
  desk: string
  occupant: GroupMember | undefined
  tabbable: boolean
  /** The sitting student is the picked one. */
  picked: boolean
  pending: boolean
  onKeyDown: (event: KeyboardEvent<HTMLElement>, desk: string) => void
  onActivate: (desk: string) => void
  onFocusDesk: (desk: string) => void
}

const DeskCell = memo(function DeskCell({
  desk,
  occupant,
  tabbable,
  picked,
  pending,
  onKeyDown,
  onActivate,
  onFocusDesk,
}: DeskCellProps) {
  const label = `Asztal, ${deskLabel(desk)}`
  const { setNodeRef, isOver } = useDroppable({ id: deskDropId(desk), data: { label } })
  return (
    <Box
      ref={setNodeRef}
      role="gridcell"
      data-desk={desk}
      tabIndex={tabbable ? 0 : -1}
      aria-selected={picked}
      onKeyDown={(event) => onKeyDown(event, desk)}
      onClick={() => onActivate(desk)}
      onFocus={() => onFocusDesk(desk)}
      position="relative"
      minW="0"
      h="14"
      overflow="hidden"
      // A move changes what one desk shows; containment keeps the relayout inside it (fixed tracks, fixed height).
      css={{ contain: 'strict' }}
      rounded="l2"
      borderWidth="2px"
      borderStyle={occupant ? 'solid' : 'dashed'}
      data-empty={occupant ? undefined : ''}
      borderColor={isOver || picked ? 'blue.solid' : 'border.emphasized'}
      bg={isOver ? 'blue.subtle' : occupant ? 'bg.panel' : 'bg.muted'}
      color="fg"
      cursor="pointer"
      outline="none"
      _focusVisible={{ outline: '3px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' }}
    >
      {/* The name comes from the content (no aria-label: axe wants the visible name inside an aria-label). */}
      <chakra.span srOnly>
        {`${label}: ${occupant ? occupant.name : 'üres'}${picked ? ', kiválasztva' : ''}${pending ? ', elküldésre vár' : ''}`}
      </chakra.span>
      {occupant ? (
        <Occupant member={occupant} desk={desk} />
      ) : (
        <Text aria-hidden="true" fontSize="xs" color="fg.muted" textAlign="center" pt="4">
          Üres
        </Text>
      )}

      {pending && (
        <Box
          aria-hidden="true"
          position="absolute"
          top="1"
          right="1"
          boxSize="2"
          rounded="full"
          bg="orange.solid"
        />
      )}
    </Box>
  )
})

export interface DeskGridProps {
  layout: ClassroomLayout
  seats: ReadonlyMap<string, GroupMember>
  focusedDesk: string | null
  picked: string | null
  pendingDesks: ReadonlySet<string>
  gridRef: Ref<HTMLDivElement>
  onKeyDown: (event: KeyboardEvent<HTMLElement>, desk: string) => void
  onActivate: (desk: string) => void
  onFocusDesk: (desk: string) => void
}

/** The teacher's desk and the floor never change while seating: built once per layout, reused by every render. */
function seatingFixedCells(layout: ClassroomLayout): Map<string, ReactElement> {
  return fixedCells(layout, (cell, type) =>
    type === 'student' ? null : type === 'teacher' ? (
      <Flex
        key={cell}
        role="gridcell"
        minH="14"
        align="center"
        justify="center"
        rounded="l2"
        bg="orange.subtle"
        color="orange.fg"
        borderWidth="2px"
        borderColor="orange.muted"
        fontSize="xs"
        fontWeight="semibold"
        textAlign="center"
        px="1"
      >
        Tanári asztal
      </Flex>
    ) : (
      <Box key={cell} role="gridcell" minH="14" />
    ),
  )
}

/**
 * Renders fast enough for a 20 × 20 classroom at 4× CPU: the fixed cells are the same elements every time and each
 * desk is memoised on what it shows, so a move re-renders the two or three desks it changes. 'A student is picked'
 * is a data attribute on the grid that highlights the empty desks by CSS, not a prop of every desk.
 */
export const DeskGrid = memo(function DeskGrid({
  layout,
  seats,
  focusedDesk,
  picked,
  pendingDesks,
  gridRef,
  onKeyDown,
  onActivate,
  onFocusDesk,
}: DeskGridProps) {
  const [columns, rows] = layout.size
  const fixed = useMemo(() => seatingFixedCells(layout), [layout])
  const tracks = useMemo(() => roomTracks(columns), [columns])
  // The narrowest the grid gets (3.5 rem cells, 4 px gaps): a narrower box scrolls sideways, and says so (issue 18).
  const minRem = columns * 3.5 + (columns - 1) * 0.25
  return (
    <Box css={{ containerType: 'inline-size', containerName: 'seating-grid' }}>
      <Text
        data-scroll-hint=""
        display="none"
        fontSize="xs"
        color="fg.muted"
        mb="1"
        css={{ [`@container seating-grid (max-width: ${minRem}rem)`]: { display: 'block' } }}
      >
        {SCROLL_HINT}
      </Text>
      <Box overflow="auto" maxW="full" pb="1">
        <Box
          ref={gridRef}
          role="grid"
          aria-label="Terem ülésrendje"
          aria-describedby="seating-keyboard-hint"
          data-choosing={picked === null ? undefined : ''}
          display="grid"
          // Track sizes never depend on the names: minimum 3.5 rem (a finger), at most 7 rem, scrolling when wider.
          {...tracks}
          gridAutoRows="3.5rem"
          gap="4px"
          w="full"
          css={{ '&[data-choosing] [data-empty]': { borderColor: 'blue.solid', bg: 'blue.subtle' } }}
        >
          {Array.from({ length: rows }, (_, y) => (
            <Box role="row" key={y} display="contents">
              {Array.from({ length: columns }, (_, x) => {
                const cell = positionOf(x, y)
                const fixedCell = fixed.get(cell)
                if (fixedCell) return fixedCell
                const occupant = seats.get(cell)
                return (
                  <DeskCell
                    key={cell}
                    desk={cell}
                    occupant={occupant}
                    tabbable={focusedDesk === cell}
                    picked={occupant !== undefined && occupant.username === picked}
                    pending={pendingDesks.has(cell)}
                    onKeyDown={onKeyDown}
                    onActivate={onActivate}
                    onFocusDesk={onFocusDesk}
                  />
                )
              })}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  )
})

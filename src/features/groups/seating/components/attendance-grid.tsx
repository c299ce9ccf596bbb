/**
 * The room as seated, taking the register (issue 20): each occupied desk shows its pupil, the status's colour and
 * letter (J, H, K, I: colour is never the only cue) and says 'Kiss Anna: hiányzik'. A tap, Enter or Space moves the
 * pupil one step on the cycle; the arrow keys move between desks (one tab stop, an ARIA grid as the seating's).
 * Cells are 3.5 rem (56 px) square at least, as in the seating editor: a finger fits.
 */
import { Box, chakra, Flex, Text } from '@chakra-ui/react'
import { memo, useMemo, type KeyboardEvent, type ReactElement, type Ref } from 'react'
import type { AttendanceStatus, ClassroomLayout, GroupMember } from '@contract/api'
import { positionOf } from '@contract/classroom-layout'
import { statusLabel, statusLetter } from '../../attendance'

/** Colour palettes of the statuses (Chakra's semantic tokens: readable in the light and the dark theme). */
export const STATUS_PALETTE: Record<AttendanceStatus, string> = {
  present: 'green',
  absent: 'red',
  late: 'orange',
  excused: 'blue',
}

/** The status's letter in a corner badge (aria-hidden: the name says the status in words). */
export function StatusLetter({ status }: { status: AttendanceStatus | undefined }) {
  if (!status) return null
  return (
    <Box
      as="span"
      aria-hidden="true"
      colorPalette={STATUS_PALETTE[status]}
      bg="colorPalette.solid"
      color="colorPalette.contrast"
      fontSize="xs"
      fontWeight="bold"
      lineHeight="1"
      minW="5"
      px="1"
      py="0.5"
      rounded="l1"
      textAlign="center"
    >
      {statusLetter(status)}
    </Box>
  )
}

interface AttendanceDeskProps {
  desk: string
  member: GroupMember
  status: AttendanceStatus | undefined
  tabbable: boolean
  pending: boolean
  onKeyDown: (event: KeyboardEvent<HTMLElement>, desk: string) => void
  onCycle: (username: string) => void
  onFocusDesk: (desk: string) => void
}

const AttendanceDesk = memo(function AttendanceDesk({
  desk,
  member,
  status,
  tabbable,
  pending,
  onKeyDown,
  onCycle,
  onFocusDesk,
}: AttendanceDeskProps) {
  return (
    <Flex
      role="gridcell"
      data-desk={desk}
      data-status={status ?? 'unmarked'}
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={(event) => onKeyDown(event, desk)}
      onClick={() => onCycle(member.username)}
      onFocus={() => onFocusDesk(desk)}
      colorPalette={status ? STATUS_PALETTE[status] : 'gray'}
      direction="column"
      align="center"
      justify="center"
      gap="0.5"
      position="relative"
      minW="0"
      h="14"
      px="1"
      overflow="hidden"
      css={{ contain: 'strict' }}
      rounded="l2"
      borderWidth="2px"
      borderColor={status ? 'colorPalette.solid' : 'border.emphasized'}
      bg={status ? 'colorPalette.subtle' : 'bg.panel'}
      color={status ? 'colorPalette.fg' : 'fg'}
      cursor="pointer"
      userSelect="none"
      touchAction="manipulation"
      outline="none"
      _focusVisible={{ outline: '3px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' }}
    >
      <chakra.span srOnly>
        {`${member.name}: ${statusLabel(status)}${pending ? ', elküldésre vár' : ''}`}
      </chakra.span>
      <Text
        aria-hidden="true"
        fontSize="xs"
        fontWeight="semibold"
        lineHeight="1.1"
        lineClamp={2}
        textAlign="center"
        maxW="full"
      >
        {member.name}
      </Text>
      <StatusLetter status={status} />
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
    </Flex>
  )
})

export interface AttendanceGridProps {
  layout: ClassroomLayout
  seats: ReadonlyMap<string, GroupMember>
  register: ReadonlyMap<string, AttendanceStatus>
  pending: ReadonlySet<string>
  focusedDesk: string | null
  gridRef: Ref<HTMLDivElement>
  onKeyDown: (event: KeyboardEvent<HTMLElement>, desk: string) => void
  onCycle: (username: string) => void
  onFocusDesk: (desk: string) => void
}

/** The teacher's desk, the floor and the empty desks: built once per layout and seating. */
function fixedCells(
  layout: ClassroomLayout,
  seats: ReadonlyMap<string, GroupMember>,
): Map<string, ReactElement> {
  const cells = new Map<string, ReactElement>()
  const [columns, rows] = layout.size
  const types = new Map(layout.objects.map((object) => [positionOf(object.x, object.y), object.type]))
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const cell = positionOf(x, y)
      const type = types.get(cell)
      if (type === 'student' && seats.has(cell)) continue
      cells.set(
        cell,
        type === 'teacher' ? (
          <Flex
            key={cell}
            role="gridcell"
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
        ) : type === 'student' ? (
          <Flex
            key={cell}
            role="gridcell"
            align="center"
            justify="center"
            rounded="l2"
            borderWidth="2px"
            borderStyle="dashed"
            borderColor="border"
            bg="bg.muted"
            fontSize="xs"
            color="fg.muted"
          >
            Üres
          </Flex>
        ) : (
          <Box key={cell} role="gridcell" />
        ),
      )
    }
  return cells
}

export const AttendanceGrid = memo(function AttendanceGrid({
  layout,
  seats,
  register,
  pending,
  focusedDesk,
  gridRef,
  onKeyDown,
  onCycle,
  onFocusDesk,
}: AttendanceGridProps) {
  const [columns, rows] = layout.size
  const fixed = useMemo(() => fixedCells(layout, seats), [layout, seats])
  return (
    <Box overflow="auto" maxW="full" pb="1">
      <Box
        ref={gridRef}
        role="grid"
        aria-label="Jelenlét a teremben"
        aria-describedby="attendance-keyboard-hint"
        display="grid"
        gridTemplateColumns={`repeat(${columns}, minmax(3.5rem, 1fr))`}
        gridAutoRows="3.5rem"
        gap="4px"
        w="full"
        minW={`calc(${columns} * 3.5rem + ${columns - 1} * 4px)`}
        maxW={`calc(${columns} * 7rem + ${columns - 1} * 4px)`}
      >
        {Array.from({ length: rows }, (_, y) => (
          <Box role="row" key={y} display="contents">
            {Array.from({ length: columns }, (_, x) => {
              const cell = positionOf(x, y)
              const fixedCell = fixed.get(cell)
              const member = seats.get(cell)
              if (fixedCell || !member) return fixedCell
              return (
                <AttendanceDesk
                  key={cell}
                  desk={cell}
                  member={member}
                  status={register.get(member.username)}
                  tabbable={focusedDesk === cell}
                  pending={pending.has(member.username)}
                  onKeyDown={onKeyDown}
                  onCycle={onCycle}
                  onFocusDesk={onFocusDesk}
                />
              )
            })}
          </Box>
        ))}
      </Box>
    </Box>
  )
})

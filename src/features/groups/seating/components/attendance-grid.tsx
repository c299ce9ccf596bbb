/**
 * The room as seated, taking the register (issue 20): each occupied desk shows its pupil, the status's colour and
 * letter (J, H, K, I: colour is never the only cue) and says 'Kiss Anna: hiányzik'. A tap, Enter or Space moves the
 * pupil one step on the cycle; the arrow keys move between desks (one tab stop, an ARIA grid as the seating's).
 * Cells are 3.5 rem (56 px) square at least, as in the seating editor: a finger fits.
 *
 * Desks, rows and the unseated pupils' buttons are plain elements styled by `ATTENDANCE_CSS`, which the register puts
 * on a wrapper that a tap does not render again (by role, `data-part` and `data-status`): a tap costs React's diff of
 * one desk and no style resolution (Chakra resolving style props on every render was most of a tap's time at 4× CPU,
 * bench/history.md, 2026-11-27).
 */
import type { SystemStyleObject } from '@chakra-ui/react'
import { memo, useMemo, type KeyboardEvent, type ReactElement, type Ref } from 'react'
import type { AttendanceStatus, ClassroomLayout, GroupMember } from '@contract/api'
import { positionOf } from '@contract/classroom-layout'
import { touchTarget } from '@/lib/touch-target'
import { statusLabel, statusLetter } from '../../attendance'
import { fixedCells, roomTracks } from '../room-grid'

/** Colour palettes of the statuses (Chakra's semantic tokens: readable in the light and the dark theme). */
const STATUS_PALETTE: Record<AttendanceStatus, string> = {
  present: 'green',
  absent: 'red',
  late: 'orange',
  excused: 'blue',
}

const FOCUS_RING: SystemStyleObject = {
  outline: '3px solid',
  outlineColor: 'blue.focusRing',
  outlineOffset: '1px',
}

/** A status's colours on a desk or a pupil's button and on its letter, by `data-status`. */
function statusColours(): SystemStyleObject {
  const styles: Record<string, SystemStyleObject> = {}
  for (const [status, palette] of Object.entries(STATUS_PALETTE)) {
    styles[`& [data-status=${status}]`] = {
      borderColor: `${palette}.solid`,
      bg: `${palette}.subtle`,
      color: `${palette}.fg`,
    }
    styles[`& [data-status=${status}] [data-part=letter]`] = {
      bg: `${palette}.solid`,
      color: `${palette}.contrast`,
    }
  }
  return styles
}

/** The register's one stylesheet (put on an element that a tap does not render again). */
export const ATTENDANCE_CSS: SystemStyleObject = {
  '& [data-part=sr-only]': { srOnly: true },
  '& [role=grid]': { display: 'grid', gridAutoRows: '3.5rem', gap: '4px', width: 'full' },
  '& [role=grid] > [role=row]': { display: 'contents' },
  '& [data-part=desk], & [data-part=pupil]': {
    position: 'relative',
    borderWidth: '2px',
    borderColor: 'border.emphasized',
    bg: 'bg.panel',
    color: 'fg',
    rounded: 'l2',
    cursor: 'pointer',
    userSelect: 'none',
    touchAction: 'manipulation',
    outline: 'none',
    _focusVisible: FOCUS_RING,
  },
  '& [data-part=desk]': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '0.5',
    minWidth: '0',
    height: '14',
    px: '1',
    overflow: 'hidden',
    contain: 'strict',
  },
  '& [data-part=desk] [data-part=name]': {
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: '1.1',
    lineClamp: '2',
    textAlign: 'center',
    maxWidth: 'full',
  },
  '& [data-part=pupil]': {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    width: 'full',
    minHeight: '11',
    px: '3',
    py: '2',
    textAlign: 'start',
    ...touchTarget,
  },
  '& [data-part=pupil] [data-part=name]': { flex: '1', fontSize: 'sm', fontWeight: 'medium' },
  '& [data-part=letter]': {
    fontSize: 'xs',
    fontWeight: 'bold',
    lineHeight: '1',
    minWidth: '5',
    px: '1',
    py: '0.5',
    rounded: 'l1',
    textAlign: 'center',
  },
  '& [data-part=waiting]': { width: '2', height: '2', rounded: 'full', bg: 'orange.solid', flex: 'none' },
  '& [data-part=desk] [data-part=waiting]': { position: 'absolute', top: '1', right: '1' },
  '& [data-part=teacher], & [data-part=empty]': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    rounded: 'l2',
    borderWidth: '2px',
    fontSize: 'xs',
    textAlign: 'center',
    px: '1',
  },
  '& [data-part=teacher]': {
    bg: 'orange.subtle',
    color: 'orange.fg',
    borderColor: 'orange.muted',
    fontWeight: 'semibold',
  },
  '& [data-part=empty]': { borderStyle: 'dashed', borderColor: 'border', bg: 'bg.muted', color: 'fg.muted' },
  ...statusColours(),
}

/** A pupil's name, status and waiting mark, as a desk and an unseated pupil's button show them. */
export function PupilMark({
  member,
  status,
  waiting,
}: {
  member: GroupMember
  status: AttendanceStatus | undefined
  waiting: boolean
}) {
  return (
    <>
      <span data-part="sr-only">{`${member.name}: ${statusLabel(status)}${waiting ? ', elküldésre vár' : ''}`}</span>
      <span data-part="name" aria-hidden="true">
        {member.name}
      </span>
      {status && (
        <span data-part="letter" aria-hidden="true">
          {statusLetter(status)}
        </span>
      )}
      {waiting && <span data-part="waiting" aria-hidden="true" />}
    </>
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
    <div
      role="gridcell"
      data-part="desk"
      data-desk={desk}
      data-status={status ?? 'unmarked'}
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={(event) => onKeyDown(event, desk)}
      onClick={() => onCycle(member.username)}
      onFocus={() => onFocusDesk(desk)}
    >
      <PupilMark member={member} status={status} waiting={pending} />
    </div>
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

const SCROLL_STYLE = { overflow: 'auto', maxWidth: '100%', paddingBottom: '0.25rem' } as const

/** The teacher's desk, the floor and the empty desks: built once per layout and seating. */
function attendanceFixedCells(
  layout: ClassroomLayout,
  seats: ReadonlyMap<string, GroupMember>,
): Map<string, ReactElement> {
  return fixedCells(layout, (cell, type) =>
    type === 'teacher' ? (
      <div key={cell} role="gridcell" data-part="teacher">
        Tanári asztal
      </div>
    ) : type === 'student' ? (
      seats.has(cell) ? null : (
        <div key={cell} role="gridcell" data-part="empty">
          Üres
        </div>
      )
    ) : (
      <div key={cell} role="gridcell" />
    ),
  )
}

/** One row of the room: its cells in order, each a fixed cell or a seated desk (built once per layout and seating). */
type RoomRow = readonly (ReactElement | { desk: string; member: GroupMember })[]

function roomRows(layout: ClassroomLayout, seats: ReadonlyMap<string, GroupMember>): RoomRow[] {
  const fixed = attendanceFixedCells(layout, seats)
  const [columns, rows] = layout.size
  return Array.from({ length: rows }, (_, y) => {
    const row: (ReactElement | { desk: string; member: GroupMember })[] = []
    for (let x = 0; x < columns; x++) {
      const cell = positionOf(x, y)
      const fixedCell = fixed.get(cell)
      const member = seats.get(cell)
      if (fixedCell) row.push(fixedCell)
      else if (member) row.push({ desk: cell, member })
    }
    return row
  })
}

/** What a row shows that a tap can change: each desk's status, waiting mark and tab stop. */
function rowState(
  row: RoomRow,
  register: ReadonlyMap<string, AttendanceStatus>,
  pending: ReadonlySet<string>,
  focusedDesk: string | null,
): string {
  let state = ''
  for (const cell of row) {
    if (!('desk' in cell)) continue
    const username = cell.member.username
    state += `${register.get(username) ?? '-'}${pending.has(username) ? '*' : ''}${cell.desk === focusedDesk ? '^' : ''},`
  }
  return state
}

interface AttendanceRowProps {
  row: RoomRow
  /** rowState of the row: the row renders again only when it changes (the register and the set change each tap). */
  state: string
  register: ReadonlyMap<string, AttendanceStatus>
  pending: ReadonlySet<string>
  focusedDesk: string | null
  onKeyDown: (event: KeyboardEvent<HTMLElement>, desk: string) => void
  onCycle: (username: string) => void
  onFocusDesk: (desk: string) => void
}

const AttendanceRow = memo(
  function AttendanceRow({
    row,
    register,
    pending,
    focusedDesk,
    onKeyDown,
    onCycle,
    onFocusDesk,
  }: AttendanceRowProps) {
    return (
      <div role="row">
        {row.map((cell) =>
          'desk' in cell ? (
            <AttendanceDesk
              key={cell.desk}
              desk={cell.desk}
              member={cell.member}
              status={register.get(cell.member.username)}
              tabbable={focusedDesk === cell.desk}
              pending={pending.has(cell.member.username)}
              onKeyDown={onKeyDown}
              onCycle={onCycle}
              onFocusDesk={onFocusDesk}
            />
          ) : (
            cell
          ),
        )}
      </div>
    )
  },
  (before, after) =>
    before.state === after.state &&
    before.row === after.row &&
    before.onKeyDown === after.onKeyDown &&
    before.onCycle === after.onCycle &&
    before.onFocusDesk === after.onFocusDesk,
)

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
  const rows = useMemo(() => roomRows(layout, seats), [layout, seats])
  const gridStyle = useMemo(() => roomTracks(layout.size[0]), [layout])
  return (
    <div style={SCROLL_STYLE}>
      <div
        ref={gridRef}
        role="grid"
        aria-label="Jelenlét a teremben"
        aria-describedby="attendance-keyboard-hint"
        style={gridStyle}
      >
        {rows.map((row, y) => (
          <AttendanceRow
            key={y}
            row={row}
            state={rowState(row, register, pending, focusedDesk)}
            register={register}
            pending={pending}
            focusedDesk={focusedDesk}
            onKeyDown={onKeyDown}
            onCycle={onCycle}
            onFocusDesk={onFocusDesk}
          />
        ))}
      </div>
    </div>
  )
})

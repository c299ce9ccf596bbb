/**
 * 'Jelenlét' (issue 20, beyond the spec): the day's register taken on the room as seated. A tap, Enter or Space on a
 * desk (or on an unseated pupil's button beside the room) moves the pupil one step on the cycle (attendance.ts);
 * 'Mindenki jelen' marks everyone still unmarked present; the totals per status show above. Every change saves the
 * WHOLE day's register through the outbox (idempotent, the last one wins), so a register taken offline shows as
 * waiting and arrives once, after the seating moves queued before it. Without a layout, every member is in the list.
 * 'Megjegyzés' opens a dialog setting or clearing a marked pupil's note (saved the same way; the desks are untouched).
 */
import { Box, Button, type SystemStyleObject } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { CheckCheck, MessageSquareText } from 'lucide-react'
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { AttendanceEntry, AttendanceStatus, ClassroomLayout, Group, GroupMember } from '@contract/api'
import { studentDesks } from '@contract/classroom-layout'
import { ListState } from '@/components/list-state'
import { OfflineMarker } from '@/components/offline-marker'
import {
  attendanceTotals,
  cycleStatus,
  entriesOf,
  markAllPresent,
  registerOf,
  statusLabel,
  totalsLine,
  withNote,
  type Register,
} from '../attendance'
import { useAttendance, useSaveAttendance } from '../api/attendance'
import { seatingQuery, useSaveSeating } from './api/seating'
import { ATTENDANCE_CSS, AttendanceGrid, PupilMark } from './components/attendance-grid'
import { AttendanceNoteDialog } from './components/attendance-note-dialog'
import { arrowMove, focusDeskCell } from './room-grid'
import { seatingView } from './seating'

export const ATTENDANCE_WORDS = {
  loading: 'Jelenlét betöltése...',
  loadFailed: 'Hiba történt a jelenlét betöltése közben.',
  keyboardHint:
    'Koppints egy diákra, vagy nyomj Entert vagy szóközt: jelen → hiányzik → késett → igazolt → nincs jelölve. Asztalok között a nyilakkal lépkedhetsz.',
} as const

const NO_ENTRIES: AttendanceEntry[] = []
const NO_SEATS: ReadonlyMap<string, GroupMember> = new Map()

/** Runs `task` after the next frame is painted (the tap shows before the IndexedDB write starts). */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0))
}

export interface AttendanceRegisterProps {
  group: Group
  /** The classroom's layout; null: no room to show, every member is listed. */
  layout: ClassroomLayout | null
  /** 'YYYY-MM-DD': the school's today. */
  day: string
}

/** The register's own parts beside the grid's stylesheet: the toolbar, the hint, the room and the list beside it. */
const REGISTER_CSS: SystemStyleObject = {
  ...ATTENDANCE_CSS,
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  minHeight: '0',
  flex: '1',
  '& [data-part=toolbar]': { display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' },
  '& [data-part=toolbar-end]': {
    display: 'flex',
    gap: '2',
    marginStart: 'auto',
    alignItems: 'center',
    flexWrap: 'wrap',
  },
  '& [data-part=totals]': { fontSize: 'sm', fontWeight: 'medium' },
  // Chakra's orange Badge (size lg), kept in the DOM and hidden rather than mounted per tap.
  '& [data-part=waiting-badge]': {
    display: 'inline-flex',
    alignItems: 'center',
    fontSize: 'sm',
    fontWeight: 'medium',
    lineHeight: '1.25rem',
    px: '2.5',
    minHeight: '7',
    rounded: 'l2',
    bg: 'orange.subtle',
    color: 'orange.fg',
    whiteSpace: 'nowrap',
  },
  '& [data-part=waiting-badge][hidden]': { display: 'none' },
  '& [data-part=hint]': { fontSize: 'xs', color: 'fg.muted' },
  '& [data-part=room-and-list]': {
    display: 'flex',
    flexDirection: { base: 'column', lg: 'row' },
    gap: '4',
    alignItems: { lg: 'flex-start' },
    minHeight: '0',
  },
  '& [data-part=unseated]': { width: { base: 'full', lg: '15rem' }, flex: 'none' },
  '& [data-part=unseated] h3': { fontSize: 'sm', fontWeight: 'semibold', marginBottom: '2' },
  '& [data-part=unseated] ul': {
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
    listStyleType: 'none',
  },
  '& [data-part=room]': { flex: '1', minWidth: '0' },
}

const HINT = (
  <p id="attendance-keyboard-hint" data-part="hint">
    {ATTENDANCE_WORDS.keyboardHint}
  </p>
)

/**
 * The register, styled once: the wrapper with the stylesheet renders only when the dialog does, and every tap renders
 * the plain elements inside it (no Chakra style resolution per tap but the two controls whose props changed).
 */
export function AttendanceRegister(props: AttendanceRegisterProps) {
  return (
    <Box css={REGISTER_CSS}>
      <RegisterBody {...props} />
    </Box>
  )
}

const AllPresentButton = memo(function AllPresentButton({
  disabled,
  onClick,
}: {
  disabled: boolean
  onClick: () => void
}) {
  // Green's solid shade (green.600) gives white text 3.3:1; green.700 gives 5:1 (WCAG AA).
  return (
    <Button
      colorPalette="green"
      bg="green.700"
      _hover={{ bg: 'green.800' }}
      onClick={onClick}
      disabled={disabled}
    >
      <CheckCheck aria-hidden />
      Mindenki jelen
    </Button>
  )
})

const RegisterOfflineMarker = memo(OfflineMarker)

function RegisterBody({ group, layout, day }: AttendanceRegisterProps) {
  const query = useAttendance(group.id, day)
  const save = useSaveAttendance(group.id, day)
  const shown = save.withPending(query.data)
  // The register of a tap whose write is being stored: shown at once, before the outbox has it.
  const [local, setLocal] = useState<Register | null>(null)
  const saved = useMemo(() => registerOf(shown?.entries ?? NO_ENTRIES), [shown])
  const register = local ?? saved
  const members = group.members
  const usernames = useMemo(() => members.map((member) => member.username), [members])

  // The room as seated, with the seating moves still waiting to be sent.
  const seating = useQuery({ ...seatingQuery(group.classroom, group.id), enabled: layout !== null })
  const seatingShown = useSaveSeating(group.classroom, group.id).withPending(seating.data)
  const view = useMemo(
    () => (layout ? seatingView(layout, members, seatingShown?.positions ?? []) : null),
    [layout, members, seatingShown],
  )
  const seats = view?.seats ?? NO_SEATS
  const unseated = view?.unplaced ?? members
  const desks = useMemo(
    () => (layout ? studentDesks(layout).filter((desk) => seats.has(desk)) : []),
    [layout, seats],
  )

  const [focusedDesk, setFocusedDesk] = useState<string | null>(null)
  const [message, setMessage] = useState('')
  const gridRef = useRef<HTMLDivElement>(null)

  // Pupils whose status differs from the server's answer while writes wait: marked 'elküldésre vár'.
  const pending = useMemo(() => {
    if (save.pending.length === 0 && local === null) return new Set<string>()
    const confirmed = registerOf(query.data?.entries ?? NO_ENTRIES)
    return new Set(usernames.filter((username) => confirmed.get(username) !== register.get(username)))
  }, [save.pending.length, local, query.data, usernames, register])

  const totals = useMemo(() => attendanceTotals(register, usernames), [register, usernames])
  const { mutate } = save

  const latest = useRef({ register, usernames, members, previous: shown?.entries ?? NO_ENTRIES, desks })
  latest.current = { register, usernames, members, previous: shown?.entries ?? NO_ENTRIES, desks }

  const commit = useCallback(
    (next: Register) => {
      const { usernames, previous } = latest.current
      setLocal(next)
      const settle = () => setLocal((current) => (current === next ? null : current))
      afterPaint(() => mutate(entriesOf(next, usernames, previous)).then(settle, settle))
    },
    [mutate],
  )

  const cycle = useCallback(
    (username: string) => {
      const { register, members } = latest.current
      const next = cycleStatus(register, username)
      commit(next)
      const name = members.find((member) => member.username === username)?.name ?? username
      setMessage(`${name}: ${statusLabel(next.get(username))}`)
    },
    [commit],
  )

  const allPresent = useCallback(() => {
    const { register, usernames } = latest.current
    const next = markAllPresent(register, usernames)
    commit(next)
    setMessage('Mindenki jelen, aki még nem volt jelölve.')
  }, [commit])

  // 'Megjegyzés': the whole day again, with the pupil's note set or cleared (the statuses as shown).
  const [writingNote, setWritingNote] = useState(false)
  const saveNote = useCallback(
    (student: string, note: string) => {
      const { register, usernames, previous } = latest.current
      return mutate(entriesOf(register, usernames, withNote(previous, student, note)))
    },
    [mutate],
  )
  const marked = useMemo(() => members.filter((member) => register.has(member.username)), [members, register])

  const focusDesk = useCallback((desk: string) => {
    setFocusedDesk(desk)
    focusDeskCell(gridRef.current, desk)
  }, [])

  const onDeskKey = useCallback(
    (event: KeyboardEvent<HTMLElement>, desk: string) => {
      const next = arrowMove(event, latest.current.desks, desk)
      if (next !== undefined) {
        if (next) focusDesk(next)
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault()
        const member = seats.get(desk)
        if (member) cycle(member.username)
      }
    },
    [cycle, focusDesk, seats],
  )

  const openNote = useCallback(() => setWritingNote(true), [])

  // The room waits for its seating (a seating that fails to load leaves every member in the list). The fields are
  // named, not spread: a spread reads every field of the query's result, and TanStack then renders the register on
  // each change of any of them (a refetch's start and end after every tap's save). isFetching matters to an error.
  const shownQuery = {
    isPending: query.isPending || (layout !== null && seating.isPending),
    isError: query.isError,
    isFetching: query.isError && query.isFetching,
    data: query.data,
    refetch: query.refetch,
  }

  return (
    <ListState
      query={shownQuery}
      count={1}
      words={{
        loading: ATTENDANCE_WORDS.loading,
        error: ATTENDANCE_WORDS.loadFailed,
        empty: { title: '', description: '' },
      }}
    >
      <div data-part="toolbar">
        <AllPresentButton onClick={allPresent} disabled={totals.unmarked === 0} />
        <NoteButton onClick={openNote} disabled={marked.length === 0} />
        <div data-part="toolbar-end">
          <span data-part="waiting-badge" hidden={save.pending.length === 0 && local === null}>
            Elküldésre vár
          </span>
          <p data-part="totals" data-attendance-totals="">
            {totalsLine(totals)}
          </p>
        </div>
      </div>
      <RegisterOfflineMarker updatedAt={query.data?.date ?? null} />
      {HINT}
      <div data-part="sr-only" aria-live="assertive" aria-atomic="true">
        {message}
      </div>

      <div data-part="room-and-list">
        {unseated.length > 0 && (
          <div data-part="unseated">
            <UnseatedList members={unseated} register={register} pending={pending} onCycle={cycle} />
          </div>
        )}
        {layout && desks.length > 0 && (
          <div data-part="room">
            <AttendanceGrid
              layout={layout}
              seats={seats}
              register={register}
              pending={pending}
              focusedDesk={focusedDesk ?? desks[0] ?? null}
              gridRef={gridRef}
              onKeyDown={onDeskKey}
              onCycle={cycle}
              onFocusDesk={setFocusedDesk}
            />
          </div>
        )}
      </div>
      {writingNote && (
        <AttendanceNoteDialog
          pupils={marked}
          entries={shown?.entries ?? NO_ENTRIES}
          onClose={() => setWritingNote(false)}
          onSave={saveNote}
        />
      )}
    </ListState>
  )
}

const NoteButton = memo(function NoteButton({
  disabled,
  onClick,
}: {
  disabled: boolean
  onClick: () => void
}) {
  return (
    <Button variant="outline" onClick={onClick} disabled={disabled}>
      <MessageSquareText aria-hidden />
      Megjegyzés
    </Button>
  )
})

interface UnseatedListProps {
  members: readonly GroupMember[]
  register: ReadonlyMap<string, AttendanceStatus>
  pending: ReadonlySet<string>
  onCycle: (username: string) => void
}

/** The members without a desk, beside the room: each a button that cycles as a desk does. */
const UnseatedList = memo(function UnseatedList({ members, register, pending, onCycle }: UnseatedListProps) {
  return (
    <section aria-labelledby="attendance-unseated">
      <h3 id="attendance-unseated">{`Nincs leültetve (${members.length})`}</h3>
      <ul>
        {members.map((member) => {
          const status = register.get(member.username)
          return (
            <li key={member.username}>
              <button
                type="button"
                data-part="pupil"
                data-status={status ?? 'unmarked'}
                onClick={() => onCycle(member.username)}
              >
                <PupilMark member={member} status={status} waiting={pending.has(member.username)} />
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
})

/**
 * 'Jelenlét' (issue 20, beyond the spec): the day's register taken on the room as seated. A tap, Enter or Space on a
 * desk (or on an unseated pupil's button beside the room) moves the pupil one step on the cycle (attendance.ts);
 * 'Mindenki jelen' marks everyone still unmarked present; the totals per status show above. Every change saves the
 * WHOLE day's register through the outbox (idempotent, the last one wins), so a register taken offline shows as
 * waiting and arrives once, after the seating moves queued before it. Without a layout, every member is in the list.
 */
import { Badge, Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { CheckCheck } from 'lucide-react'
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { AttendanceEntry, AttendanceStatus, ClassroomLayout, Group, GroupMember } from '@contract/api'
import { studentDesks } from '@contract/classroom-layout'
import { ListState } from '@/components/list-state'
import { OfflineMarker } from '@/components/offline-marker'
import { touchTarget } from '@/lib/touch-target'
import {
  attendanceTotals,
  cycleStatus,
  entriesOf,
  markAllPresent,
  registerOf,
  statusLabel,
  totalsLine,
  type Register,
} from '../attendance'
import { useAttendance, useSaveAttendance } from '../api/attendance'
import { seatingQuery, useSaveSeating } from './api/seating'
import { AttendanceGrid, STATUS_PALETTE, StatusLetter } from './components/attendance-grid'
import { nextDesk, seatingView, type Direction } from './seating'

export const ATTENDANCE_WORDS = {
  loading: 'Jelenlét betöltése...',
  loadFailed: 'Hiba történt a jelenlét betöltése közben.',
  keyboardHint:
    'Koppints egy diákra, vagy nyomj Entert vagy szóközt: jelen → hiányzik → késett → igazolt → nincs jelölve. Asztalok között a nyilakkal lépkedhetsz.',
} as const

const NO_ENTRIES: AttendanceEntry[] = []
const NO_SEATS: ReadonlyMap<string, GroupMember> = new Map()

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
}

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

export function AttendanceRegister({ group, layout, day }: AttendanceRegisterProps) {
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

  const focusDesk = useCallback((desk: string) => {
    setFocusedDesk(desk)
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-desk="${desk}"]`)
    cell?.focus({ preventScroll: true })
    cell?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [])

  const onDeskKey = useCallback(
    (event: KeyboardEvent<HTMLElement>, desk: string) => {
      const direction = ARROWS[event.key]
      if (direction) {
        event.preventDefault()
        const next = nextDesk(latest.current.desks, desk, direction)
        if (next) focusDesk(next)
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault()
        const member = seats.get(desk)
        if (member) cycle(member.username)
      }
    },
    [cycle, focusDesk, seats],
  )

  // The room waits for its seating (a seating that fails to load leaves every member in the list).
  const shownQuery = { ...query, isPending: query.isPending || (layout !== null && seating.isPending) }

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
      <Flex direction="column" gap="3" minH="0" flex="1">
        <Flex gap="2" wrap="wrap" align="center">
          <Button colorPalette="green" onClick={allPresent} disabled={totals.unmarked === 0}>
            <CheckCheck aria-hidden />
            Mindenki jelen
          </Button>
          <Flex gap="2" ms="auto" align="center" wrap="wrap">
            {(save.pending.length > 0 || local !== null) && (
              <Badge colorPalette="orange" size="lg">
                Elküldésre vár
              </Badge>
            )}
            <Text fontSize="sm" fontWeight="medium" data-attendance-totals="">
              {totalsLine(totals)}
            </Text>
          </Flex>
        </Flex>
        <OfflineMarker updatedAt={query.data?.date ?? null} />
        <Text id="attendance-keyboard-hint" fontSize="xs" color="fg.muted">
          {ATTENDANCE_WORDS.keyboardHint}
        </Text>
        <Box aria-live="assertive" aria-atomic="true" srOnly bg="bg.panel" color="fg">
          {message}
        </Box>

        <Flex direction={{ base: 'column', lg: 'row' }} gap="4" align={{ lg: 'flex-start' }} minH="0">
          {unseated.length > 0 && (
            <Box w={{ base: 'full', lg: '15rem' }} flex="none">
              <UnseatedList members={unseated} register={register} pending={pending} onCycle={cycle} />
            </Box>
          )}
          {layout && desks.length > 0 && (
            <Box flex="1" minW="0">
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
            </Box>
          )}
        </Flex>
      </Flex>
    </ListState>
  )
}

interface UnseatedListProps {
  members: readonly GroupMember[]
  register: ReadonlyMap<string, AttendanceStatus>
  pending: ReadonlySet<string>
  onCycle: (username: string) => void
}

/** The members without a desk, beside the room: each a button that cycles as a desk does. */
const UnseatedList = memo(function UnseatedList({ members, register, pending, onCycle }: UnseatedListProps) {
  return (
    <Box as="section" aria-labelledby="attendance-unseated">
      <Heading as="h3" size="sm" id="attendance-unseated" mb="2">
        {`Nincs leültetve (${members.length})`}
      </Heading>
      <Flex as="ul" direction="column" gap="1.5" listStyleType="none">
        {members.map((member) => {
          const status = register.get(member.username)
          const waiting = pending.has(member.username)
          return (
            <li key={member.username}>
              <chakra.button
                type="button"
                data-status={status ?? 'unmarked'}
                onClick={() => onCycle(member.username)}
                colorPalette={status ? STATUS_PALETTE[status] : 'gray'}
                display="flex"
                alignItems="center"
                gap="2"
                w="full"
                minH="11"
                px="3"
                py="2"
                rounded="l2"
                borderWidth="2px"
                borderColor={status ? 'colorPalette.solid' : 'border.emphasized'}
                bg={status ? 'colorPalette.subtle' : 'bg.panel'}
                color={status ? 'colorPalette.fg' : 'fg'}
                textAlign="start"
                cursor="pointer"
                touchAction="manipulation"
                _focusVisible={{ outline: '3px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' }}
                css={touchTarget}
              >
                <chakra.span srOnly>
                  {`${member.name}: ${statusLabel(status)}${waiting ? ', elküldésre vár' : ''}`}
                </chakra.span>
                <Text as="span" aria-hidden="true" flex="1" fontSize="sm" fontWeight="medium">
                  {member.name}
                </Text>
                <StatusLetter status={status} />
                {waiting && <Box aria-hidden="true" boxSize="2" rounded="full" bg="orange.solid" />}
              </chakra.button>
            </li>
          )
        })}
      </Flex>
    </Box>
  )
})

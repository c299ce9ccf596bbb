/**
 * The seating editor (spec §4 Seating): unplaced students on the left, the classroom's desks on the right. A student
 * is dragged onto a desk with a mouse, a finger (long press) or moved with the keyboard (pick, arrows, Enter); a tap
 * on a student and then on a desk works too. Every move saves the WHOLE seating through the outbox, so moves made
 * offline arrive in order and the last one wins. Beyond the spec (BraydenSCE v2): undo, random seating and printing.
 */
import { Box, Flex, Text } from '@chakra-ui/react'
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'
import { flushSync } from 'react-dom'
import type { ClassroomLayout, Group, GroupMember, SeatPosition } from '@contract/api'
import { studentDesks } from '@contract/classroom-layout'
import { weekdayName } from '@contract/weekdays'
import { ListState } from '@/components/list-state'
import { OfflineMarker } from '@/components/offline-marker'
import { useSaveSeating, useSeating } from './api/seating'
import { DeskGrid } from './components/desk-grid'
import { SeatingPrint } from './components/seating-print'
import { SeatingToolbar } from './components/seating-toolbar'
import { TOUCH_HOLD } from './components/press-lift'
import { StudentChip } from './components/student-chip'
import { UnplacedPanel, UNPLACED_ID } from './components/unplaced-panel'
import {
  KEYBOARD_HINT,
  seatingAnnouncements,
  TOUCH_HINT,
  seatingScreenReaderInstructions,
} from './seating-announcements'
import { arrowMove, focusDeskCell } from './room-grid'
import {
  deskLabel,
  placeStudent,
  popUndo,
  pushUndo,
  randomSeating,
  sameSeating,
  seatingView,
  unplaceStudent,
  type UndoStack,
} from './seating'

export const SEATING_MESSAGES = {
  loading: 'Ülésrend betöltése...',
  loadFailed: 'Hiba történt az ülésrend betöltése közben.',
} as const

const NO_POSITIONS: SeatPosition[] = []

/** Runs `task` after the next frame is painted (a frame, then a task: the paint is not waiting for it). */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0))
}

/** dnd-kit's pointer sensor for the mouse and the pen only: a finger goes to the touch sensor (long press). */
class MouseAndPenSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: PointerEvent) =>
        nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== 'touch',
    },
  ]
}

const MOUSE_OPTIONS = { activationConstraint: { distance: 6 } }
const TOUCH_OPTIONS = { activationConstraint: TOUCH_HOLD }
const ACCESSIBILITY = {
  announcements: seatingAnnouncements,
  screenReaderInstructions: seatingScreenReaderInstructions,
}

/** The desk under the finger or pointer; a rectangle overlap when the pointer is between cells (the 4 px gap). */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args)
  return within.length > 0 ? within : rectIntersection(args)
}

export interface SeatingEditorProps {
  group: Group
  layout: ClassroomLayout
  /** Told whether a student is picked (the dialog keeps Escape for cancelling the pick then). */
  onPickingChange?: (picking: boolean) => void
}

export function SeatingEditor({ group, layout, onPickingChange }: SeatingEditorProps) {
  const query = useSeating(group.classroom, group.id)
  const save = useSaveSeating(group.classroom, group.id)
  const shown = save.withPending(query.data)
  // The seating of a move whose write is being stored: shown at once, before the outbox has it.
  const [local, setLocal] = useState<SeatPosition[] | null>(null)
  const positions = local ?? shown?.positions ?? NO_POSITIONS
  const members = group.members
  const view = useMemo(() => seatingView(layout, members, positions), [layout, members, positions])
  const desks = useMemo(() => studentDesks(layout), [layout])
  const freeDesks = desks.length - view.seats.size

  const [undo, setUndo] = useState<UndoStack>([])
  const [picked, setPicked] = useState<string | null>(null)
  const [focusedDesk, setFocusedDesk] = useState<string | null>(() => desks[0] ?? null)
  const [message, setMessage] = useState('')
  const [dragging, setDragging] = useState<GroupMember | null>(null)
  const [printing, setPrinting] = useState(false)
  const gridRef = useRef<HTMLDivElement>(null)

  useEffect(() => onPickingChange?.(picked !== null), [picked, onPickingChange])

  // Desks whose student differs from the server's answer while writes wait: marked 'elküldésre vár'.
  const pendingDesks = useMemo(() => {
    if (save.pending.length === 0 && local === null) return new Set<string>()
    const confirmed = seatingView(layout, members, query.data?.positions ?? NO_POSITIONS).seats
    const changed = new Set<string>()
    for (const desk of desks) if (confirmed.get(desk) !== view.seats.get(desk)) changed.add(desk)
    return changed
  }, [save.pending.length, local, layout, members, query.data, desks, view.seats])

  const byUsername = useMemo(() => new Map(members.map((member) => [member.username, member])), [members])
  const nameOf = useCallback((username: string) => byUsername.get(username)?.name ?? username, [byUsername])

  const { mutate } = save

  /** Saves `next` as the whole seating; `before` goes onto the undo stack unless this is an undo. */
  const commit = useCallback(
    (next: SeatPosition[], before: SeatPosition[] | null) => {
      if (before !== null) {
        if (sameSeating(next, before)) return
        setUndo((stack) => pushUndo(stack, before))
      }
      setLocal(next)
      const settle = () => setLocal((current) => (current === next ? null : current))
      // The grid shows the move from `local` at once; storing and sending it waits until that frame is painted,
      // so the IndexedDB write and the outbox's re-render never delay what the finger sees. Moves keep their order.
      // The toasts come from the save's messages (api/seating.ts), also when it could not be stored.
      afterPaint(() => mutate(next).then(settle, settle))
    },
    [mutate],
  )

  // The latest view for the stable handlers below (memoised desks keep their props, so a move re-renders two cells).
  const latest = useRef({ view, picked, focusedDesk, desks, commit, nameOf, undo })
  latest.current = { view, picked, focusedDesk, desks, commit, nameOf, undo }

  const seat = useCallback((username: string, desk: string) => {
    const { view, commit, nameOf } = latest.current
    const occupant = view.seats.get(desk)
    commit(placeStudent(view.positions, username, desk), view.positions)
    setMessage(
      occupant && occupant.username !== username
        ? `${nameOf(username)} leültetve: ${deskLabel(desk)}. ${occupant.name} visszakerült a listába.`
        : `${nameOf(username)} leültetve: ${deskLabel(desk)}.`,
    )
  }, [])

  const unseat = useCallback((username: string) => {
    const { view, commit, nameOf } = latest.current
    commit(unplaceStudent(view.positions, username), view.positions)
    setMessage(`${nameOf(username)} visszakerült a listába.`)
  }, [])

  const focusDesk = useCallback((desk: string) => {
    setFocusedDesk(desk)
    focusDeskCell(gridRef.current, desk)
  }, [])

  const pick = useCallback(
    (username: string) => {
      const { picked, view, desks, focusedDesk, nameOf } = latest.current
      if (picked === username) {
        setPicked(null)
        setMessage('Kiválasztás megszüntetve.')
        return
      }
      setPicked(username)
      setMessage(`${nameOf(username)} kiválasztva. Válassz asztalt a nyilakkal, majd nyomd meg az Entert.`)
      // From the list, the keyboard continues on a free desk.
      if (![...view.seats.values()].some((member) => member.username === username)) {
        const free = desks.find((desk) => !view.seats.has(desk)) ?? focusedDesk
        if (free) focusDesk(free)
      }
    },
    [focusDesk],
  )

  const activateDesk = useCallback(
    (desk: string) => {
      const { picked, view } = latest.current
      setFocusedDesk(desk)
      if (picked) {
        setPicked(null)
        seat(picked, desk)
        return
      }
      const occupant = view.seats.get(desk)
      if (occupant) pick(occupant.username)
    },
    [seat, pick],
  )

  const onDeskKey = useCallback(
    (event: KeyboardEvent<HTMLElement>, desk: string) => {
      const next = arrowMove(event, latest.current.desks, desk)
      if (next !== undefined) {
        if (next) focusDesk(next)
        return
      }
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault()
        activateDesk(desk)
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault()
        const occupant = latest.current.view.seats.get(desk)
        if (occupant) {
          setPicked(null)
          unseat(occupant.username)
        }
      } else if (event.key === 'Escape' && latest.current.picked) {
        event.preventDefault()
        setPicked(null)
        setMessage('Kiválasztás megszüntetve.')
      }
    },
    [activateDesk, focusDesk, unseat],
  )

  const pickedSeated = picked !== null && view.unplaced.every((member) => member.username !== picked)

  // Options by identity: new objects would make new sensors, and every draggable and desk re-render each time.
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, MOUSE_OPTIONS),
    useSensor(TouchSensor, TOUCH_OPTIONS),
  )

  function onDragStart(event: DragStartEvent) {
    setPicked(null)
    setDragging(byUsername.get(String(event.active.data.current?.username)) ?? null)
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragging(null)
    const username = String(active.data.current?.username ?? '')
    const from = (active.data.current?.from as string | null | undefined) ?? null
    if (!over || !username) return
    const target = String(over.id)
    if (target === UNPLACED_ID) {
      if (from !== null) unseat(username)
    } else if (target.startsWith('desk:')) {
      const desk = target.slice('desk:'.length)
      if (desk !== from) seat(username, desk)
    }
  }

  const undoLast = useCallback(() => {
    const { undo, commit } = latest.current
    const previous = popUndo(undo)
    if (!previous) return
    setUndo(previous.stack)
    setPicked(null)
    commit([...previous.seating], null)
    setMessage('Az utolsó lépés visszavonva.')
  }, [])

  const seatRandomly = useCallback(() => {
    const { view, commit } = latest.current
    const next = randomSeating(layout, members, view.positions)
    setPicked(null)
    commit(next, view.positions)
    setMessage(`${next.length - view.positions.length} diák véletlenszerűen leültetve.`)
  }, [layout, members])

  // 'Nyomtatás' and the browser's own print command both print the chart.
  const print = useCallback(() => {
    flushSync(() => setPrinting(true))
    window.print()
    setPrinting(false)
  }, [])

  const unplacePicked = useCallback(() => {
    const { picked } = latest.current
    if (!picked) return
    setPicked(null)
    unseat(picked)
  }, [unseat])

  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true))
    const after = () => setPrinting(false)
    window.addEventListener('beforeprint', before)
    window.addEventListener('afterprint', after)
    return () => {
      window.removeEventListener('beforeprint', before)
      window.removeEventListener('afterprint', after)
    }
  }, [])

  return (
    <ListState
      query={query}
      count={1}
      words={{
        loading: SEATING_MESSAGES.loading,
        error: SEATING_MESSAGES.loadFailed,
        empty: { title: '', description: '' },
      }}
    >
      <Flex direction="column" gap="3" minH="0" flex="1">
        <SeatingToolbar
          canUndo={undo.length > 0}
          canSeatRandomly={view.unplaced.length > 0 && freeDesks > 0}
          waiting={save.pending.length > 0 || local !== null}
          seated={view.seats.size}
          desks={desks.length}
          onUndo={undoLast}
          onSeatRandomly={seatRandomly}
          onPrint={print}
        />
        <OfflineMarker updatedAt={query.data?.date ?? null} />
        <Text id="seating-touch-hint" fontSize="xs" color="fg.muted">
          {TOUCH_HINT}
        </Text>
        <Text id="seating-keyboard-hint" fontSize="xs" color="fg.muted">
          {KEYBOARD_HINT}
        </Text>
        <Box aria-live="assertive" aria-atomic="true" srOnly bg="bg.panel" color="fg">
          {message}
        </Box>

        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={ACCESSIBILITY}
        >
          <Flex direction={{ base: 'column', lg: 'row' }} gap="4" align={{ lg: 'flex-start' }} minH="0">
            <Box w={{ base: 'full', lg: '15rem' }} flex="none">
              <UnplacedPanel
                unplaced={view.unplaced}
                picked={picked}
                pickedSeatedName={pickedSeated && picked ? nameOf(picked) : null}
                onPick={pick}
                onUnplacePicked={unplacePicked}
              />
            </Box>
            <Box flex="1" minW="0">
              <DeskGrid
                layout={layout}
                seats={view.seats}
                focusedDesk={focusedDesk}
                picked={picked}
                pendingDesks={pendingDesks}
                gridRef={gridRef}
                onKeyDown={onDeskKey}
                onActivate={activateDesk}
                onFocusDesk={setFocusedDesk}
              />
            </Box>
          </Flex>
          <DragOverlay dropAnimation={null}>
            {dragging && (
              <Box
                px="3"
                py="2"
                minW="10rem"
                maxW="14rem"
                rounded="l2"
                bg="bg.panel"
                borderWidth="2px"
                borderColor="blue.solid"
                shadow="lg"
                cursor="grabbing"
              >
                <StudentChip member={dragging} />
              </Box>
            )}
          </DragOverlay>
        </DndContext>
      </Flex>
      {printing && (
        <SeatingPrint
          groupName={group.groupName}
          dayName={weekdayName(group.groupDay)}
          room={group.room}
          layout={layout}
          seats={view.seats}
        />
      )}
    </ListState>
  )
}

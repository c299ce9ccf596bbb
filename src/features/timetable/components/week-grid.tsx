/**
 * The weekly grid: Monday … Sunday columns, 96 rows of 15 minutes (16 px each), every class a block from its start
 * to its end; overlapping classes side by side (layout.ts); a teacher booked twice at once marked with a red
 * border, a warning icon and a sentence for screen readers. A block is a button (Tab goes through the week day by
 * day, in time order; Enter opens it); clicking an empty place of a day opens 'Új óra' at that day and time.
 * Positions are inline styles: 200 blocks must not mint 200 CSS classes on the first render. The day view (day-view.tsx)
 * is the same grid with one day and no header row. It opens at 07:00, or at the first class of the days shown when
 * that is not in sight, and does so again whenever other days are shown; a class just created or saved is scrolled
 * into sight.
 */
import { Box, Text, VisuallyHidden, type BoxProps } from '@chakra-ui/react'
import { TriangleAlert } from 'lucide-react'
import { memo, useEffect, useMemo, useRef, type MouseEvent } from 'react'
import { WEEKDAYS } from '@contract/weekdays'
import { instructorConflicts, layoutBlocks, type BlockPlace } from '../layout'
import { blockBox, ROW_HEIGHT_PX, SLOT_COUNT, SLOTS_PER_HOUR, slotAtOffset, type Weekday } from '../slots'
import type { TimetableClass } from '../timetable-class'

const RULER_WIDTH = '3.5rem'
const DAY_MIN_WIDTH = '7.5rem'
const GRID_HEIGHT = SLOT_COUNT * ROW_HEIGHT_PX
const HOURS = Array.from({ length: 24 }, (_, hour) => hour)
const WEEK_MAX_HEIGHT = { base: '70vh', md: 'calc(100vh - 15rem)' }
/** The hour the grid shows first (the school day), scrolled to on mount. */
const FIRST_HOUR_SHOWN = 7

/** Quarter-hour lines faint, hour lines stronger: a background, not 672 cells. */
const ROW_LINES = `repeating-linear-gradient(to bottom, var(--chakra-colors-border-emphasized) 0 1px, transparent 1px ${ROW_HEIGHT_PX * SLOTS_PER_HOUR}px), repeating-linear-gradient(to bottom, var(--chakra-colors-border-subtle) 0 1px, transparent 1px ${ROW_HEIGHT_PX}px)`

export interface WeekGridProps {
  classes: readonly TimetableClass[]
  today: number
  onOpen: (value: TimetableClass) => void
  onPick: (day: number, slot: number) => void
  /** The day columns shown: the whole week unless told. A single day gets no header row. */
  days?: readonly Weekday[]
  /** The scrolling region's accessible name. */
  label?: string
  /** A class to scroll into sight (just created or saved); a new object each time. */
  reveal?: { id: string } | null
  /** The region's greatest height (Chakra's responsive value): by default the screen less the page's header. */
  maxH?: BoxProps['maxH']
}

export function conflictText(value: TimetableClass, others: readonly TimetableClass[]): string {
  const names = others.map((o) => `${o.name} (${o.startTime.fullLabel}–${o.endTime.fullLabel})`).join(', ')
  return `Ütközés: ${value.instructor} ugyanekkor ezt az órát is tartja: ${names}.`
}

/**
 * The blocks' look, given once on the grid: 200 blocks made of Chakra components would have emotion resolve style
 * props some 1,400 times on the first render (the students table does the same with its rows).
 */
const BLOCK_CSS = {
  '& .tt-block': {
    position: 'absolute',
    overflow: 'hidden',
    textAlign: 'start',
    paddingInline: '1',
    paddingBlock: '0.5',
    borderRadius: 'sm',
    fontSize: 'xs',
    lineHeight: '1.2',
    color: 'fg',
    bg: 'blue.subtle',
    borderWidth: '1px',
    borderLeftWidth: '4px',
    borderColor: 'blue.solid',
    cursor: 'pointer',
    _hover: { bg: 'blue.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px', zIndex: 2 },
  },
  '& .tt-block[data-clash]': { bg: 'red.subtle', borderColor: 'red.solid', _hover: { bg: 'red.muted' } },
  '& .tt-line': { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .tt-name': { fontWeight: 'semibold' },
  '& .tt-name svg': { display: 'inline', verticalAlign: '-1px', marginInlineEnd: '1' },
  '& .tt-sr': { srOnly: true },
} as const

const Block = memo(function Block({
  value,
  place,
  conflicts,
  onOpen,
}: {
  value: TimetableClass
  place: BlockPlace
  conflicts: readonly TimetableClass[] | undefined
  onOpen: (value: TimetableClass) => void
}) {
  const { top, height } = blockBox(value.startTime.id, value.endTime.id)
  const time = `${value.startTime.fullLabel}–${value.endTime.fullLabel}`
  const clash = conflicts !== undefined && conflicts.length > 0
  return (
    <button
      type="button"
      className="tt-block"
      data-timetable-block=""
      data-class-id={value.id}
      data-clash={clash ? '' : undefined}
      style={{
        top,
        height,
        left: `calc(${(place.lane / place.lanes) * 100}% + 1px)`,
        width: `calc(${100 / place.lanes}% - 2px)`,
      }}
      title={`${value.name}, ${time}, ${value.instructor}`}
      onClick={(event: MouseEvent) => {
        event.stopPropagation()
        onOpen(value)
      }}
    >
      <span className="tt-line tt-name">
        {clash && <TriangleAlert aria-hidden size={12} />}
        {value.name}
        <span className="tt-sr">, {value.day.name}</span>
      </span>
      <span className="tt-line">
        {time}
        <span className="tt-sr">, oktató:</span>
      </span>
      <span className="tt-line">
        {value.instructor}
        {clash && <span className="tt-sr">. {conflictText(value, conflicts)}</span>}
      </span>
    </button>
  )
})

function DayColumn({
  day,
  classes,
  places,
  conflicts,
  onOpen,
  onPick,
}: {
  day: Weekday
  classes: readonly TimetableClass[]
  places: Map<string, BlockPlace>
  conflicts: Map<string, TimetableClass[]>
  onOpen: (value: TimetableClass) => void
  onPick: (day: number, slot: number) => void
}) {
  return (
    <Box
      role="group"
      aria-label={day.name}
      position="relative"
      borderLeftWidth="1px"
      borderColor="border"
      cursor="copy"
      style={{ height: GRID_HEIGHT, backgroundImage: ROW_LINES }}
      onClick={(event: MouseEvent<HTMLDivElement>) => {
        // Mouse and touch only: the keyboard's way in is the 'Új óra' button, whose dialog has every field.
        const rect = event.currentTarget.getBoundingClientRect()
        onPick(day.id, slotAtOffset(event.clientY - rect.top))
      }}
    >
      {classes.map((value) => (
        <Block
          key={value.id}
          value={value}
          place={places.get(value.id)!}
          conflicts={conflicts.get(value.id)}
          onOpen={onOpen}
        />
      ))}
    </Box>
  )
}

export function WeekGrid({
  classes,
  today,
  onOpen,
  onPick,
  days = WEEKDAYS,
  label = 'Heti órarend',
  reveal = null,
  maxH = WEEK_MAX_HEIGHT,
}: WeekGridProps) {
  const places = useMemo(() => layoutBlocks(classes), [classes])
  const conflicts = useMemo(() => instructorConflicts(classes), [classes])
  const byDay = useMemo(() => {
    const map = new Map<number, TimetableClass[]>(WEEKDAYS.map((d) => [d.id, []]))
    for (const value of classes) map.get(value.day.id)!.push(value)
    for (const list of map.values())
      list.sort((a, b) => a.startTime.id - b.startTime.id || places.get(a.id)!.lane - places.get(b.id)!.lane)
    return map
  }, [classes, places])
  const withHeader = days.length > 1

  // The first class of the days shown, read when other days are shown (not when a class is added or moved).
  const firstSlot = useRef<number | null>(null)
  firstSlot.current = days.reduce<number | null>((first, day) => {
    const start = byDay.get(day.id)![0]?.startTime.id
    return start === undefined || (first !== null && first <= start) ? first : start
  }, null)
  const dayKey = days.map((d) => d.id).join(',')
  const scroller = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    const hour = SLOTS_PER_HOUR * ROW_HEIGHT_PX
    let top = FIRST_HOUR_SHOWN * hour
    const first = firstSlot.current
    if (first !== null) {
      const y = first * ROW_HEIGHT_PX
      // Out of sight above 07:00, or below the part shown from 07:00 (an hour of room kept under the header).
      if (y < top || y + hour > top + element.clientHeight - hour) top = Math.max(0, y - hour)
    }
    element.scrollTop = top
  }, [dayKey])
  useEffect(() => {
    if (!reveal) return
    const block = scroller.current?.querySelector<HTMLElement>(`[data-class-id="${CSS.escape(reveal.id)}"]`)
    block?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [reveal])

  const template = `${RULER_WIDTH} repeat(${days.length}, minmax(${DAY_MIN_WIDTH}, 1fr))`
  return (
    <Box
      ref={scroller}
      role="region"
      aria-label={label}
      tabIndex={0}
      overflow="auto"
      maxH={maxH}
      minH="20rem"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
    >
      <Box display="grid" gridTemplateColumns={template} minW="max-content" css={BLOCK_CSS}>
        {withHeader && (
          <Box
            position="sticky"
            top="0"
            left="0"
            zIndex="3"
            bg="bg"
            borderBottomWidth="1px"
            borderColor="border"
          />
        )}
        {withHeader &&
          days.map((day) => (
            <Box
              key={day.id}
              position="sticky"
              top="0"
              zIndex="2"
              bg={day.id === today ? 'blue.subtle' : 'bg'}
              borderBottomWidth="1px"
              borderLeftWidth="1px"
              borderColor="border"
              px="2"
              py="1.5"
              textAlign="center"
              fontWeight="semibold"
              fontSize="sm"
              aria-current={day.id === today ? 'date' : undefined}
            >
              {day.name}
              {day.id === today && <VisuallyHidden> (ma)</VisuallyHidden>}
            </Box>
          ))}
        <Box position="sticky" left="0" zIndex="1" bg="bg" aria-hidden style={{ height: GRID_HEIGHT }}>
          {HOURS.map((hour) => (
            <Text
              key={hour}
              position="absolute"
              right="1.5"
              fontSize="xs"
              color="fg.muted"
              style={{ top: hour * SLOTS_PER_HOUR * ROW_HEIGHT_PX + 1 }}
            >
              {`${String(hour).padStart(2, '0')}:00`}
            </Text>
          ))}
        </Box>
        {days.map((day) => (
          <DayColumn
            key={day.id}
            day={day}
            classes={byDay.get(day.id)!}
            places={places}
            conflicts={conflicts}
            onOpen={onOpen}
            onPick={onPick}
          />
        ))}
      </Box>
    </Box>
  )
}

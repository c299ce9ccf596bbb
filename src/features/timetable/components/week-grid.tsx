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
import { Box, type BoxProps } from '@chakra-ui/react'
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

/** lucide's TriangleAlert as a mask image: the CSS clash sign's shape. */
const WARNING_SIGN = `url("data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='24' height='24' viewBox='0 0 24 24' fill='none' stroke='black' " +
    "stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 " +
    "14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3'/><path d='M12 9v4'/><path d='M12 17h.01'/></svg>",
)}")`

/**
 * The grid's look, given once on the grid: 200 blocks (and the header, the hour ruler and the day columns) made of
 * Chakra components would have emotion resolve style props some 1,400 times on the first render (the students table
 * and the register do the same with their rows and desks).
 */
const GRID_CSS = {
  '& .tt-corner, & .tt-day': {
    position: 'sticky',
    top: '0',
    bg: 'bg',
    borderBottomWidth: '1px',
    borderColor: 'border',
  },
  '& .tt-corner': { left: '0', zIndex: '3' },
  '& .tt-day': {
    zIndex: '2',
    borderLeftWidth: '1px',
    px: '2',
    py: '1.5',
    textAlign: 'center',
    fontWeight: 'semibold',
    fontSize: 'sm',
  },
  '& .tt-day[aria-current]': { bg: 'blue.subtle' },
  '& .tt-ruler': { position: 'sticky', left: '0', zIndex: '1', bg: 'bg' },
  '& .tt-hour': { position: 'absolute', right: '1.5', fontSize: 'xs', color: 'fg.muted' },
  '& .tt-column': { position: 'relative', borderLeftWidth: '1px', borderColor: 'border', cursor: 'copy' },
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
  // The three lines (name, time, teacher) are two elements, each line cut short with its own ellipsis; the name is
  // an element, not ::first-line (that pseudo-element alone cost ~40 % of the grid's restyle in a probe). The button's
  // name is one screen-reader-only line (.tt-sr: name, day, time, 'oktató:', teacher, the clash) and the lines
  // shown are hidden from assistive tech: an element and three texts fewer per block than spans interleaved.
  '& .tt-text, & .tt-name': {
    display: 'block',
    whiteSpace: 'pre',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .tt-name': { fontWeight: 'semibold' },
  // The clash's warning sign (lucide's TriangleAlert, 12 px, in the text's colour) drawn by CSS: an inline <svg> of
  // four elements in each of up to 200 blocks was half the grid's elements.
  '& .tt-block[data-clash] .tt-name::before': {
    content: '""',
    display: 'inline-block',
    width: '12px',
    height: '12px',
    verticalAlign: '-1px',
    marginInlineEnd: '1',
    bg: 'currentColor',
    maskImage: WARNING_SIGN,
    maskSize: '100% 100%',
  },
  '& .tt-sr': { srOnly: true },
} as const

/** A line as the browser shows a text that does not wrap: runs of white space one space, none at either end. */
function oneLine(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ').trim()
}

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
      <span className="tt-sr">
        {`${oneLine(value.name)}, ${value.day.name} ${time}, oktató: ${oneLine(value.instructor)}` +
          (clash ? `. ${conflictText(value, conflicts)}` : '')}
      </span>
      <span className="tt-text" aria-hidden>
        <span className="tt-name">{oneLine(value.name)}</span>
        {`${time}\n${oneLine(value.instructor)}`}
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
    <div
      role="group"
      aria-label={day.name}
      className="tt-column"
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
    </div>
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
      <Box display="grid" gridTemplateColumns={template} minW="max-content" css={GRID_CSS}>
        {withHeader && <div className="tt-corner" />}
        {withHeader &&
          days.map((day) => (
            <div key={day.id} className="tt-day" aria-current={day.id === today ? 'date' : undefined}>
              {day.name}
              {day.id === today && <span className="tt-sr"> (ma)</span>}
            </div>
          ))}
        <div className="tt-ruler" aria-hidden style={{ height: GRID_HEIGHT }}>
          {HOURS.map((hour) => (
            <p key={hour} className="tt-hour" style={{ top: hour * SLOTS_PER_HOUR * ROW_HEIGHT_PX + 1 }}>
              {`${String(hour).padStart(2, '0')}:00`}
            </p>
          ))}
        </div>
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

/**
 * The timetable on a narrow screen (a phone, a tablet upright): one day at a time. The day's name is the heading,
 * 'Előző nap' / 'Következő nap' step through the week (Sunday is followed by Monday), a row of chips (H K Sze Cs P
 * Szo V, each named in full for screen readers, with a dot when the day has classes) jumps to a day, and a
 * sideways swipe on the day turns it too. The day itself is the week grid with one column (week-grid.tsx): a class
 * opens for editing, where the 'Nap' field moves it to another day; an empty place opens 'Új óra' at that time.
 */
import { Box, Button, Flex, Heading, Text, VisuallyHidden } from '@chakra-ui/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useMemo, useRef, type TouchEvent } from 'react'
import { WEEKDAYS } from '@contract/weekdays'
import { weekday } from '../slots'
import type { TimetableClass } from '../timetable-class'
import { WeekGrid } from './week-grid'

/** The chips' short names, as Hungarian calendars abbreviate the days. */
export const DAY_SHORT_NAMES: Readonly<Record<number, string>> = {
  1: 'H',
  2: 'K',
  3: 'Sze',
  4: 'Cs',
  5: 'P',
  6: 'Szo',
  7: 'V',
}

/** The pager and the chips stand above the grid: it is that much shorter than the week's, to end on the screen. */
const DAY_GRID_MAX_HEIGHT = { base: '70vh', md: 'calc(100dvh - 26rem)' }

/** A swipe turns the day when it goes this far sideways, and further sideways than up or down. */
const SWIPE_PX = 60

export interface DayViewProps {
  classes: readonly TimetableClass[]
  today: number
  /** The day shown, 1 Monday … 7 Sunday. */
  day: number
  onDayChange: (day: number) => void
  onOpen: (value: TimetableClass) => void
  onPick: (day: number, slot: number) => void
  /** A class to scroll into sight (just created or saved). */
  reveal?: { id: string } | null
}

/** The day after (step 1) or before (step -1) `day`, round the week. */
export function stepDay(day: number, step: 1 | -1): number {
  return ((day - 1 + step + 7) % 7) + 1
}

export function DayView({ classes, today, day, onDayChange, onOpen, onPick, reveal }: DayViewProps) {
  const days = useMemo(() => [weekday(day)], [day])
  const shown = days[0]
  const counts = useMemo(() => {
    const map = new Map<number, number>()
    for (const c of classes) map.set(c.day.id, (map.get(c.day.id) ?? 0) + 1)
    return map
  }, [classes])
  const touch = useRef<{ x: number; y: number } | null>(null)

  function onTouchStart(event: TouchEvent) {
    const t = event.touches[0]
    touch.current = event.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null
  }
  function onTouchEnd(event: TouchEvent) {
    const start = touch.current
    const t = event.changedTouches[0]
    touch.current = null
    if (!start || !t) return
    const dx = t.clientX - start.x
    const dy = t.clientY - start.y
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy))
      onDayChange(stepDay(day, dx < 0 ? 1 : -1))
  }

  const count = counts.get(day) ?? 0
  return (
    <Flex direction="column" gap="3">
      <Flex align="center" gap="2">
        <Button
          variant="outline"
          aria-label="Előző nap"
          title={`Előző nap: ${weekday(stepDay(day, -1)).name}`}
          onClick={() => onDayChange(stepDay(day, -1))}
          px={{ base: '2', sm: '3' }}
        >
          <ChevronLeft aria-hidden />
          <Box as="span" hideBelow="sm">
            Előző nap
          </Box>
        </Button>
        <Heading as="h2" size="xl" flex="1" minW="0" textAlign="center" aria-live="polite">
          {shown.name}
          {day === today && (
            <Text as="span" ms="2" fontSize="sm" fontWeight="medium" color="blue.fg">
              (ma)
            </Text>
          )}
        </Heading>
        <Button
          variant="outline"
          aria-label="Következő nap"
          title={`Következő nap: ${weekday(stepDay(day, 1)).name}`}
          onClick={() => onDayChange(stepDay(day, 1))}
          px={{ base: '2', sm: '3' }}
        >
          <Box as="span" hideBelow="sm">
            Következő nap
          </Box>
          <ChevronRight aria-hidden />
        </Button>
      </Flex>

      <Flex role="group" aria-label="Ugrás napra" gap="1.5">
        {WEEKDAYS.map((d) => {
          const selected = d.id === day
          const n = counts.get(d.id) ?? 0
          return (
            <Button
              key={d.id}
              flex="1"
              minW="0"
              h="12"
              px="0"
              flexDirection="column"
              justifyContent="center"
              gap="0.5"
              variant={selected ? 'solid' : 'outline'}
              colorPalette={selected ? 'blue' : 'gray'}
              borderWidth={d.id === today ? '2px' : '1px'}
              borderColor={d.id === today ? 'blue.solid' : undefined}
              aria-pressed={selected}
              title={`${d.name}${n > 0 ? `: ${n} óra` : ''}`}
              onClick={() => onDayChange(d.id)}
            >
              <Box as="span" aria-hidden fontWeight={d.id === today ? 'bold' : 'semibold'}>
                {DAY_SHORT_NAMES[d.id]}
              </Box>
              <Box
                as="span"
                aria-hidden
                boxSize="1.5"
                rounded="full"
                bg={n > 0 ? (selected ? 'blue.contrast' : 'blue.solid') : 'transparent'}
              />
              <VisuallyHidden>
                {d.name}
                {n > 0 && `, ${n} óra`}
                {d.id === today && ', ma'}
              </VisuallyHidden>
            </Button>
          )
        })}
      </Flex>

      <Text color="fg.muted" fontSize="sm">
        {count === 0 && classes.length > 0 ? 'Ezen a napon még nincs óra. ' : ''}
        Új órához válassz egy üres helyet; egy órát megnyitva szerkesztheted, a Nap mezővel másik napra is
        teheted.
      </Text>

      <Box onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <WeekGrid
          classes={classes}
          today={today}
          onOpen={onOpen}
          onPick={onPick}
          days={days}
          label={`${shown.name} órarendje`}
          reveal={reveal}
          maxH={DAY_GRID_MAX_HEIGHT}
        />
      </Box>
    </Flex>
  )
}

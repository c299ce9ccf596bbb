/**
 * The month as a table, weeks from Monday: each day of the month is a button that puts its date in the form and
 * shows its hours. Today is marked (aria-current), a weekday of a past week with no hours is marked as missing, and
 * a day whose write still waits in the outbox says so. One day is in the Tab order (the selected one, else the first
 * of the month); the arrow keys, Home and End move between days (calendarStep), Enter or Space picks one.
 */
import { Box, chakra, Flex, Table, Text } from '@chakra-ui/react'
import { memo, useRef, useState, type KeyboardEvent } from 'react'
import { formatDayWithWeekday } from '@/lib/format'
import { calendarStep, formatHours, monthOf, weekdayHeads, type CalendarDay } from '../month'

interface MonthCalendarProps {
  title: string
  weeks: CalendarDay[][]
  selected: string
  pending: ReadonlySet<string>
  onPick: (date: string) => void
}

function dayLabel(day: CalendarDay, pending: boolean): string {
  const parts = [formatDayWithWeekday(day.date)]
  if (day.hours !== null) parts.push(`${formatHours(day.hours)} óra`)
  else parts.push(day.missing ? 'hiányzik' : 'nincs rögzítve')
  if (day.isToday) parts.push('ma')
  if (pending) parts.push('elküldésre vár')
  return parts.join(', ')
}

const DayButton = chakra('button')

export const MonthCalendar = memo(function MonthCalendar({
  title,
  weeks,
  selected,
  pending,
  onPick,
}: MonthCalendarProps) {
  const heads = weekdayHeads()
  const body = useRef<HTMLTableSectionElement>(null)
  const days = weeks.flat().filter((day) => day.inMonth)
  const month = days.length > 0 ? monthOf(days[0].date) : ''
  // The day in the Tab order: the one the keys moved to, while it is in this month; else the selected; else the 1st.
  const [moved, setMoved] = useState<string | null>(null)
  const stop =
    moved && monthOf(moved) === month ? moved : monthOf(selected) === month ? selected : (days[0]?.date ?? '')

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const target = calendarStep(date, event.key)
    if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End') event.preventDefault()
    if (!target) return
    setMoved(target)
    body.current?.querySelector<HTMLButtonElement>(`button[data-date="${target}"]`)?.focus()
  }

  return (
    <>
      <Table.Root
        size="sm"
        tableLayout="fixed"
        w="full"
        aria-label={title}
        css={{ borderCollapse: 'separate' }}
      >
        <Table.Header>
          <Table.Row>
            {heads.map((head) => (
              <Table.ColumnHeader key={head.long} textAlign="center" px="0" color="fg.muted">
                <abbr title={head.long} style={{ textDecoration: 'none' }}>
                  {head.short}
                </abbr>
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body ref={body}>
          {weeks.map((week) => (
            <Table.Row key={week[0].date}>
              {week.map((day) => (
                <Table.Cell key={day.date} p="0.5" borderBottomWidth="0">
                  {day.inMonth ? (
                    <DayButton
                      type="button"
                      w="full"
                      minH={{ base: '12', md: '16' }}
                      p="1"
                      display="flex"
                      flexDirection="column"
                      alignItems="flex-start"
                      justifyContent="space-between"
                      rounded="md"
                      borderWidth={day.isToday ? '2px' : '1px'}
                      borderColor={day.isToday ? 'blue.solid' : day.missing ? 'orange.muted' : 'border'}
                      bg={
                        selected === day.date
                          ? 'blue.subtle'
                          : day.hours !== null
                            ? 'green.subtle'
                            : day.missing
                              ? 'orange.subtle'
                              : 'bg'
                      }
                      cursor="pointer"
                      _hover={{ borderColor: 'blue.solid' }}
                      _focusVisible={{
                        outline: '2px solid',
                        outlineColor: 'blue.solid',
                        outlineOffset: '1px',
                      }}
                      aria-label={dayLabel(day, pending.has(day.date))}
                      aria-pressed={selected === day.date}
                      aria-current={day.isToday ? 'date' : undefined}
                      data-date={day.date}
                      tabIndex={day.date === stop ? 0 : -1}
                      onKeyDown={(event) => onKeyDown(event, day.date)}
                      onClick={() => {
                        setMoved(null)
                        onPick(day.date)
                      }}
                    >
                      <Text as="span" fontSize="sm" fontWeight={day.isToday ? 'bold' : 'medium'} aria-hidden>
                        {day.day}
                      </Text>
                      <Flex as="span" w="full" justify="space-between" align="center" aria-hidden>
                        <Text as="span" fontSize="xs" fontWeight="semibold" color="fg">
                          {day.hours !== null ? `${formatHours(day.hours)} ó` : ''}
                        </Text>
                        {pending.has(day.date) ? (
                          <Box as="span" w="2" h="2" rounded="full" bg="blue.solid" />
                        ) : day.missing ? (
                          <Box as="span" w="2" h="2" rounded="full" bg="orange.solid" />
                        ) : null}
                      </Flex>
                    </DayButton>
                  ) : (
                    <Text textAlign="center" fontSize="sm" color="fg.subtle" aria-hidden py="2">
                      {day.day}
                    </Text>
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <CalendarLegend />
    </>
  )
})

/** What the colours and dots of a day mean: a teacher should not have to guess. */
function CalendarLegend() {
  const keys = [
    {
      label: 'Rögzítve',
      mark: <Box as="span" w="3" h="3" rounded="sm" bg="green.subtle" borderWidth="1px" />,
    },
    { label: 'Hiányzó munkanap', mark: <Box as="span" w="2" h="2" rounded="full" bg="orange.solid" /> },
    { label: 'Elküldésre vár', mark: <Box as="span" w="2" h="2" rounded="full" bg="blue.solid" /> },
  ]
  return (
    <Flex
      as="ul"
      aria-label="Jelmagyarázat"
      listStyleType="none"
      gap="4"
      wrap="wrap"
      mt="2"
      fontSize="xs"
      color="fg.muted"
    >
      {keys.map((key) => (
        <Flex as="li" key={key.label} align="center" gap="1.5">
          {key.mark}
          {key.label}
        </Flex>
      ))}
    </Flex>
  )
}

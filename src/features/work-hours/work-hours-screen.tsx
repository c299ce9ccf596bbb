/**
 * Munkaórák (spec: Work-hours screen, §5, §8, §9): the month's calendar, the date + hours form and the month's and
 * all hours. Writes go through the outbox: they show at once, survive a reload offline and reach the server once.
 * Beyond the spec (Kimai): hours in each day, missing weekdays of past weeks, month navigation, XLSX export.
 * Default export: the shell loads this screen lazily.
 */
import { Box, Button, Card, Flex, Grid, Heading, HStack, IconButton, Spinner, Text } from '@chakra-ui/react'
import { ChevronLeft, ChevronRight, Download } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { WORK_HOURS_MAX, type WorkHoursRequest } from '@contract/api/work-hours'
import { DialogFrame } from '@/components/dialog-frame'
import { OfflineMarker } from '@/components/offline-marker'
import { formatDayWithWeekday, formatMonth } from '@/lib/format'
import { schoolToday } from '@/lib/school-zone'
import { notify } from '@/lib/notify'
import { useRecordWorkHours, useWorkHours } from './api/work-hours'
import { HoursForm } from './components/hours-form'
import { MonthCalendar } from './components/month-calendar'
import { allTotal, formatHours, monthOf, monthTotal, monthWeeks, shiftMonth } from './month'
import type { WorkHoursMap } from './work-hours-map'

const NO_HOURS: WorkHoursMap = {}

export const MESSAGES = {
  loadFailed: 'Hiba történt a munkaidők betöltése közben.',
  exportFailed: 'Hiba történt az exportálás során.',
} as const

export default function WorkHoursScreen() {
  const today = schoolToday()
  const query = useWorkHours()
  const record = useRecordWorkHours()
  const data = record.withPending(query.data)
  const hours = data?.hours ?? NO_HOURS

  const [month, setMonth] = useState(() => monthOf(today))
  const [selected, setSelected] = useState(today)

  const missingFrom = data?.missingFrom
  const weeks = useMemo(
    () => monthWeeks(month, today, hours, missingFrom),
    [month, today, hours, missingFrom],
  )
  const pendingDates = useMemo(
    () => new Set(record.pending.map((item) => (item.body as WorkHoursRequest).date)),
    [record.pending],
  )
  const missing = weeks.flat().filter((day) => day.missing).length

  const pick = useCallback((date: string) => {
    setSelected(date)
    setMonth(monthOf(date))
  }, [])

  const { mutate } = record
  // The toasts come from the write's messages (api/work-hours.ts), also when it could not be stored.
  const send = useCallback((values: WorkHoursRequest) => mutate(values).catch(() => {}), [mutate])

  /** A day that has hours already: the user chooses whether the new value replaces them or adds to them. */
  const [asking, setAsking] = useState<{ values: WorkHoursRequest; existing: number } | null>(null)
  const save = useCallback(
    async (values: WorkHoursRequest) => {
      const existing = hours[values.date]
      if (existing) setAsking({ values, existing })
      else await send(values)
    },
    [hours, send],
  )

  const [exporting, setExporting] = useState(false)
  const exportMonth = useCallback(async () => {
    setExporting(true)
    try {
      const { downloadMonthXlsx } = await import('./export-xlsx')
      downloadMonthXlsx(month, hours)
    } catch (error) {
      console.error(error)
      notify.error(MESSAGES.exportFailed)
    } finally {
      setExporting(false)
    }
  }, [month, hours])

  const title = formatMonth(month)

  return (
    <Flex direction="column" gap="4" p={{ base: '4', md: '6' }}>
      <Box as="header">
        <Heading as="h1" size="2xl">
          Munkaórák
        </Heading>
        <Text color="fg.muted" mt="1">
          A havi naptár, a munkaidő rögzítése és az óraszámok összesítése.
        </Text>
      </Box>

      <OfflineMarker updatedAt={query.data?.date ?? null} />

      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(18rem, 1fr)' }}
        gap="4"
        alignItems="start"
      >
        <Card.Root as="section" aria-labelledby="work-hours-month">
          <Card.Header pb="2">
            <Flex align="center" gap="2" wrap="wrap">
              <HStack gap="1">
                <IconButton
                  aria-label="Előző hónap"
                  variant="outline"
                  size="md"
                  onClick={() => setMonth((current) => shiftMonth(current, -1))}
                >
                  <ChevronLeft aria-hidden />
                </IconButton>
                <IconButton
                  aria-label="Következő hónap"
                  variant="outline"
                  size="md"
                  onClick={() => setMonth((current) => shiftMonth(current, 1))}
                >
                  <ChevronRight aria-hidden />
                </IconButton>
              </HStack>
              <Heading as="h2" size="lg" id="work-hours-month" flex="1" minW="max-content" aria-live="polite">
                {title}
              </Heading>
              <Button
                variant="ghost"
                size="md"
                onClick={() => pick(today)}
                disabled={month === monthOf(today)}
              >
                Ma
              </Button>
              <Button variant="outline" size="md" onClick={() => void exportMonth()} loading={exporting}>
                <Download aria-hidden />
                Exportálás (XLSX)
              </Button>
            </Flex>
          </Card.Header>
          <Card.Body pt="0" px={{ base: '2', md: '4' }}>
            {query.isPending ? (
              <Flex role="status" align="center" justify="center" gap="3" py="12" color="fg.muted">
                <Spinner size="sm" />
                <Text>Munkaidők betöltése...</Text>
              </Flex>
            ) : query.isError && !query.data ? (
              <Flex direction="column" align="center" gap="3" py="12" textAlign="center">
                <Text role="alert" color="fg.error">
                  {MESSAGES.loadFailed}
                </Text>
                <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
                  Újrapróbálás
                </Button>
              </Flex>
            ) : (
              <MonthCalendar
                title={title}
                weeks={weeks}
                selected={selected}
                pending={pendingDates}
                onPick={pick}
              />
            )}
          </Card.Body>
        </Card.Root>

        <Flex direction="column" gap="4">
          <Card.Root as="section" aria-labelledby="work-hours-form">
            <Card.Header pb="2">
              <Heading as="h2" size="md" id="work-hours-form">
                Munkaidő rögzítése
              </Heading>
            </Card.Header>
            <Card.Body pt="0">
              <HoursForm date={selected} onDateChange={pick} onSubmit={save} />
            </Card.Body>
          </Card.Root>

          <ExistingHoursDialog
            asking={asking}
            onCancel={() => setAsking(null)}
            onChoose={(values) => {
              setAsking(null)
              void send(values)
            }}
          />

          <Grid templateColumns={{ base: '1fr 1fr', lg: '1fr' }} gap="4">
            <SummaryCard
              label={`Havi óraszám (${title})`}
              value={`${formatHours(monthTotal(month, hours))} óra`}
            />
            <SummaryCard label="Összes óraszám" value={`${formatHours(allTotal(hours))} óra`} />
            <SummaryCard label="Hiányzó munkanapok" value={`${missing} nap`} />
          </Grid>
        </Flex>
      </Grid>
    </Flex>
  )
}

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body as="dl">
        <Text as="dt" fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text as="dd" fontSize="2xl" fontWeight="semibold">
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

/**
 * 'Erre a napra már van rögzített munkaidő' (issue 18: a second entry silently replaced the first): 'Csere' keeps the
 * new value, 'Hozzáadás' the sum (offered when the sum is a valid day, at most 24 hours), 'Mégsem' sends nothing.
 */
function ExistingHoursDialog({
  asking,
  onCancel,
  onChoose,
}: {
  asking: { values: WorkHoursRequest; existing: number } | null
  onCancel: () => void
  onChoose: (values: WorkHoursRequest) => void
}) {
  const values = asking?.values
  const existing = asking?.existing ?? 0
  const sum = existing + (values?.hours ?? 0)
  const canAdd = Boolean(values && values.hours > 0 && sum <= WORK_HOURS_MAX)
  return (
    <DialogFrame
      role="alertdialog"
      open={asking !== null}
      title="Erre a napra már van rögzített munkaidő"
      description={
        values
          ? `${formatDayWithWeekday(values.date)}: már ${formatHours(existing)} óra van rögzítve. Az új érték lecserélje, vagy hozzáadódjon?`
          : undefined
      }
      onClose={onCancel}
      gap="2"
      footerWrap
      footer={
        values && (
          <>
            <Button variant="outline" onClick={onCancel}>
              Mégsem
            </Button>
            {canAdd && (
              <Button variant="outline" onClick={() => onChoose({ date: values.date, hours: sum })}>
                {`Hozzáadás (összesen ${formatHours(sum)} óra)`}
              </Button>
            )}
            <Button colorPalette="blue" onClick={() => onChoose(values)}>
              {`Csere (${formatHours(values.hours)} óra)`}
            </Button>
          </>
        )
      }
    >
      {!canAdd && values && values.hours > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {`A kettő együtt több lenne ${WORK_HOURS_MAX} óránál, ezért csak a csere lehetséges.`}
        </Text>
      )}
    </DialogFrame>
  )
}

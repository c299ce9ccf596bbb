/**
 * Hibabejelentések (issue 11, administrators: feature manageUsers): the bug reports filed in the app, newest first,
 * each with its text, screen, user, time and app version, and a 'Kész' button that marks it done through the outbox.
 * A done report stays in the list, muted, with who marked it. Default export: the shell loads this screen lazily.
 */
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { Bug, Check } from 'lucide-react'
import { useMemo } from 'react'
import type { BugReport } from '@contract/api'
import { ListState, type ListWords } from '@/components/list-state'
import { OfflineMarker } from '@/components/offline-marker'
import { useBugReports, useBugReportWrites } from '@/api/bug-reports'
import { formatNumericDateTime, isValidMoment } from '@/lib/format'

const WORDS: ListWords = {
  loading: 'Hibabejelentések betöltése...',
  error: 'Hiba történt a hibabejelentések betöltése közben.',
  empty: { title: 'Nincs hibabejelentés.', description: 'A felhasználók még nem jeleztek hibát.' },
}

export function formatReportTime(iso: string): string {
  return isValidMoment(iso) ? formatNumericDateTime(iso) : iso
}

export default function BugReportsScreen() {
  const reports = useBugReports()
  const { mutate, withPending } = useBugReportWrites()
  const list = useMemo(() => {
    const shown = withPending(reports.data)?.bugReports ?? []
    return [...shown].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
  }, [withPending, reports.data])

  // The toasts come from the write's messages (src/api/bug-reports.ts), also when it could not be stored.
  function markDone(report: BugReport) {
    mutate({ kind: 'done', id: report.id, message: report.message }).catch(() => {})
  }

  return (
    <Flex direction="column" gap="4" p={{ base: '4', md: '6' }}>
      <Box as="header">
        <Heading as="h1" size="2xl">
          Hibabejelentések
        </Heading>
        <Text color="fg.muted" mt="1">
          Az alkalmazásból küldött hibabejelentések, a legújabb elöl.
        </Text>
      </Box>

      <OfflineMarker updatedAt={reports.data?.date ?? null} />

      <ListState query={reports} count={list.length} words={WORDS} emptyIcon={<Bug aria-hidden />}>
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Hibabejelentések">
          {list.map((report) => (
            <ReportItem key={report.id} report={report} onDone={() => markDone(report)} />
          ))}
        </Stack>
      </ListState>
    </Flex>
  )
}

function ReportItem({ report, onDone }: { report: BugReport; onDone: () => void }) {
  const done = report.doneAt !== null
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      bg={done ? 'bg.muted' : 'bg'}
      color={done ? 'fg.muted' : undefined}
      aria-label={done ? 'Kész hibabejelentés' : 'Nyitott hibabejelentés'}
    >
      <Flex gap="3" justify="space-between" align="start" wrap="wrap">
        <Stack gap="2" flex="1" minW="0">
          <Text whiteSpace="pre-wrap" wordBreak="break-word">
            {report.message}
          </Text>
          <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
            <span>Képernyő: {report.screen || '–'}</span>
            <span>Felhasználó: {report.username}</span>
            <span>
              Időpont: <time dateTime={report.createdAt}>{formatReportTime(report.createdAt)}</time>
            </span>
            <span>Verzió: {report.appVersion || '–'}</span>
          </HStack>
        </Stack>
        {done ? (
          <Badge colorPalette="green" variant="subtle">
            <Check size={14} aria-hidden />
            {report.doneBy ? `Kész (${report.doneBy})` : 'Kész'}
          </Badge>
        ) : (
          <Button size="sm" variant="outline" onClick={onDone}>
            <Check size={16} aria-hidden />
            Kész
          </Button>
        )}
      </Flex>
    </Box>
  )
}

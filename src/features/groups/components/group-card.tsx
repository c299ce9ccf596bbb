/**
 * One group of the list (spec: Groups screen): a header button that expands it (click, Enter or Space;
 * aria-expanded) showing the day and time ('Hétfő 8:00–9:30'; the day alone for a group without a time), '{room}.
 * terem' and the student count; expanded, the students, the actions 'Ülésrend', 'Szerkesztés' (issue 20), 'Új jegyzet'
 * (groupNotes 'ui1' only) and 'Törlés', and the notes. With `manageAttendance` (issue 20):
 * 'Jelenlét' opens the seating dialog on today's register, 'Jelenléti ív' downloads the month's sheet (online only),
 * 'Jelenléti ív nyomtatása' prints it for signing (A4 landscape; offline too once the month has been fetched).
 */
import { Badge, Box, Button, Card, chakra, Flex, Heading, Text, VisuallyHidden } from '@chakra-ui/react'
import {
  CalendarDays,
  ChevronDown,
  Pencil,
  ClipboardCheck,
  DoorOpen,
  FileSpreadsheet,
  NotebookPen,
  Printer,
  Trash2,
  UserRound,
  Users,
} from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { flushSync } from 'react-dom'
import type { AttendanceMonthResponse, Group } from '@contract/api'
import { weekdayName } from '@contract/weekdays'
import { notify } from '@/lib/notify'
import { useOnlineStatus } from '@/lib/online-status'
import { timeRangeLabel } from '@/lib/group-time'
import { schoolToday } from '@/lib/school-zone'
import { touchTarget } from '@/lib/touch-target'
import { attendanceMonthQuery, downloadAttendanceSheet } from '../api/attendance'
import { notesWithPending, useCreateNote, useNotes } from '../api/notes'
import { roomLabel } from '../group-order'
import { AttendancePrint } from './attendance-print'
import { GroupNotes } from './group-notes'
import { NoteDialog } from './note-dialog'

interface GroupCardProps {
  group: Group
  expanded: boolean
  onToggle: (id: string) => void
  /** groupNotes with the 'ui1' variant: the notes and the new-note button show. */
  notesShown: boolean
  /** The signed-in user's name: the author of a note still waiting to be sent. */
  author: string
  onSeating: (group: Group) => void
  onDelete: (group: Group) => void
  /** 'Szerkesztés' (issue 20): the user's own groups, or an administrator's any group. */
  onEdit?: (group: Group) => void
  /** The user has manageAttendance: 'Jelenlét' and 'Jelenléti ív' show. */
  attendance?: boolean
  /** Opens the seating dialog on today's register. */
  onAttendance?: (group: Group) => void
  /** An administrator's list of every group: the leading teacher shows with the day and room. */
  showInstructor?: boolean
}

export const GroupCard = memo(function GroupCard({
  group,
  expanded,
  onToggle,
  notesShown,
  author,
  onSeating,
  onDelete,
  onEdit,
  attendance = false,
  onAttendance,
  showInstructor = false,
}: GroupCardProps) {
  const id = useId()
  const headerId = `${id}-header`
  const panelId = `${id}-panel`
  const room = roomLabel(group.room)
  const count = group.students.length
  const time = timeRangeLabel(group.startTime, group.endTime)

  const notesQuery = useNotes(group.id, notesShown && expanded)
  const createNote = useCreateNote(group.id)
  const notes = useMemo(
    () => notesWithPending(notesQuery.data, createNote.pending, author),
    [notesQuery.data, createNote.pending, author],
  )
  const [writing, setWriting] = useState(false)
  // Deleting is an online write (creating a note is queued, it works offline).
  const online = useOnlineStatus()

  const { mutate } = createNote
  // The toasts come from the write's messages (api/notes.ts); a note that could not be stored keeps the dialog open.
  const saveNote = useCallback(
    async (message: string) => {
      await mutate({ message, groupId: group.id })
    },
    [mutate, group.id],
  )

  const [downloading, setDownloading] = useState(false)
  const downloadSheet = async () => {
    const month = schoolToday().slice(0, 7)
    setDownloading(true)
    try {
      await downloadAttendanceSheet(group.id, month, attendanceSheetName(group.groupName, month))
    } catch {
      notify.error('Hiba történt a jelenléti ív letöltése közben.')
    } finally {
      setDownloading(false)
    }
  }

  // The printed sheet: fetched (the service worker's copy offline), mounted, printed; gone after printing.
  const queryClient = useQueryClient()
  const [preparing, setPreparing] = useState(false)
  const [printed, setPrinted] = useState<AttendanceMonthResponse | null>(null)
  const printSheet = async () => {
    setPreparing(true)
    let sheet: AttendanceMonthResponse
    try {
      sheet = await queryClient.fetchQuery(attendanceMonthQuery(group.id, schoolToday().slice(0, 7)))
    } catch {
      notify.error(PRINT_FAILED)
      return
    } finally {
      setPreparing(false)
    }
    flushSync(() => setPrinted(sheet))
    window.print()
  }
  useEffect(() => {
    if (!printed) return
    const done = () => setPrinted(null)
    window.addEventListener('afterprint', done)
    return () => window.removeEventListener('afterprint', done)
  }, [printed])

  return (
    <Card.Root as="li" size="sm" variant="outline">
      <Heading as="h2" size="md">
        <chakra.button
          type="button"
          id={headerId}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => onToggle(group.id)}
          display="flex"
          alignItems="center"
          gap="3"
          w="full"
          textAlign="start"
          px="4"
          py="3"
          rounded="l3"
          cursor="pointer"
          _hover={{ bg: 'bg.muted' }}
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'colorPalette.focusRing',
            outlineOffset: '-2px',
          }}
          colorPalette="blue"
          css={touchTarget}
        >
          <Box
            as="span"
            display="inline-flex"
            color="fg.muted"
            transition="transform 0.15s"
            transform={expanded ? 'rotate(180deg)' : undefined}
          >
            <ChevronDown size={20} aria-hidden />
          </Box>
          <Flex as="span" direction="column" flex="1" minW="0" gap="1">
            <Text as="span" fontWeight="semibold" fontSize="md" overflowWrap="anywhere">
              {group.groupName}
            </Text>
            {/* The separators are for screen readers: 'Matek 9.A, Kedd 8:00–9:30, 204. terem, 12 diák'. */}
            <Flex as="span" gap="3" wrap="wrap" fontSize="sm" fontWeight="normal" color="fg.muted">
              <Meta icon={<CalendarDays size={14} aria-hidden />}>
                {time ? `${weekdayName(group.groupDay)} ${time}` : weekdayName(group.groupDay)}
              </Meta>
              {room && <Meta icon={<DoorOpen size={14} aria-hidden />}>{room}</Meta>}
              <Meta icon={<Users size={14} aria-hidden />}>{`${count} diák`}</Meta>
              {showInstructor && group.instructor && (
                <Meta icon={<UserRound size={14} aria-hidden />}>{group.instructor}</Meta>
              )}
            </Flex>
          </Flex>
        </chakra.button>
      </Heading>

      {expanded && (
        <Box id={panelId} role="region" aria-labelledby={headerId} px="4" pb="4">
          <Flex direction="column" gap="4" borderTopWidth="1px" pt="3">
            {count > 0 ? (
              <Flex as="ul" aria-label="Diákok" wrap="wrap" gap="2" listStyleType="none">
                {group.students.map((name, index) => (
                  <Badge as="li" key={`${index}-${name}`} size="md" variant="surface">
                    {name}
                  </Badge>
                ))}
              </Flex>
            ) : (
              <Text color="fg.muted" fontSize="sm">
                Ebben a csoportban még nincs diák.
              </Text>
            )}

            <Flex gap="2" wrap="wrap">
              <Button variant="outline" size="sm" onClick={() => onSeating(group)}>
                <Users aria-hidden />
                Ülésrend
              </Button>
              {attendance && (
                <>
                  <Button variant="outline" size="sm" onClick={() => onAttendance?.(group)}>
                    <ClipboardCheck aria-hidden />
                    Jelenlét
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!online}
                    loading={downloading}
                    onClick={() => void downloadSheet()}
                  >
                    <FileSpreadsheet aria-hidden />
                    Jelenléti ív
                  </Button>
                  <Button variant="outline" size="sm" loading={preparing} onClick={() => void printSheet()}>
                    <Printer aria-hidden />
                    Jelenléti ív nyomtatása
                  </Button>
                </>
              )}
              {onEdit && (
                <Button variant="outline" size="sm" onClick={() => onEdit(group)}>
                  <Pencil aria-hidden />
                  Szerkesztés
                </Button>
              )}
              {notesShown && (
                <Button variant="outline" size="sm" onClick={() => setWriting(true)}>
                  <NotebookPen aria-hidden />
                  Új jegyzet
                </Button>
              )}
              <Button
                variant="outline"
                size="sm"
                colorPalette="red"
                disabled={!online}
                onClick={() => onDelete(group)}
              >
                <Trash2 aria-hidden />
                Törlés
              </Button>
            </Flex>

            {notesShown && (
              <GroupNotes
                headingId={`${id}-notes`}
                notes={notes}
                loading={notesQuery.isPending}
                failed={notesQuery.isError && !notesQuery.data}
                onRetry={() => void notesQuery.refetch()}
              />
            )}
          </Flex>
        </Box>
      )}

      {printed && <AttendancePrint sheet={printed} />}

      {notesShown && (
        <NoteDialog
          open={writing}
          groupName={group.groupName}
          onClose={() => setWriting(false)}
          onSave={saveNote}
        />
      )}
    </Card.Root>
  )
})

export const PRINT_FAILED =
  'Hiba történt a jelenléti ív betöltése közben. Nyomtatáshoz egyszer meg kell nyitni online.'

/** 'jelenleti-iv-matek-9-a-2026-11.xlsx': the group's name without accents or spaces, then the month. */
export function attendanceSheetName(groupName: string, month: string): string {
  const slug = groupName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `jelenleti-iv-${slug ? `${slug}-` : ''}${month}.xlsx`
}

function Meta({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Flex as="span" align="center" gap="1">
      <VisuallyHidden>, </VisuallyHidden>
      {icon}
      {children}
    </Flex>
  )
}

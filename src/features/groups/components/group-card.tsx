/**
 * One group of the list (spec: Groups screen): a header button that expands it (click, Enter or Space;
 * aria-expanded) showing the day, '{room}. terem' and the student count; expanded, the students, the actions
 * 'Ülésrend', 'Új jegyzet' (groupNotes 'ui1' only) and 'Törlés', and the notes.
 */
import { Badge, Box, Button, Card, chakra, Flex, Heading, Text, VisuallyHidden } from '@chakra-ui/react'
import { CalendarDays, ChevronDown, DoorOpen, NotebookPen, Trash2, Users } from 'lucide-react'
import { memo, useCallback, useId, useMemo, useState } from 'react'
import type { Group } from '@contract/api'
import { weekdayName } from '@contract/weekdays'
import { useOnlineStatus } from '@/lib/online-status'
import { touchTarget } from '@/lib/touch-target'
import { notesWithPending, useCreateNote, useNotes } from '../api/notes'
import { roomLabel } from '../group-order'
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
}

export const GroupCard = memo(function GroupCard({
  group,
  expanded,
  onToggle,
  notesShown,
  author,
  onSeating,
  onDelete,
}: GroupCardProps) {
  const id = useId()
  const headerId = `${id}-header`
  const panelId = `${id}-panel`
  const room = roomLabel(group.room)
  const count = group.students.length

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
            {/* The separators are for screen readers: the name reads 'Matek 9.A, Kedd, 204. terem, 12 diák'. */}
            <Flex as="span" gap="3" wrap="wrap" fontSize="sm" fontWeight="normal" color="fg.muted">
              <Meta icon={<CalendarDays size={14} aria-hidden />}>{weekdayName(group.groupDay)}</Meta>
              {room && <Meta icon={<DoorOpen size={14} aria-hidden />}>{room}</Meta>}
              <Meta icon={<Users size={14} aria-hidden />}>{`${count} diák`}</Meta>
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

function Meta({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Flex as="span" align="center" gap="1">
      <VisuallyHidden>, </VisuallyHidden>
      {icon}
      {children}
    </Flex>
  )
}

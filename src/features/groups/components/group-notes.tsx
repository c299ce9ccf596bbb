/**
 * A group's notes (groupNotes 'ui1'): newest first, each with its date in Hungarian and its author, the text shown as
 * typed — React renders it as text, never as HTML. A note still in the outbox says 'Elküldésre vár'.
 */
import { Box, Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react'
import { formatDateTime, isValidMoment } from '@/lib/format'
import type { ShownNote } from '../api/notes'

/** '2026. november 24. 10:05' (the school's time), or the raw value when it is not a date. */
function noteTime(createdAt: string): string {
  return isValidMoment(createdAt) ? formatDateTime(createdAt) : createdAt
}

interface GroupNotesProps {
  headingId: string
  notes: readonly ShownNote[]
  loading: boolean
  /** The notes could not be loaded (and none are cached). */
  failed: boolean
  onRetry: () => void
}

export function GroupNotes({ headingId, notes, loading, failed, onRetry }: GroupNotesProps) {
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId} mb="2">
        Jegyzetek
      </Heading>
      {notes.length > 0 ? (
        <Flex as="ul" direction="column" gap="2" listStyleType="none">
          {notes.map((note) => (
            <Box
              as="li"
              key={note.id}
              borderWidth="1px"
              borderStyle={note.pending ? 'dashed' : 'solid'}
              rounded="md"
              px="3"
              py="2"
            >
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                {note.message}
              </Text>
              <Flex mt="1" gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
                <Text as="span">
                  <time dateTime={note.createdAt}>{noteTime(note.createdAt)}</time>
                  {note.createdBy ? ` · ${note.createdBy}` : ''}
                </Text>
                {note.pending && (
                  <Text as="span" color="orange.fg" fontWeight="medium">
                    Elküldésre vár
                  </Text>
                )}
              </Flex>
            </Box>
          ))}
        </Flex>
      ) : loading ? (
        <Flex role="status" align="center" gap="2" color="fg.muted" fontSize="sm">
          <Spinner size="xs" />
          <Text>Jegyzetek betöltése...</Text>
        </Flex>
      ) : failed ? (
        <Flex align="center" gap="2" wrap="wrap">
          <Text role="alert" color="fg.error" fontSize="sm">
            Hiba történt a jegyzetek betöltése közben.
          </Text>
          <Button variant="outline" size="xs" onClick={onRetry}>
            Újrapróbálás
          </Button>
        </Flex>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          Még nincs jegyzet ehhez a csoporthoz.
        </Text>
      )}
    </Box>
  )
}

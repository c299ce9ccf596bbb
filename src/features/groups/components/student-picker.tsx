/**
 * The student picker of a new group (spec §5, §9): a fuzzy search box showing at most 5 students, 'Nincs találat.'
 * when none match, and the chosen students as removable chips. Keyboard: the box is a combobox — ↓/↑ move through
 * the results, Enter adds the highlighted one, Escape clears the search; every result and chip is a button too.
 */
import { Badge, Box, Button, CloseButton, Field, Flex, Input, Text } from '@chakra-ui/react'
import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import type { Student } from '@contract/api'
import { touchTarget } from '@/lib/touch-target'
import { createPickerSearch } from '../student-picker-search'

export const NO_MATCH = 'Nincs találat.'

interface StudentPickerProps {
  /** Every student the teacher may pick from. */
  students: readonly Student[]
  /** Usernames of the chosen students, in the order they were chosen. */
  value: readonly string[]
  onChange: (usernames: string[]) => void
  /** The field's error (the spec's message when nobody is chosen). */
  error?: string
  /** Instead of the search: the students are loading or failed to load. */
  status?: { loading: true } | { error: string; retry: () => void } | null
}

export function StudentPicker({ students, value, onChange, error, status }: StudentPickerProps) {
  const id = useId()
  const listId = `${id}-results`
  const [term, setTerm] = useState('')
  const [active, setActive] = useState(0)

  const search = useMemo(() => createPickerSearch(students), [students])
  const chosen = useMemo(() => new Set(value), [value])
  const results = useMemo(() => search.search(term, chosen), [search, term, chosen])
  const byUsername = useMemo(() => new Map(students.map((s) => [s.username, s])), [students])
  const searching = term.trim() !== ''
  const highlighted = Math.min(active, results.length - 1)

  function pick(student: Student) {
    onChange([...value, student.username])
    setTerm('')
    setActive(0)
  }

  function remove(username: string) {
    onChange(value.filter((other) => other !== username))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault()
      setActive((highlighted + 1) % results.length)
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault()
      setActive((highlighted - 1 + results.length) % results.length)
    } else if (event.key === 'Enter' && searching) {
      // Enter while searching picks; it never submits the half-filled form.
      event.preventDefault()
      if (highlighted >= 0) pick(results[highlighted])
    } else if (event.key === 'Escape' && searching) {
      // Clears the search instead of closing the dialog.
      event.preventDefault()
      event.stopPropagation()
      setTerm('')
    }
  }

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Diákok</Field.Label>
      {status && 'loading' in status ? (
        <Text role="status" color="fg.muted" fontSize="sm">
          Diákok betöltése...
        </Text>
      ) : status && 'error' in status ? (
        <Flex align="center" gap="2" wrap="wrap">
          <Text role="alert" color="fg.error" fontSize="sm">
            {status.error}
          </Text>
          <Button variant="outline" size="xs" onClick={status.retry}>
            Újrapróbálás
          </Button>
        </Flex>
      ) : (
        <Input
          type="search"
          role="combobox"
          autoComplete="off"
          placeholder="Keresés név vagy felhasználónév alapján..."
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            searching && highlighted >= 0 ? `${listId}-${results[highlighted].username}` : undefined
          }
          value={term}
          onChange={(event) => {
            setTerm(event.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
        />
      )}

      {/* Always in the DOM (hidden while empty), so the combobox's aria-controls always points at it. */}
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label="Találatok"
        hidden={results.length === 0}
        w="full"
        borderWidth="1px"
        rounded="md"
        py="1"
        listStyleType="none"
      >
        {results.map((student, index) => (
          <Box
            as="li"
            key={student.username}
            id={`${listId}-${student.username}`}
            role="option"
            aria-selected={index === highlighted}
            onClick={() => pick(student)}
            onMouseMove={() => setActive(index)}
            display="flex"
            flexDirection="column"
            justifyContent="center"
            minH="10"
            px="3"
            cursor="pointer"
            bg={index === highlighted ? 'bg.muted' : undefined}
            css={touchTarget}
          >
            <Text as="span" fontWeight="medium">
              {student.name}
            </Text>
            <Text as="span" fontSize="xs" color="fg.muted">
              {student.username}
            </Text>
          </Box>
        ))}
      </Box>
      {searching && results.length === 0 && (
        <Text role="status" color="fg.muted" fontSize="sm">
          {NO_MATCH}
        </Text>
      )}

      <Box
        as="ul"
        aria-label="Kiválasztott diákok"
        display="flex"
        flexWrap="wrap"
        gap="2"
        listStyleType="none"
      >
        {value.map((username) => {
          const name = byUsername.get(username)?.name ?? username
          return (
            <Box as="li" key={username}>
              <Badge size="lg" variant="subtle" colorPalette="blue" gap="1" pe="0.5" rounded="full">
                {name}
                <CloseButton
                  size="2xs"
                  variant="ghost"
                  rounded="full"
                  aria-label={`Eltávolítás: ${name}`}
                  onClick={() => remove(username)}
                />
              </Badge>
            </Box>
          )
        })}
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {value.length} diák kiválasztva
      </Text>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}

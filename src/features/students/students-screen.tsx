/**
 * Diákok kezelése (spec §2, §4, §5, §8): the student list with fuzzy search and inline password reset.
 * Default export: the shell loads this screen lazily.
 */
import { Box, Flex, Heading, Text } from '@chakra-ui/react'
import { Users } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Student } from '@contract/api'
import { TIMING } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { ListState, type ListWords } from '@/components/list-state'
import { ListToolbar } from '@/components/list-toolbar'
import { OfflineMarker } from '@/components/offline-marker'
import { notify } from '@/lib/notify'
import { useSearchTerm } from '@/lib/use-search-term'
import { whenIdle } from '@/lib/when-idle'
import { preloadPasswordResetForm } from '@/components/lazy-password-reset-form'
import { passwordErrorMessage, useChangeStudentPassword, useStudents } from '@/api/students'
import { StudentsTable } from './components/students-table'
import { createStudentSearch, normaliseForSearch } from './student-search'

const NO_STUDENTS: Student[] = []

export default function StudentsScreen() {
  const students = useStudents()
  const list = students.data?.students ?? NO_STUDENTS

  // One search per loaded list. Its index is built once the list is on screen (an idle moment, or the first
  // search if that comes sooner): the rows never wait for it, and a keystroke only searches it — during the
  // search box's pause (prefetch), so that when the pause ends only the list is left to draw.
  const search = useMemo(() => createStudentSearch(list), [list])
  const [term, settledTerm, setTerm] = useSearchTerm(TIMING.searchDebounceMs, search.prefetch)
  const searching = normaliseForSearch(settledTerm) !== ''
  const results = useMemo(() => search.search(settledTerm), [search, settledTerm])
  useEffect(() => whenIdle(() => search.prepare()), [search])
  // A row's 'Jelszó' tap shows the password form: its code loads once the list is up.
  useEffect(() => whenIdle(preloadPasswordResetForm), [])

  // The username of the row showing the password form; the form itself (what is typed, its rule) is the row's.
  const [editing, setEditing] = useState<string | null>(null)
  const changePassword = useChangeStudentPassword()
  const saving = changePassword.isPending && changePassword.variables?.username === editing

  const startEdit = useCallback((username: string) => setEditing(username), [])
  const cancelEdit = useCallback(() => setEditing(null), [])
  const { mutateAsync } = changePassword
  const save = useCallback(
    async (username: string, password: string) => {
      try {
        await mutateAsync({ username, password })
      } catch (error) {
        notify.error(passwordErrorMessage(error))
        throw error
      }
      notify.success(MESSAGES.passwordChanged)
      // Closes edit mode (and so clears the field) unless the user has moved on to another row meanwhile.
      setEditing((latest) => (latest === username ? null : latest))
    },
    [mutateAsync],
  )

  return (
    <Flex direction="column" h="full" minH="0" gap="4" p={{ base: '4', md: '6' }}>
      {HEADER}

      <ListToolbar
        search={{
          label: 'Keresés név vagy felhasználónév alapján',
          placeholder: 'Keresés név vagy felhasználónév alapján...',
          value: term,
          onChange: setTerm,
        }}
        count={students.data ? studentCount(list.length, searching ? results.length : null) : null}
        countIcon={<Users size={16} aria-hidden />}
      />

      <OfflineMarker updatedAt={students.data?.date ?? null} />

      <ListState
        query={students}
        count={results.length}
        searching={searching}
        words={WORDS}
        emptyIcon={<Users aria-hidden />}
      >
        <StudentsTable
          students={results}
          editing={editing}
          saving={saving}
          onEdit={startEdit}
          onSave={save}
          onCancel={cancelEdit}
        />
      </ListState>
    </Flex>
  )
}

/** The screen's heading: one element, so a keystroke's render leaves it (and its styles) alone. */
const HEADER = (
  <Box as="header">
    <Heading as="h1" size="2xl">
      Diákok kezelése
    </Heading>
    <Text color="fg.muted" mt="1">
      A diákok listája, keresés és a diákok jelszavának módosítása.
    </Text>
  </Box>
)

const WORDS: ListWords = {
  loading: 'Diákok betöltése...',
  error: 'Hiba történt a diákok betöltése közben.',
  empty: { title: 'Nincsenek diákok', description: 'Még nem került egyetlen diák sem a rendszerbe.' },
  noMatch: { title: 'Nincs találat', description: 'Nem található diák a megadott keresési feltételekkel.' },
}

/** '42 diák', or '3 találat / 42 diák' while a search is active. */
function studentCount(total: number, matches: number | null): string {
  return matches === null ? `${total} diák` : `${matches} találat / ${total} diák`
}

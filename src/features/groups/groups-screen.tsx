/**
 * Csoportok (spec: Groups screen, §4, §5, §8): the teacher's groups as an expandable list, the create dialog with
 * the student picker, the same dialog editing a group (issue 20), the delete confirmation, the seating dialog
 * (src/features/groups/seating, loaded when opened) and, with groupNotes 'ui1', each group's notes and the new-note
 * dialog. An administrator's 'Összes csoport' switch lists every school group (GET /groups) with its teacher, each
 * editable as their own (issue 20: a teacher edits their own groups, an administrator any). Groups are created and
 * deleted online; edits and notes go through the outbox. Kezdőlap's 'Jelenlét' opens this screen on a group's
 * register (src/lib/screen-request.ts). Default export: the shell loads this screen lazily.
 */
import { Box, Button, Flex, Heading, Switch, Text } from '@chakra-ui/react'
import { Plus, UsersRound } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { CreateGroupRequest, Group, UpdateGroupRequest } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { useDashboard } from '@/api/dashboard'
import { useInstructorGroups } from '@/api/instructor-groups'
import { ListState, type ListWords } from '@/components/list-state'
import { OfflineMarker } from '@/components/offline-marker'
import { OnlineOnlyNote } from '@/components/online-only-note'
import { notify } from '@/lib/notify'
import { clearScreenRequest, requestScreen, screenRequestFor } from '@/lib/screen-request'
import { useOnlineStatus } from '@/lib/online-status'
import { schoolToday } from '@/lib/school-zone'
import { useFeature } from '@/session/use-features'
import {
  createGroupErrorMessage,
  useAllGroups,
  useCreateGroup,
  useDeleteGroup,
  useUpdateGroup,
} from './api/groups'
import { GroupDialog } from './components/group-dialog'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { GroupCard } from './components/group-card'
import { sortGroups, weekdayOfDay } from './group-order'
import type { SeatingDialogMode } from './seating/seating-dialog'
import { useGroupNotesShown, useUserName } from './use-group-notes'

const SeatingDialog = lazy(() =>
  import('./seating/seating-dialog').then((m) => ({ default: m.SeatingDialog })),
)

/** 'Jelenléti ív' downloads online only (issue 20). */
const ATTENDANCE_SHEET_OFFLINE = 'A jelenléti ív letöltése csak online lehetséges.'

/** A delete the server refused or the network lost; the created and deleted toasts are the server's MESSAGES. */
const DELETE_FAILED = 'Hiba történt a csoport törlése közben.'

const WORDS: ListWords = {
  loading: 'Csoportok betöltése...',
  error: 'Hiba történt a csoportok betöltése közben.',
  empty: { title: 'Nincsenek csoportok', description: 'Hozz létre új csoportot a kezdéshez.' },
}

const NO_GROUPS: Group[] = []

export default function GroupsScreen() {
  // An administrator may switch to every group (GET /groups answers them all); a teacher's list is their own.
  const admin = useDashboard().data?.user.type === 'admin'
  const allGroupsAllowed = useFeature('getAllGroups')
  const [everyGroup, setEveryGroup] = useState(false)
  const showAll = admin && allGroupsAllowed && everyGroup
  const own = useInstructorGroups()
  const all = useAllGroups(showAll)
  const query = showAll ? all : own
  const today = weekdayOfDay(schoolToday())
  // An edit waiting in the outbox (issue 20) shows at once.
  const { update, withPending } = useUpdateGroup()
  const shown = withPending(query.data)
  const groups = useMemo(() => sortGroups(shown?.groups ?? NO_GROUPS, today), [shown, today])
  const notesShown = useGroupNotesShown()
  const author = useUserName()

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = useCallback((id: string) => {
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })
  }, [])

  const [creating, setCreating] = useState(false)
  // Creating and deleting a group are online writes: disabled offline, the note says why (as Tantermek).
  const online = useOnlineStatus()
  const { mutateAsync: create } = useCreateGroup()
  const createGroup = useCallback(
    async (request: CreateGroupRequest) => {
      try {
        await create(request)
      } catch (error) {
        notify.error(createGroupErrorMessage(error))
        throw error
      }
      notify.success(MESSAGES.groupCreated)
    },
    [create],
  )

  // Kezdőlap's 'Jelenlét' (issue 20) opens this screen on a group's register (src/lib/screen-request.ts); closing it
  // goes back there. Read in render (the dialog opens with the screen), dropped once mounted.
  const [request] = useState(() => screenRequestFor('groups'))
  useEffect(() => {
    if (request) clearScreenRequest(request)
  }, [request])
  const backTo = useRef(request?.open?.attendance ? request.back : undefined)

  // The seating dialog and the delete question follow the group by id, so a refetch does not close them.
  const [seatingId, setSeatingId] = useState<string | null>(request?.open?.attendance ?? null)
  const seatingGroup = groups.find((group) => group.id === seatingId) ?? null
  const [seatingMode, setSeatingMode] = useState<SeatingDialogMode>(
    request?.open?.attendance ? 'attendance' : 'seating',
  )
  const openSeating = useCallback((group: Group) => {
    backTo.current = undefined
    setSeatingMode('seating')
    setSeatingId(group.id)
  }, [])
  // Jelenlét (issue 20): the same dialog, opened on today's register.
  const attendance = useFeature('manageAttendance')
  const openAttendance = useCallback((group: Group) => {
    backTo.current = undefined
    setSeatingMode('attendance')
    setSeatingId(group.id)
  }, [])
  const closeSeating = useCallback(() => {
    setSeatingId(null)
    if (backTo.current) requestScreen({ screen: backTo.current })
    backTo.current = undefined
  }, [])

  // 'Csoport szerkesztése' (issue 20) follows the group by id, as the seating dialog.
  const [editingId, setEditingId] = useState<string | null>(null)
  const editing = groups.find((group) => group.id === editingId) ?? null
  const openEdit = useCallback((group: Group) => setEditingId(group.id), [])
  const saveEdit = useCallback(
    async (request: UpdateGroupRequest) => {
      if (editing) await update(editing, request)
    },
    [editing, update],
  )

  const [deleting, setDeleting] = useState<Group | null>(null)
  const askDelete = useCallback((group: Group) => setDeleting(group), [])
  const deleteGroup = useDeleteGroup()
  const confirmDelete = () => {
    if (!deleting) return
    deleteGroup.mutate(deleting.id, {
      onSuccess: () => notify.success(MESSAGES.groupDeleted),
      onError: () => notify.error(DELETE_FAILED),
      onSettled: () => setDeleting(null),
    })
  }

  return (
    <Flex direction="column" gap="4" p={{ base: '4', md: '6' }}>
      <Flex as="header" align={{ base: 'stretch', sm: 'flex-end' }} gap="3" wrap="wrap">
        <Box flex="1" minW="min(100%, 16rem)">
          <Heading as="h1" size="2xl">
            Csoportok
          </Heading>
          <Text color="fg.muted" mt="1">
            A csoportjaid napok szerint, a mai naptól kezdve: diákok, ülésrend és jegyzetek.
          </Text>
        </Box>
        {admin && allGroupsAllowed && (
          <Switch.Root
            checked={everyGroup}
            onCheckedChange={(details) => setEveryGroup(details.checked)}
            alignSelf="center"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Összes csoport</Switch.Label>
          </Switch.Root>
        )}
        <Button colorPalette="blue" disabled={!online} onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Új csoport
        </Button>
      </Flex>

      {query.data && (
        <Text fontSize="sm" color="fg.muted" display="inline-flex" alignItems="center" gap="1.5">
          <UsersRound size={16} aria-hidden />
          {`${groups.length} csoport`}
        </Text>
      )}

      <OfflineMarker updatedAt={query.data?.date ?? null} />
      <OnlineOnlyNote>{MESSAGES.groupsWritesOffline}</OnlineOnlyNote>
      {attendance && <OnlineOnlyNote>{ATTENDANCE_SHEET_OFFLINE}</OnlineOnlyNote>}

      <ListState query={query} count={groups.length} words={WORDS} emptyIcon={<UsersRound aria-hidden />}>
        <Flex
          as="ul"
          aria-label={showAll ? 'Összes csoport' : 'Csoportjaim'}
          direction="column"
          gap="3"
          listStyleType="none"
        >
          {groups.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              expanded={expanded.has(group.id)}
              onToggle={toggle}
              notesShown={notesShown}
              author={author}
              onSeating={openSeating}
              onDelete={askDelete}
              onEdit={openEdit}
              attendance={attendance}
              onAttendance={openAttendance}
              showInstructor={showAll}
            />
          ))}
        </Flex>
      </ListState>

      <GroupDialog
        mode="create"
        open={creating}
        defaultDay={today}
        onClose={() => setCreating(false)}
        onSave={createGroup}
      />

      {editing && (
        <GroupDialog
          key={editing.id}
          mode="edit"
          group={editing}
          open
          onClose={() => setEditingId(null)}
          onSave={saveEdit}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={`Csoport törlése${deleting ? `: ${deleting.groupName}` : ''}`}
        question="Biztosan törölni szeretnéd a csoportot?"
        note="Ez a művelet visszavonhatatlan."
        confirmLabel="Törlés megerősítése"
        busy={deleteGroup.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />

      {seatingGroup && (
        <Suspense fallback={null}>
          <SeatingDialog
            group={seatingGroup}
            open
            onClose={closeSeating}
            attendance={attendance}
            initialMode={seatingMode}
          />
        </Suspense>
      )}
    </Flex>
  )
}

/**
 * Tantermek (spec: Classrooms screen, §4 Classroom designer, §5, §8, §9): the card grid with a layout preview per
 * room, 'Új terem', 'Másolat', the delete confirmation and the layout designer. Designer edits go through the
 * outbox (they work offline and reach the server once, in order); creating, copying and deleting are online writes.
 * Spec §8: classroom failures are only logged — except a refusal the user must act on (409: groups use the room),
 * whose server message is shown. Default export: the shell loads this screen lazily.
 */
import { Box, Button, Flex, Grid, Heading, HStack, Text } from '@chakra-ui/react'
import { LayoutGrid, Plus } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import type { Classroom, ClassroomRequest } from '@contract/api'
import { ListState, type ListWords } from '@/components/list-state'
import { OfflineMarker } from '@/components/offline-marker'
import { useClassrooms } from '@/api/classrooms'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useOnlineStatus } from '@/lib/online-status'
import {
  classroomIdOf,
  copyRequest,
  useCreateClassroom,
  useDeleteClassroom,
  useSaveClassroom,
} from './api/classrooms'
import { ClassroomCard } from './components/classroom-card'
import { CreateClassroomDialog } from './components/create-classroom-dialog'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LayoutDesigner } from './components/layout-designer'

const NO_CLASSROOMS: Classroom[] = []

export const WORDS: ListWords = {
  loading: 'Termek betöltése...',
  error: 'Hiba történt a termek betöltése közben.',
  empty: { title: 'Nincsenek termek', description: 'Hozz létre új termet a kezdéshez.' },
}

export const MESSAGES = {
  copied: (name: string) => `Másolat létrehozva: ${name}`,
} as const

const byName = (a: Classroom, b: Classroom) =>
  a.name.localeCompare(b.name, 'hu') || a._id.localeCompare(b._id)

/** Spec §8: classroom failures are logged only; a 409 (or any refusal with a message) is shown. */
function reportFailure(what: string, error: unknown, showRefusal: boolean): void {
  console.error(`Tantermek: ${what} nem sikerült.`, error)
  if (showRefusal && error instanceof ApiError && error.status === 409 && error.message)
    notify.error(error.message)
}

export default function ClassroomsScreen() {
  const query = useClassrooms()
  const online = useOnlineStatus()
  const save = useSaveClassroom()
  const shown = save.withPending(query.data)
  const classrooms = useMemo(() => [...(shown?.classrooms ?? NO_CLASSROOMS)].sort(byName), [shown])
  const pendingIds = useMemo(
    () => new Set(save.pending.map((item) => classroomIdOf(item)).filter((id) => id !== null)),
    [save.pending],
  )

  const [creating, setCreating] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  // Bumped when the server refuses a designer save: the designer reopens on what the server (and the queue) hold.
  const [designerRevision, setDesignerRevision] = useState(0)
  const [deleting, setDeleting] = useState<Classroom | null>(null)
  const [copyingId, setCopyingId] = useState<string | null>(null)

  const create = useCreateClassroom()
  const copy = useCreateClassroom()
  const remove = useDeleteClassroom()

  const onCreate = useCallback(
    (request: ClassroomRequest) => {
      create.mutate(request, {
        onSuccess: (classroomId) => {
          setCreating(false)
          // A new room is empty: the designer opens on it.
          setEditingId(classroomId)
        },
        onError: (error) => reportFailure('A terem létrehozása', error, true),
      })
    },
    [create],
  )

  const onCopy = useCallback(
    (classroom: Classroom) => {
      const request = copyRequest(classroom)
      setCopyingId(classroom._id)
      copy.mutate(request, {
        onSuccess: () => notify.success(MESSAGES.copied(request.name)),
        onError: (error) => reportFailure('A terem másolása', error, true),
        onSettled: () => setCopyingId(null),
      })
    },
    [copy],
  )

  const onConfirmDelete = useCallback(
    (classroom: Classroom) => {
      remove.mutate(classroom._id, {
        onSuccess: () => setDeleting(null),
        onError: (error) => {
          setDeleting(null)
          reportFailure('A terem törlése', error, true)
        },
      })
    },
    [remove],
  )

  const { mutate: queue } = save
  const onSave = useCallback(
    (id: string, request: ClassroomRequest) => {
      // The toasts come from the save's messages (api/classrooms.ts), also when it could not be stored.
      queue(
        { id, ...request },
        {
          // A refused save drops out of the queue and so out of the view: show what the server holds.
          onRejected: (item, message) => {
            console.error('Tantermek: a terem mentését a szerver elutasította.', item, message)
            setDesignerRevision((revision) => revision + 1)
          },
        },
      ).catch((error: unknown) => {
        console.error('Tantermek: a módosítás nem került a várakozási sorba.', error)
      })
    },
    [queue],
  )

  const editing = editingId ? (classrooms.find((c) => c._id === editingId) ?? null) : null

  return (
    <Flex direction="column" gap="4" p={{ base: '4', md: '6' }}>
      <Flex
        as="header"
        gap="3"
        align={{ base: 'stretch', sm: 'start' }}
        direction={{ base: 'column', sm: 'row' }}
      >
        <Box flex="1">
          <Heading as="h1" size="2xl">
            Tantermek
          </Heading>
          <Text color="fg.muted" mt="1">
            A termek elrendezése: diák asztalok és a tanári asztal helye.
          </Text>
        </Box>
        <Button colorPalette="blue" onClick={() => setCreating(true)} disabled={!online}>
          <Plus aria-hidden />
          Új terem
        </Button>
      </Flex>

      {query.data && (
        <HStack gap="4" color="fg.muted" fontSize="sm" wrap="wrap">
          <HStack gap="2">
            <LayoutGrid size={16} aria-hidden />
            <Text>{classrooms.length} terem</Text>
          </HStack>
          {classrooms.length > 0 && (
            // The previews' shapes in words (the designer has its own legend with icons).
            <HStack as="ul" aria-label="Jelmagyarázat" gap="3" listStyleType="none">
              <HStack as="li" gap="1.5">
                <Box aria-hidden="true" boxSize="3" rounded="1px" bg="blue.solid" />
                <Text as="span">diák asztal</Text>
              </HStack>
              <HStack as="li" gap="1.5">
                <Box aria-hidden="true" boxSize="3" rounded="full" bg="orange.solid" />
                <Text as="span">tanári asztal</Text>
              </HStack>
            </HStack>
          )}
        </HStack>
      )}

      <OfflineMarker updatedAt={query.data?.date ?? null} />
      {!online && (
        <Text fontSize="sm" color="fg.muted">
          Hálózat nélkül a termek elrendezése szerkeszthető (a módosítások elküldésre várnak); új terem,
          másolat és törlés csak online lehetséges.
        </Text>
      )}

      <ListState query={query} count={classrooms.length} words={WORDS} emptyIcon={<LayoutGrid aria-hidden />}>
        <Grid
          as="ul"
          aria-label="Termek"
          listStyleType="none"
          templateColumns={{ base: '1fr', sm: 'repeat(auto-fill, minmax(18rem, 1fr))' }}
          gap="4"
        >
          {classrooms.map((classroom) => (
            <Box as="li" key={classroom._id} minW="0">
              <ClassroomCard
                classroom={classroom}
                pending={pendingIds.has(classroom._id)}
                online={online}
                copying={copyingId === classroom._id}
                onEdit={(c) => setEditingId(c._id)}
                onCopy={onCopy}
                onDelete={setDeleting}
              />
            </Box>
          ))}
        </Grid>
      </ListState>

      <CreateClassroomDialog
        open={creating}
        saving={create.isPending}
        onClose={() => setCreating(false)}
        onCreate={onCreate}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Terem törlése"
        question="Biztosan törölni szeretnéd ezt a termet?"
        subject={deleting?.name}
        confirmLabel="Törlés megerősítése"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && onConfirmDelete(deleting)}
      />
      <LayoutDesigner
        key={designerRevision}
        classroom={editing}
        pending={editingId !== null && pendingIds.has(editingId)}
        onSave={onSave}
        onClose={() => setEditingId(null)}
      />
    </Flex>
  )
}

/**
 * Hand merge, kept: `notesWithPending` lists waiting notes under their outbox ids, marked, which `withPending` cannot.
 *
 * GET /notes/:groupId (newest first) and the queued POST /notes {message, groupId} (spec §7). A note is written
 * through the outbox, as Munkaórák's hours: it shows at once, survives a reload offline and reaches the server once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CreateNoteRequest, Note, NotesResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { MESSAGES } from '@contract/messages'
import { apiRequest } from '@/lib/api-client'
import { textLabel, useQueuedMutation, type OutboxItem } from '@/lib/outbox'

export interface NotesData {
  notes: Note[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

export async function getNotes(groupId: string, signal?: AbortSignal): Promise<NotesData> {
  const { data, date } = await apiRequest<NotesResponse>(`/notes/${encodeURIComponent(groupId)}`, { signal })
  return { notes: Array.isArray(data?.notes) ? data.notes : [], date }
}

/** The key comes from contract/api-resources.ts, so the service worker's update notices refetch it. */
export const notesQuery = (groupId: string) =>
  queryOptions({
    queryKey: queryKeyOf('notes', groupId),
    queryFn: ({ signal }) => getNotes(groupId, signal),
  })

export function useNotes(groupId: string, enabled: boolean) {
  return useQuery({ ...notesQuery(groupId), enabled })
}

function request(body: CreateNoteRequest) {
  return {
    method: 'POST' as const,
    url: '/notes',
    body,
    label: textLabel('Jegyzet', body.message),
    expectCode: 201,
  }
}

/**
 * The id a note sent from this page has in the cache until the refetch brings the server's copy. Derived from
 * the body, so applying the same write twice changes nothing (the outbox asks for set, not append).
 */
function sentNoteId(body: CreateNoteRequest): string {
  return `sent:${body.groupId}:${body.message}`
}

/**
 * Once the server has accepted a note the outbox writes it into the cached list (before the refetch replaces the
 * list with the server's), so it never blinks out between "waiting" and "sent".
 */
function optimistic(current: NotesData | undefined, body: CreateNoteRequest): NotesData {
  const notes = current?.notes ?? []
  if (notes.some((note) => note.id === sentNoteId(body))) return current ?? { notes, date: null }
  const note: Note = {
    id: sentNoteId(body),
    _id: sentNoteId(body),
    message: body.message,
    groupId: body.groupId,
    createdAt: new Date().toISOString(),
    createdBy: '',
  }
  return { notes: [note, ...notes], date: current?.date ?? null }
}

/** A note as shown: a waiting one is marked. */
export interface ShownNote extends Note {
  pending: boolean
}

/**
 * The notes to show: the waiting ones of this group (newest first, each under its outbox id, so one write is one
 * note whatever happens to the cache), then the server's.
 */
export function notesWithPending(
  data: NotesData | undefined,
  pending: readonly OutboxItem[],
  author: string,
): ShownNote[] {
  const waiting: ShownNote[] = pending
    .filter((item) => item.status === 'waiting')
    .map((item) => {
      const body = item.body as CreateNoteRequest
      return {
        id: item.id,
        _id: item.id,
        message: body.message,
        groupId: body.groupId,
        createdAt: new Date(item.createdAt).toISOString(),
        createdBy: author,
        pending: true,
      }
    })
    .reverse()
  const seen = new Set(waiting.map((note) => note.id))
  const sent = (data?.notes ?? [])
    .filter((note) => !seen.has(note.id))
    .map((note) => ({ ...note, pending: false }))
  return [...waiting, ...sent]
}

/** Spec §8 (notes): the toasts of a new note. */
const NOTE_MESSAGES = {
  sent: MESSAGES.noteCreated,
  failed: 'Hiba történt a jegyzet létrehozása közben.',
  queued: 'Nincs hálózat – a jegyzet elküldésre vár.',
}

/** Creates a note of `groupId` through the outbox. */
export function useCreateNote(groupId: string) {
  return useQueuedMutation({
    key: notesQuery(groupId).queryKey,
    request,
    optimistic,
    messages: NOTE_MESSAGES,
  })
}

/** Notes on a group (spec §3, §8): plain text, stored and returned exactly as typed; only for groups the caller sees. */
import type { CreateNoteRequest, CreateNoteResponse, Note } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { insertNote, listNotes } from '../repositories/notes-repository'
import { visibleGroup } from './groups'
import type { Change, WriteContext } from './write'

type Caller = WriteContext['user']

/** GET /notes/:groupId, newest first. */
export async function groupNotes(db: Db, caller: Caller, groupId: string): Promise<Note[]> {
  const group = await visibleGroup(db, caller, groupId)
  const rows = await listNotes(db, group.id)
  return rows.map((row) => ({
    id: row.id,
    _id: row.id,
    message: row.message,
    groupId: row.groupId,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.authorName,
  }))
}

/** POST /notes → 201 {noteId}; an empty (or only whitespace) message is 'A jegyzet nem lehet üres!'. */
export function createNote(body: CreateNoteRequest): Change<CreateNoteResponse> {
  if (!body.message.trim()) throw new HttpError(400, MESSAGES.noteEmpty)
  return async ({ tx, now, user }) => {
    const group = await visibleGroup(tx, user, body.groupId, true)
    const noteId = await insertNote(tx, { groupId: group.id, message: body.message, createdBy: user.id, now })
    return {
      status: 201,
      body: { code: 201, message: MESSAGES.noteCreated, noteId },
      audit: { type: 'createNote', extras: { noteDocId: noteId, groupId: group.id, groupName: group.name } },
    }
  }
}

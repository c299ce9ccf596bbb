/** Notes on a group: plain text, stored exactly as typed. */
import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { notes, users } from '../db/schema'

export interface NoteRow {
  id: string
  groupId: string
  message: string
  createdAt: Date
  authorName: string
}

/** A group's notes, newest first. */
export async function listNotes(db: Db, groupId: string): Promise<NoteRow[]> {
  return db
    .select({
      id: notes.id,
      groupId: notes.groupId,
      message: notes.message,
      createdAt: notes.createdAt,
      authorName: users.name,
    })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.createdBy))
    .where(eq(notes.groupId, groupId))
    .orderBy(desc(notes.createdAt), desc(notes.id))
}

export async function insertNote(
  db: Db,
  input: { groupId: string; message: string; createdBy: string; now: Date },
): Promise<string> {
  const id = randomUUID()
  await db.insert(notes).values({
    id,
    groupId: input.groupId,
    message: input.message,
    createdBy: input.createdBy,
    createdAt: input.now,
  })
  return id
}

/** Classrooms and their layouts (spec §3). School-wide: no owner. */
import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { ClassroomLayout } from '@contract/api/classrooms'
import type { Db } from '../db'
import { classrooms, groups } from '../db/schema'

export type ClassroomRow = typeof classrooms.$inferSelect

/** Every classroom, in creation order (the service sorts by name). */
export async function listClassrooms(db: Db): Promise<ClassroomRow[]> {
  return db.select().from(classrooms).orderBy(asc(classrooms.createdAt), asc(classrooms.id))
}

/**
 * The classroom, or null. `lock` (inside a write): 'share' keeps it from being changed or deleted until the
 * transaction ends and reads the latest committed layout; 'update' waits for the writes that reference it.
 */
export async function findClassroom(
  db: Db,
  id: string,
  lock?: 'share' | 'update',
): Promise<ClassroomRow | null> {
  const query = db.select().from(classrooms).where(eq(classrooms.id, id)).limit(1)
  const [row] = lock ? await query.for(lock) : await query
  return row ?? null
}

export async function insertClassroom(
  db: Db,
  input: { name: string; layout: ClassroomLayout; now: Date },
): Promise<ClassroomRow> {
  const [row] = await db
    .insert(classrooms)
    .values({
      id: randomUUID(),
      name: input.name,
      layout: input.layout,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning()
  return row
}

/** Replaces name and layout; false when there is no such classroom. */
export async function updateClassroom(
  db: Db,
  id: string,
  input: { name: string; layout: ClassroomLayout; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(classrooms)
    .set({ name: input.name, layout: input.layout, updatedAt: input.now })
    .where(eq(classrooms.id, id))
    .returning({ id: classrooms.id })
  return rows.length > 0
}

export async function deleteClassroom(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(classrooms).where(eq(classrooms.id, id)).returning({ id: classrooms.id })
  return rows.length > 0
}

/** The groups that meet in the classroom (id and name), by name. */
export async function groupsInClassroom(
  db: Db,
  classroomId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.classroomId, classroomId))
    .orderBy(asc(groups.name))
}

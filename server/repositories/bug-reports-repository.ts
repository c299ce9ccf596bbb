/** Bug reports filed from inside the app (issue 11). */
import { randomUUID } from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db'
import { bugReports } from '../db/schema'

export type BugReportRow = typeof bugReports.$inferSelect

export interface NewBugReport {
  username: string
  message: string
  screen: string
  appVersion: string
  userAgent: string | null
}

export async function insertBugReport(db: Db, report: NewBugReport, now: Date): Promise<BugReportRow> {
  const [row] = await db
    .insert(bugReports)
    .values({ id: randomUUID(), ...report, createdAt: now })
    .returning()
  return row
}

/** Newest first. */
export async function listBugReports(db: Db): Promise<BugReportRow[]> {
  return db.select().from(bugReports).orderBy(desc(bugReports.createdAt), desc(bugReports.id))
}

/** Marks a report done; one already done keeps its first marking. Undefined when there is no such report. */
export async function markBugReportDone(
  db: Db,
  id: string,
  username: string,
  now: Date,
): Promise<BugReportRow | undefined> {
  await db
    .update(bugReports)
    .set({ doneAt: now, doneBy: username })
    .where(and(eq(bugReports.id, id), isNull(bugReports.doneAt)))
  const [row] = await db.select().from(bugReports).where(eq(bugReports.id, id))
  return row
}

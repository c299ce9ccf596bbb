/** Work hours (spec §3, §5, §7): each signed-in user reads and writes only their own days. */
import { eq } from 'drizzle-orm'
import type { MessageBody, WorkHoursRequest, WorkHoursResponse } from '@contract/api'
import { dayInZone } from '@contract/features'
import { isCalendarDate } from '@contract/api/work-hours'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { users } from '../db/schema'
import { HttpError } from '../lib/http-error'
import { listWorkHours, setWorkHours } from '../repositories/work-hours-repository'
import type { Change } from './write'

/**
 * The user's days and the day from which empty weekdays count as missing (docs/decisions/work-hours.md, "Missing work days"):
 * a teacher logs hours from the day the account was created; any other account only once it has logged a day,
 * from that first day; an account that never logged has none missing (null).
 */
export async function workHoursOf(db: Db, userId: string, timeZone: string): Promise<WorkHoursResponse> {
  const workHours = await listWorkHours(db, userId)
  const [user] = await db
    .select({ type: users.type, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  const firstLogged = Object.keys(workHours)[0] ?? null
  const missingFrom =
    user?.type === 'teacher' ? dayInZone(user.createdAt, timeZone) : user ? firstLogged : null
  return { workHours, missingFrom }
}

/**
 * A POST /work/hours body that passed the contract's schema (a bad number of hours — a string, negative, over 24,
 * not a step of 0.5 — is already a 400 with its message) as the change for `runWrite`; a day that does not exist
 * (2026-02-30) is 400 'Kérlek adj meg egy érvényes dátumot.'.
 */
export function workHoursChange(body: WorkHoursRequest): Change<MessageBody> {
  if (!isCalendarDate(body.date)) throw new HttpError(400, MESSAGES.invalidWorkDate)
  return async ({ tx, user }) => {
    await setWorkHours(tx, user.id, body.date, body.hours)
    return { body: { code: 200, message: MESSAGES.workHoursSaved } }
  }
}

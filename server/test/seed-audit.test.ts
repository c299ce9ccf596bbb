/**
 * `npm run seed:demo -- --audit N` (issue 10): the argument, and the bulk audit history — every type of the
 * catalogue with its extras, on school-day hours of the past year, never in the future, searchable, the indexes
 * rebuilt after a bulk load — on both databases.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AUDIT_TYPES } from '@contract/audit'
import { seedAuditHistory } from '../cli/seed-audit'
import { auditCountArgument } from '../cli/seed-demo'
import { auditLogPage } from '../services/audit-log'
import { drivers, useTestApp } from './build'

describe('--audit', () => {
  it.each([
    [[], null],
    [['--audit', '1000000'], 1_000_000],
    [['--audit=2500'], 2500],
    [['--audit', '1_000'], 1000],
  ])('%j → %j', (argv, count) => {
    expect(auditCountArgument(argv)).toBe(count)
  })

  it.each([[['--audit']], [['--audit', 'sok']], [['--audit', '0']], [['--audit=-5']], [['--audit', '1.5']]])(
    'refuses %j',
    (argv) => {
      expect(() => auditCountArgument(argv)).toThrow(/--audit/)
    },
  )
})

/** Which extras each type carries (as the services write them). */
const EXTRAS: Record<string, string[]> = {
  createClassroom: ['classroomId', 'classroomName'],
  updateClassroom: ['classroomId', 'classroomName'],
  deleteClassroom: ['classroomId', 'classroomName'],
  createStudentGroup: ['classroomId', 'groupName', 'studentGroupDocId'],
  deleteStudentGroup: ['classroomId', 'groupName', 'studentGroupDocId'],
  updateSeating: ['classroomId', 'groupId', 'groupName'],
  deleteSeating: ['classroomId', 'groupId', 'groupName'],
  createNote: ['groupId', 'groupName', 'noteDocId'],
  createShortUrl: ['short', 'urlDocId'],
  deleteShortUrl: ['short', 'urlDocId'],
  changeUserPassword: ['studentUsername'],
  changeOwnPassword: [],
  changeMfaEmail: ['mfaEnabled'],
  dashboardAuthentication: [],
  createAdminAlert: [],
  deleteAdminAlert: [],
  createUser: ['targetUsername'],
  updateUser: ['targetUsername'],
  updateUserStatus: ['disabled', 'targetUsername'],
  resetUserPassword: ['targetUsername'],
  removeUserMfa: ['targetUsername'],
  updateUserFeatures: ['targetUsername'],
  importUsers: ['userCount'],
  deleteFile: ['filePath', 'isFolder'],
  renameFile: ['filePath', 'isFolder', 'newFileName'],
  updateAttendance: ['date', 'groupName', 'studentGroupDocId'],
  updateStudentGroup: ['groupName', 'studentGroupDocId'],
}

describe.each(drivers)('bulk audit history on %s', (driver) => {
  const t = useTestApp(driver)

  it('adds realistic entries of every type, keeps the indexes, and they are found by every filter', async () => {
    const db = t.handle.db
    const now = new Date('2025-06-02T10:00:00Z')
    const phases: string[] = []
    await seedAuditHistory(db, 6000, {
      now,
      rebuildIndexes: true,
      onProgress: ({ phase }) => phases.push(phase),
    })
    expect(phases).toContain('insert')
    expect(phases).toContain('index')

    const rows = (
      (await db.execute(sql`select type, username, ts, extras from audit_log`)) as unknown as {
        rows: { type: string; username: string; ts: string | number; extras: Record<string, string> }[]
      }
    ).rows
    expect(rows).toHaveLength(6000)
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(AUDIT_TYPES))
    for (const row of rows) expect(Object.keys(row.extras).sort()).toEqual(EXTRAS[row.type])
    const nowSeconds = now.getTime() / 1000
    const stamps = rows.map((row) => Number(row.ts))
    expect(Math.max(...stamps)).toBeLessThanOrEqual(nowSeconds)
    expect(Math.min(...stamps)).toBeGreaterThan(nowSeconds - 367 * 86_400)
    // School-day hours, Central European time (07:00–18:00 in winter).
    for (const stamp of stamps) {
      const hour = ((((stamp + 3600) % 86_400) + 86_400) % 86_400) / 3600
      expect(hour).toBeGreaterThanOrEqual(7)
      expect(hour).toBeLessThan(18)
    }
    // Laid in the table oldest first, as a log written over the year is (a search walks the newest entries: in
    // random order each of them would be a table page of its own). The planner's statistics say how closely the
    // table's order follows the time: 1 is exactly, about 0 is random.
    const [{ correlation }] = (
      (await db.execute(
        sql`select correlation from pg_stats where tablename = 'audit_log' and attname = 'ts'`,
      )) as unknown as { rows: { correlation: number }[] }
    ).rows
    expect(Number(correlation)).toBeGreaterThan(0.95)
    // Most logins are students'; announcements are the administrators'.
    const users = new Set(rows.map((row) => row.username))
    expect(users.size).toBeGreaterThan(300)

    const indexes = (
      (await db.execute(
        sql`select indexname from pg_indexes where tablename = 'audit_log' order by indexname`,
      )) as unknown as { rows: { indexname: string }[] }
    ).rows.map((row) => row.indexname)
    expect(indexes).toEqual([
      'audit_log_pkey',
      'audit_log_search_idx',
      'audit_log_ts_idx',
      'audit_log_type_ts_idx',
      'audit_log_username_ts_idx',
    ])

    const note = rows.find((row) => row.type === 'createNote')!
    const word = note.extras.groupName.split(' ')[1]
    const found = await auditLogPage(db, { q: word, types: 'createNote', limit: 100 }, 'Europe/Budapest')
    expect(found.logs.length).toBeGreaterThan(0)
    for (const entry of found.logs)
      expect(String(entry.groupName).toLowerCase()).toContain(word.toLowerCase())
    const byId = await auditLogPage(db, { q: note.extras.noteDocId }, 'Europe/Budapest')
    expect(byId.logs.map((entry) => entry.noteDocId)).toEqual([note.extras.noteDocId])
  })

  // A type whose share is 1 in 2,000 was missing from a 6,000-entry seed about one run in twenty (CI failed on it).
  it('has every catalogue type, however rare its share, even in a seed of a few dozen entries', async () => {
    const db = t.handle.db
    await db.execute(sql`delete from audit_log`)
    await seedAuditHistory(db, 50, { now: new Date('2025-06-02T10:00:00Z') })
    const rows = (
      (await db.execute(sql`select type from audit_log`)) as unknown as { rows: { type: string }[] }
    ).rows
    expect(rows).toHaveLength(50)
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(AUDIT_TYPES))
  })
})

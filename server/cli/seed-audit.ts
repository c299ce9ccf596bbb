/**
 * A year of audit history in bulk (`npm run seed:demo -- --audit 1000000`; issue 10): realistic entries of every type
 * of the catalogue — logins (most of them students'), notes, seating, links, classrooms, groups, password resets,
 * announcements — by a school's staff and students, with the extras each type carries, on school-day hours over the
 * past 365 days. The rows are made by the database itself (`generate_series`, one INSERT … SELECT per batch), so
 * nothing crosses the wire; for a large run the indexes (the primary key too) are dropped first and built once at the
 * end, which is several times faster than keeping them up to date row by row.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { AUDIT_TYPES, type AuditType } from '@contract/audit'
import type { Db } from '../db'
import { classrooms, groups, users } from '../db/schema'

/** Rows per INSERT … SELECT. */
const BATCH = 100_000
/** From this many rows on, the indexes are rebuilt rather than maintained. */
const REBUILD_FROM = 50_000

/** Share of each type among the entries (sums to 1; every catalogue type is present). */
export const TYPE_MIX: Record<AuditType, number> = {
  dashboardAuthentication: 0.4865,
  changeUserPassword: 0.025,
  changeOwnPassword: 0.005,
  changeMfaEmail: 0.0005,
  createNote: 0.12,
  updateSeating: 0.13,
  deleteSeating: 0.01,
  createShortUrl: 0.06,
  deleteShortUrl: 0.02,
  createClassroom: 0.01,
  updateClassroom: 0.04,
  deleteClassroom: 0.005,
  createStudentGroup: 0.045,
  deleteStudentGroup: 0.02,
  createAdminAlert: 0.01,
  deleteAdminAlert: 0.004,
  createUser: 0.002,
  updateUser: 0.0005,
  updateUserStatus: 0.001,
  resetUserPassword: 0.002,
  removeUserMfa: 0.0005,
  updateUserFeatures: 0.0005,
  importUsers: 0.0005,
  deleteFile: 0.0005,
  renameFile: 0.0005,
  updateAttendance: 0.0005,
  updateStudentGroup: 0.0005,
}

const FAMILY = [
  'Balogh',
  'Farkas',
  'Horváth',
  'Kiss',
  'Lakatos',
  'Molnár',
  'Németh',
  'Papp',
  'Simon',
  'Takács',
]
const GIVEN = ['anna', 'bence', 'csenge', 'daniel', 'eszter', 'ferenc', 'greta', 'hunor', 'jazmin', 'kristof']
const SUBJECTS = ['matematika', 'fizika', 'angol', 'informatika', 'kémia', 'történelem', 'biológia', 'német']
const LINK_WORDS = [
  'matek',
  'fizika',
  'angol',
  'dolgozat',
  'hazi',
  'projekt',
  'tabor',
  'szakkor',
  'erettsegi',
]

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** A text[] literal of our own constants (quotes doubled). */
function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`
}

/** `(arr)[1 + floor(r * n)]`: a uniform pick by the random column `r`. */
function pick(values: readonly string[], r: string): string {
  return `(${textArray(values)})[1 + floor(${r} * ${values.length})::int]`
}

export interface AuditSeedPools {
  admins: string[]
  teachers: string[]
  students: string[]
  classrooms: { id: string; name: string }[]
  groups: { id: string; name: string }[]
}

/**
 * Who and what the entries name: the school's own accounts, classrooms and groups where it has them, completed to a
 * school of some size (2 administrators, 40 teachers, 600 students, 30 rooms, 240 groups) with made-up ones.
 */
export async function auditSeedPools(db: Db): Promise<AuditSeedPools> {
  const people = await db.select({ username: users.username, type: users.type }).from(users)
  const admins = people.filter((p) => p.type === 'admin').map((p) => p.username)
  const teachers = people.filter((p) => p.type === 'teacher').map((p) => p.username)
  const students = people.filter((p) => p.type === 'student').map((p) => p.username)
  for (let i = 0; admins.length < 2; i++) admins.push(`igazgato${i ? `.${i}` : '.helyettes'}`)
  for (let i = 0; teachers.length < 40; i++)
    teachers.push(`${ascii(GIVEN[i % GIVEN.length])}.${ascii(FAMILY[(i * 3) % FAMILY.length])}${i}`)
  for (let i = 0; students.length < 600; i++)
    students.push(`${GIVEN[(i * 7) % GIVEN.length]}.${ascii(FAMILY[i % FAMILY.length])}.${i}`)
  const rooms = await db.select({ id: classrooms.id, name: classrooms.name }).from(classrooms)
  for (let i = 0; rooms.length < 30; i++)
    rooms.push({ id: randomUUID(), name: String(101 + (i % 10) + 100 * Math.floor(i / 10)) })
  const known = await db.select({ id: groups.id, name: groups.name }).from(groups)
  for (let i = 0; known.length < 240; i++)
    known.push({
      id: randomUUID(),
      name: `${9 + (i % 4)}.${'ABCD'[Math.floor(i / 4) % 4]} ${SUBJECTS[i % SUBJECTS.length]}`,
    })
  return { admins, teachers, students, classrooms: rooms, groups: known }
}

/**
 * The INSERT … SELECT of `count` entries spread over the year before `now` (epoch seconds), or over the part of it
 * `slice` names (fractions of the year back from `now`: [0.9, 1] is its oldest tenth), inserted oldest first. A real
 * log is written as things happen, so its rows lie in the table in time order; a bulk load in random order would give
 * every page of the newest entries a page of its own on disk (a search walking 3,000 candidates read 3,000 pages, and
 * its first page took three times as long as on a table in time order).
 */
export function auditSeedSql(
  pools: AuditSeedPools,
  count: number,
  now: number,
  slice: [number, number] = [0, 1],
): string {
  // The type by cumulative share of one random number.
  let bound = 0
  const typeCase = AUDIT_TYPES.map((type) => {
    bound += TYPE_MIX[type]
    return type === AUDIT_TYPES[AUDIT_TYPES.length - 1]
      ? `ELSE '${type}'`
      : `WHEN p < ${bound} THEN '${type}'`
  }).join(' ')
  // The first rows of every batch take each type in turn (the middle of its share), so every catalogue type is
  // present however rare its share: a few in 100,000 change no figure, and a small seed has every type too.
  let start = 0
  const everyType = AUDIT_TYPES.map((type, i) => {
    const middle = start + TYPE_MIX[type] / 2
    start += TYPE_MIX[type]
    return `WHEN ${i + 1} THEN ${middle}`
  }).join(' ')
  const roomIds = pools.classrooms.map((c) => c.id)
  const roomNames = pools.classrooms.map((c) => c.name)
  const groupIds = pools.groups.map((g) => g.id)
  const groupNames = pools.groups.map((g) => g.name)
  const room = (field: 'id' | 'name', r: string) => pick(field === 'id' ? roomIds : roomNames, r)
  const group = (field: 'id' | 'name', r: string) => pick(field === 'id' ? groupIds : groupNames, r)
  const year = 365 * 86_400
  return `
INSERT INTO audit_log (id, username, type, ts, extras)
SELECT gen_random_uuid(),
  CASE
    WHEN t = 'dashboardAuthentication' AND ru < 0.75 THEN ${pick(pools.students, 'ru / 0.75')}
    WHEN t IN ('createAdminAlert', 'deleteAdminAlert') OR ru > 0.98 THEN ${pick(pools.admins, '(ru * 1000 - floor(ru * 1000))')}
    ELSE ${pick(pools.teachers, '(ru * 100 - floor(ru * 100))')}
  END,
  t,
  -- A school-day hour (07:00–18:00 Central European time) of a day of the past year; today's later hours go a
  -- day back, so nothing is in the future.
  day0 + 25200 + floor(rh * 39600)::bigint - CASE WHEN day0 + 25200 + floor(rh * 39600)::bigint > ${now}
    THEN 86400 ELSE 0 END,
  CASE
    WHEN t IN ('createClassroom', 'updateClassroom', 'deleteClassroom') THEN
      jsonb_build_object('classroomId', ${room('id', 'rx')}, 'classroomName', ${room('name', 'rx')})
    WHEN t IN ('createStudentGroup', 'deleteStudentGroup') THEN
      jsonb_build_object('studentGroupDocId', ${group('id', 'rx')}, 'groupName', ${group('name', 'rx')},
        'classroomId', ${room('id', 'ry')})
    WHEN t = 'updateStudentGroup' THEN
      jsonb_build_object('studentGroupDocId', ${group('id', 'rx')}, 'groupName', ${group('name', 'rx')})
    WHEN t IN ('updateSeating', 'deleteSeating') THEN
      jsonb_build_object('groupId', ${group('id', 'rx')}, 'groupName', ${group('name', 'rx')},
        'classroomId', ${room('id', 'ry')})
    WHEN t = 'createNote' THEN
      jsonb_build_object('noteDocId', gen_random_uuid()::text, 'groupId', ${group('id', 'rx')},
        'groupName', ${group('name', 'rx')})
    WHEN t IN ('createShortUrl', 'deleteShortUrl') THEN
      jsonb_build_object('urlDocId', gen_random_uuid()::text,
        'short', ${pick(LINK_WORDS, 'rx')} || '-' || floor(ry * 1000)::int)
    WHEN t = 'changeUserPassword' THEN jsonb_build_object('studentUsername', ${pick(pools.students, 'ry')})
    WHEN t = 'updateUserStatus' THEN
      jsonb_build_object('targetUsername', ${pick(pools.students, 'ry')}, 'disabled', (rx < 0.7)::text)
    WHEN t IN ('createUser', 'updateUser', 'resetUserPassword', 'removeUserMfa', 'updateUserFeatures') THEN
      jsonb_build_object('targetUsername', ${pick(pools.students, 'ry')})
    WHEN t = 'changeMfaEmail' THEN jsonb_build_object('mfaEnabled', (rx < 0.8)::text)
    WHEN t = 'importUsers' THEN jsonb_build_object('userCount', (5 + floor(rx * 30)::int)::text)
    WHEN t = 'deleteFile' THEN
      jsonb_build_object('filePath', 'Tananyagok/' || ${pick(LINK_WORDS, 'rx')} || '.pdf', 'isFolder', 'false')
    WHEN t = 'renameFile' THEN
      jsonb_build_object('filePath', 'Tananyagok/' || ${pick(LINK_WORDS, 'rx')} || '.pdf', 'isFolder', 'false',
        'newFileName', ${pick(LINK_WORDS, 'ry')} || '-' || floor(ry * 100)::int || '.pdf')
    WHEN t = 'updateAttendance' THEN
      jsonb_build_object('studentGroupDocId', ${group('id', 'rx')}, 'groupName', ${group('name', 'rx')},
        'date', to_char(to_timestamp(day0 + 43200) AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
    ELSE '{}'::jsonb
  END
FROM (
  SELECT ru, rh, rx, ry,
    (${now} - floor((${slice[0]} + rd * ${slice[1] - slice[0]}) * ${year})::bigint) / 86400 * 86400 - 3600 AS day0,
    CASE ${typeCase} END AS t
  FROM (
    SELECT CASE g ${everyType} ELSE random() END AS p,
      random() AS ru, random() AS rd, random() AS rh, random() AS rx, random() AS ry
    FROM generate_series(1, ${count}) AS g
  ) AS r
) AS s
ORDER BY 4`
}

/**
 * What to rebuild after a bulk load: the DDL that drops and the DDL that re-creates each index of audit_log — the
 * secondary ones as the migrations made them, and the primary key as its constraint.
 */
async function rebuildPlan(db: Db): Promise<{ drop: string; create: string }[]> {
  const result = await db.execute(sql`
    select format('ALTER TABLE audit_log DROP CONSTRAINT %I', c.conname) as drop,
           format('ALTER TABLE audit_log ADD CONSTRAINT %I %s', c.conname, pg_get_constraintdef(c.oid)) as create
    from pg_constraint c
    where c.conrelid = 'audit_log'::regclass and c.contype = 'p'
    union all
    select format('DROP INDEX %I', i.indexname), i.indexdef
    from pg_indexes i
    where i.tablename = 'audit_log' and i.schemaname = current_schema()
      and i.indexname not in (select conname from pg_constraint where conrelid = 'audit_log'::regclass)`)
  return (result as unknown as { rows: { drop: string; create: string }[] }).rows
}

export interface AuditSeedProgress {
  phase: 'insert' | 'index' | 'analyze'
  done: number
  total: number
}

/**
 * Adds `count` entries. Safe to run on a live school's database (it only adds rows), but meant for a demo or a
 * benchmark: the server should be stopped (PGlite allows one process; on PostgreSQL the index rebuild would slow
 * the audit log's readers meanwhile).
 */
export async function seedAuditHistory(
  db: Db,
  count: number,
  options: {
    now?: Date
    onProgress?: (progress: AuditSeedProgress) => void
    /** Drop the indexes and build them at the end (default: from REBUILD_FROM rows on). */
    rebuildIndexes?: boolean
  } = {},
): Promise<void> {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000)
  const pools = await auditSeedPools(db)
  const rebuild = (options.rebuildIndexes ?? count >= REBUILD_FROM) ? await rebuildPlan(db) : []
  for (const index of rebuild) await db.execute(sql.raw(index.drop))
  try {
    for (let done = 0; done < count;) {
      const size = Math.min(BATCH, count - done)
      // Oldest first: this batch's share of the year, counted back from its far end.
      const slice: [number, number] = [1 - (done + size) / count, 1 - done / count]
      await db.execute(sql.raw(auditSeedSql(pools, size, now, slice)))
      done += size
      options.onProgress?.({ phase: 'insert', done, total: count })
    }
  } finally {
    // Rebuilt even after a failure, so the table is never left without its indexes.
    for (const [i, index] of rebuild.entries()) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`)
        await tx.execute(sql.raw(index.create))
      })
      options.onProgress?.({ phase: 'index', done: i + 1, total: rebuild.length })
    }
  }
  // Fresh statistics for the planner, and the visibility map that lets counts use the indexes alone.
  await db.execute(sql`vacuum analyze audit_log`)
  options.onProgress?.({ phase: 'analyze', done: 1, total: 1 })
}

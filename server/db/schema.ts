/**
 * The one PostgreSQL schema (DESIGN §2). The same SQL runs on PGlite and on PostgreSQL; migrations are generated
 * from this file with `npm run db:generate` into server/db/migrations and applied at start.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ClassroomLayout, SeatPosition } from '@contract/api/classrooms'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['admin', 'teacher', 'student'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    mfaEmail: text('mfa_email'),
    disabled: boolean('disabled').notNull().default(false),
    /** A password someone else chose (printed first administrator, `--one-time`): its owner must set their own. */
    passwordOneTime: boolean('password_one_time').notNull().default(false),
    passwordChangedAt: ts('password_changed_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_type_idx').on(t.type),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['session', 'mfa'] }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    lastSeen: ts('last_seen').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/** One MFA code per login, bound to that login's temporary token (a `sessions` row of kind 'mfa'). */
export const mfaChallenges = pgTable('mfa_challenges', {
  loginTokenHash: text('login_token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  used: boolean('used').notNull().default(false),
  createdAt: ts('created_at').notNull(),
})

/** Per-user overrides of the role's default features. A null `dependencies` keeps the default ones. */
export const userFeatures = pgTable(
  'user_features',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureId: text('feature_id').notNull(),
    enabled: boolean('enabled').notNull(),
    startDate: text('start_date'),
    endDate: text('end_date'),
    dependencies: jsonb('dependencies').$type<string[]>(),
    variant: text('variant'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.featureId] })],
)

export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

export const alerts = pgTable('alerts', {
  id: uuid('id').primaryKey(),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull(),
})

/** Bug reports filed from inside the app (issue 11); administrators list them newest first and mark them done. */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    message: text('message').notNull(),
    screen: text('screen').notNull(),
    appVersion: text('app_version').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
    doneAt: ts('done_at'),
    doneBy: text('done_by'),
  },
  (t) => [index('bug_reports_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
)

/** A PostgreSQL `tsvector` (read back as its text form; only the audit log's search column uses it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * The audit log's search words (issue 10). The user name and the extras that are names (classroom, group, short
 * code, student, the account an administrator acted on) are lower-cased and cut into words at blanks and ASCII
 * punctuation except backslash and backtick. Each word is stored twice: with the entry's type in front
 * ('createnote/matematika'), so a search together with a type filter is one lookup in the GIN index instead of the
 * intersection of two large sets (a common word and a common type with nothing in common took the planner 0.4–0.7
 * s), and bare ('matematika'), so a search over every type is one lexeme to test, not an OR over the whole catalogue
 * (which made testing 3,000 candidates 8 ms instead of 2 on PostgreSQL, and several times that on PGlite). The
 * extras that are ids are kept whole, lower-cased, marked with a leading '#' ('#' is a separator, so no word has
 * one), so a short prefix like '9' never walks a million ids. `auditSearchQuery` in
 * server/repositories/audit-query.ts builds the query with the same rules. Computed by the database, so every
 * writer — the app, the demo seed — fills it.
 */
const AUDIT_SEARCH_NAMES = sql.raw(
  `lower(${[
    'username',
    ...['classroomName', 'groupName', 'short', 'studentUsername', 'targetUsername'].map(
      (key) => `coalesce(extras->>'${key}', '')`,
    ),
  ].join(" || ' ' || ")})`,
)
const AUDIT_SEARCH_IDS = sql.raw(
  ['urlDocId', 'classroomId', 'studentGroupDocId', 'noteDocId', 'groupId']
    .map((key) => `'#' || nullif(lower(extras->>'${key}'), '')`)
    .join(', '),
)

/** The separators as a PostgreSQL regular expression literal: blanks and ASCII punctuation except \\ and `. */
const AUDIT_SEARCH_SEPARATORS = sql.raw(`'[][:space:].,;:!?''"(){}<>/|_+=*&^%$#@~[-]+'`)

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    type: text('type').notNull(),
    /** Epoch seconds, as the spec's entries carry them. */
    ts: bigint('ts', { mode: 'number' }).notNull(),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`array_to_tsvector(array_remove(string_to_array(lower(type) || '/' || regexp_replace(${AUDIT_SEARCH_NAMES}, ${AUDIT_SEARCH_SEPARATORS}, ' ' || lower(type) || '/', 'g'), ' '), lower(type) || '/') || array_remove(string_to_array(regexp_replace(${AUDIT_SEARCH_NAMES}, ${AUDIT_SEARCH_SEPARATORS}, ' ', 'g'), ' '), '') || array_remove(array[${AUDIT_SEARCH_IDS}], null))`,
      ),
  },
  // Every ordered index ends in (ts DESC, id DESC) NULLS LAST, the order of every audit query (keyset-friendly).
  (t) => [
    index('audit_log_ts_idx').on(t.ts.desc(), t.id.desc()),
    index('audit_log_type_ts_idx').on(t.type, t.ts.desc(), t.id.desc()),
    index('audit_log_username_ts_idx').on(t.username, t.ts.desc(), t.id.desc()),
    index('audit_log_search_idx').using('gin', t.search),
  ],
)

/** Stored first answers of writes carrying an Idempotency-Key (kept 24 h). Status 0 = still running. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
)

/** Logged work hours (spec §3): per user and calendar day, 0.5–24 in steps of 0.5; 0 is stored as no row. */
export const workHours = pgTable(
  'work_hours',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD', the school's calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    hours: real('hours').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('work_hours_hours_range', sql`${t.hours} > 0 and ${t.hours} <= 24`),
  ],
)

/**
 * Guess counters (services/throttle.ts): one row per scope and key, claimed atomically (`INSERT … ON CONFLICT … DO
 * UPDATE … RETURNING`) before a password or code is checked, so that concurrent requests in any number of processes
 * cannot check more than the limit. A window starts at its first claim and ends at `reset_at`; `strikes` counts the
 * windows in a row that reached their limit (the account-wide back-off doubles the window with each).
 */
export const authCounters = pgTable(
  'auth_counters',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    resetAt: ts('reset_at').notNull(),
    strikes: integer('strikes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('auth_counters_reset_idx').on(t.resetAt)],
)

/**
 * Devices that signed in to an account (a random proof the server gave at a successful sign-in, stored as its
 * sha256): a known device keeps its own guess budget and passes an account-wide back-off (docs/decisions/sign-in.md).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    proofHash: text('proof_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastUsed: ts('last_used').notNull(),
  },
  (t) => [index('known_devices_last_used_idx').on(t.lastUsed)],
)

/**
 * A change counter per data set, bumped by statement-level triggers on every change of the tables its list reads
 * (migrations 0001, 0013). A server process keeps a serialised copy of a list (services/kept-lists.ts) and reads the
 * counter to know whether it is still current, also when another process or the CLI changed the data. Each data set
 * has `DATA_VERSION_SLOTS` rows: a bump takes a slot no other transaction holds (SKIP LOCKED), so concurrent writers
 * do not queue on one row; the counter is the sum of the slots, which only grows and is seen once committed.
 */
export const dataVersions = pgTable(
  'data_versions',
  {
    name: text('name').notNull(),
    slot: integer('slot').notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
)

/**
 * Each account's last sign-in (epoch seconds, as the audit log's `ts`), written with the sign-in's audit entry, so
 * the accounts list reads a column instead of searching the audit log per user. Its own table: a sign-in does not
 * change `users`, whose every change makes the students list stale.
 */
export const userSignIns = pgTable('user_sign_ins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  at: bigint('at', { mode: 'number' }).notNull(),
})

/** Classrooms (spec §3): a name (the room number, shown as '{room}. terem') and the desk layout. School-wide. */
export const classrooms = pgTable('classrooms', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  layout: jsonb('layout').$type<ClassroomLayout>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
})

/**
 * Student groups (spec §3): led by one teacher, meeting on one weekday (1 = Monday … 7 = Sunday), optionally in a
 * classroom. A classroom in use cannot be deleted (the service answers 409; the foreign key is the safety net).
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    day: integer('day').notNull(),
    classroomId: uuid('classroom_id').references(() => classrooms.id, { onDelete: 'restrict' }),
    instructorId: uuid('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull(),
    /** 'HH:MM' (issue 20); null for a group created before groups had a time. Both or neither, the end after the start. */
    startTime: text('start_time'),
    endTime: text('end_time'),
  },
  (t) => [
    index('groups_instructor_idx').on(t.instructorId),
    index('groups_classroom_idx').on(t.classroomId),
    check('groups_day_range', sql`${t.day} between 1 and 7`),
    check(
      'groups_time_range',
      sql`(${t.startTime} is null) = (${t.endTime} is null) and (${t.startTime} is null or ${t.startTime} < ${t.endTime})`,
    ),
  ],
)

/** A group's students. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
)

/** A group's seating in its classroom: [{student (username), position 'x-y'}]; no row = nobody seated. */
export const seating = pgTable('seating', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  positions: jsonb('positions').$type<SeatPosition[]>().notNull(),
  updatedAt: ts('updated_at').notNull(),
})

/** Notes on a group (spec §3): plain text, stored exactly as typed. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('notes_group_created_idx').on(t.groupId, t.createdAt.desc(), t.id.desc())],
)

/**
 * The attendance register (issue 20): one row per group, day and pupil (the member's username, kept after they leave
 * the group, so a filed month still shows them). A pupil without a row that day is unmarked. `recordedBy` is the
 * username of who saved the day last, `recordedAt` when.
 */
export const attendance = pgTable(
  'attendance',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    student: text('student').notNull(),
    status: text('status', { enum: ['present', 'absent', 'late', 'excused'] }).notNull(),
    note: text('note'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: ts('recorded_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.day, t.student] }),
    check('attendance_status_known', sql`${t.status} in ('present', 'absent', 'late', 'excused')`),
  ],
)

/**
 * Short links (spec §3, DESIGN §3): `/s/:short` redirects to `url`. Codes are `[A-Za-z0-9_-]{1,64}`, unique
 * case-sensitively. `visits` counts redirects without storing who visited; after `expiresAt` the code answers 410.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid('id').primaryKey(),
    url: text('url').notNull(),
    short: text('short').notNull(),
    visits: integer('visits').notNull().default(0),
    expiresAt: ts('expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('short_links_short_idx').on(t.short), index('short_links_created_idx').on(t.createdAt)],
)

/** Blocked proxy domains (spec §3, DESIGN §3): normalised host names, with an optional comment. */
export const blockedDomains = pgTable('blocked_domains', {
  domain: text('domain').primaryKey(),
  comment: text('comment'),
  createdAt: ts('created_at').notNull(),
})

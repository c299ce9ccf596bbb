/**
 * Users (admins, teachers and students are all users; `type` tells them apart).
 *
 * For CLI scripts (server/cli/*): open the database with `openDatabase(config)` + `migrate(handle)` from
 * `server/db`, then call `createUser`, `setPassword`, `setPasswordHash`, `setDisabled`, `clearMfa`, `findUserByUsername`,
 * `listUsers` with `handle.db`. Passwords are hashed here; pass `{ logN }` only to make hashing cheaper in tests.
 * Usernames are unique case-insensitively; a duplicate makes `createUser` throw DuplicateUsernameError.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm'
import type { UserType } from '@contract/features'
import type { Db } from '../db'
import { sessions, userFeatures, userSignIns, users } from '../db/schema'
import { hashPassword } from '../lib/password'

export type UserRow = typeof users.$inferSelect

export interface NewUser {
  username: string
  name: string
  type: UserType
  password: string
  mfaEmail?: string | null
  /** Someone else chose the password (printed, generated, `--one-time`): the owner must set their own first. */
  oneTime?: boolean
}

export interface HashOptions {
  /** log2 of the scrypt cost; defaults to the production 17. */
  logN?: number
  /** Clock for timestamps; defaults to now. */
  now?: Date
}

export class DuplicateUsernameError extends Error {
  constructor(readonly username: string) {
    super(`A felhasználónév már foglalt / username already taken: ${username}`)
    this.name = 'DuplicateUsernameError'
  }
}

const byUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true
  }
  return false
}

/** Creates a user; returns the stored row. Throws DuplicateUsernameError when the username is taken. */
export async function createUser(db: Db, input: NewUser, options: HashOptions = {}): Promise<UserRow> {
  const { password, ...rest } = input
  const passwordHash = await hashPassword(password, options.logN)
  return insertUserWithHash(db, { ...rest, passwordHash }, options.now ?? new Date())
}

/** The user with this username (case-insensitive), or null. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(byUsername(username)).limit(1)
  return row ?? null
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return Number(row.n)
}

/** All users, optionally of one type, ordered by username. */
export async function listUsers(db: Db, type?: UserType): Promise<UserRow[]> {
  const query = db.select().from(users)
  return type
    ? query.where(eq(users.type, type)).orderBy(asc(users.username))
    : query.orderBy(asc(users.username))
}

/** Active students as the students list shows them (sorted by the caller with the Hungarian collation). */
export async function listStudents(db: Db): Promise<{ id: string; name: string; username: string }[]> {
  return db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(and(eq(users.type, 'student'), eq(users.disabled, false)))
}

/**
 * Sets a new password and revokes every session of that user (DESIGN §3). Returns false when no such user.
 * `onlyType` restricts the change to one account type (the students' reset only touches students).
 */
export async function setPassword(
  db: Db,
  username: string,
  password: string,
  options: HashOptions & { onlyType?: UserType; oneTime?: boolean } = {},
): Promise<UserRow | null> {
  return setPasswordHash(db, username, await hashPassword(password, options.logN), options)
}

/**
 * Like setPassword with a hash made beforehand (`hashPassword`), so that slow hashing stays outside a transaction.
 * `oneTime` (default false) marks a password someone else chose, which its owner must replace at the next sign-in.
 */
export async function setPasswordHash(
  db: Db,
  username: string,
  passwordHash: string,
  options: { now?: Date; onlyType?: UserType; oneTime?: boolean } = {},
): Promise<UserRow | null> {
  const where = options.onlyType
    ? and(byUsername(username), eq(users.type, options.onlyType))
    : byUsername(username)
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      passwordOneTime: options.oneTime ?? false,
      passwordChangedAt: options.now ?? new Date(),
    })
    .where(where)
    .returning()
  if (!row) return null
  await db.delete(sessions).where(eq(sessions.userId, row.id))
  return row
}

/**
 * Sets a user's password hash by id and ends their sessions — all of them, or all but `keepTokenHash` (one's own
 * change keeps the session that made it). Returns null when no such user.
 */
export async function replacePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  options: { now: Date; oneTime: boolean; keepTokenHash?: string },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, passwordOneTime: options.oneTime, passwordChangedAt: options.now })
    .where(eq(users.id, userId))
    .returning()
  if (!row) return null
  await db
    .delete(sessions)
    .where(
      options.keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, options.keepTokenHash))
        : eq(sessions.userId, userId),
    )
  return row
}

/** Disables (or re-enables) an account; disabling revokes its sessions. Returns false when no such user. */
export async function setDisabled(db: Db, username: string, disabled = true): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ disabled })
    .where(byUsername(username))
    .returning({ id: users.id })
  if (!row) return false
  if (disabled) await db.delete(sessions).where(eq(sessions.userId, row.id))
  return true
}

/** Sets the MFA email of a user (null or '' turns MFA off). Returns false when no such user. */
export async function setMfaEmail(db: Db, userId: string, email: string | null): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ mfaEmail: email?.trim() || null })
    .where(eq(users.id, userId))
    .returning({ id: users.id })
  return Boolean(row)
}

/** Turns MFA off for a user by username (a lost mailbox). Returns false when no such user. */
export async function clearMfa(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ mfaEmail: null })
    .where(byUsername(username))
    .returning({ id: users.id })
  return Boolean(row)
}

// ---- Felhasználók screen (issue 11): the administrators' account management. ----

/** A user row with the epoch seconds of the latest successful sign-in (`user_sign_ins`), or null. */
export type UserWithLastSignIn = UserRow & { lastSignIn: number | null }

/**
 * Every account with its latest sign-in, from `user_sign_ins` (one row per account, written with each sign-in's
 * audit entry; migration 0013 filled it from the audit log) — not a search of the audit log per account.
 */
export async function listUsersWithLastSignIn(db: Db): Promise<UserWithLastSignIn[]> {
  return db
    .select({ ...getTableColumns(users), lastSignIn: userSignIns.at })
    .from(users)
    .leftJoin(userSignIns, eq(userSignIns.userId, users.id))
    .orderBy(asc(users.username))
}

/** Records a sign-in (in the sign-in's transaction, beside its audit entry): the account's last sign-in. */
export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  const seconds = Math.floor(at.getTime() / 1000)
  await db
    .insert(userSignIns)
    .values({ userId, at: seconds })
    .onConflictDoUpdate({ target: userSignIns.userId, set: { at: seconds } })
}

/** The ids of the active (not disabled) administrators, locked until the transaction ends (last-admin rule). */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for('update')
  return rows.map((row) => row.id)
}

/**
 * Changes name, type or disabled of one account by id; disabling ends its sessions. Returns the row, or null when
 * there is no such user.
 */
export async function updateUserById(
  db: Db,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'type' | 'disabled'>>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning()
  if (!row) return null
  if (changes.disabled) await db.delete(sessions).where(eq(sessions.userId, id))
  return row
}

/** Turns MFA off for a user by id. Returns the row, or null when there is no such user. */
export async function clearMfaById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ mfaEmail: null }).where(eq(users.id, id)).returning()
  return row ?? null
}

/** Which of `usernames` are taken (compared case-insensitively); returns them lower-cased. */
export async function takenUsernames(db: Db, usernames: readonly string[]): Promise<Set<string>> {
  if (!usernames.length) return new Set()
  const lower = [...new Set(usernames.map((u) => u.toLowerCase()))]
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, lower))
  return new Set(rows.map((row) => row.username.toLowerCase()))
}

/**
 * Replaces every feature override of a user (the per-user features dialog saves the whole set). What the dialog does
 * not edit — a kept override's variant (groupNotes 'ui1') and custom dependencies — stays as it was.
 */
export async function replaceUserFeatureOverrides(
  db: Db,
  userId: string,
  overrides: readonly {
    featureId: string
    enabled: boolean
    startDate: string | null
    endDate: string | null
  }[],
): Promise<void> {
  const kept = new Map(
    (await db.select().from(userFeatures).where(eq(userFeatures.userId, userId))).map((row) => [
      row.featureId,
      row,
    ]),
  )
  await db.delete(userFeatures).where(eq(userFeatures.userId, userId))
  if (!overrides.length) return
  await db.insert(userFeatures).values(
    overrides.map((o) => ({
      userId,
      featureId: o.featureId,
      enabled: o.enabled,
      startDate: o.startDate,
      endDate: o.endDate,
      dependencies: kept.get(o.featureId)?.dependencies ?? null,
      variant: kept.get(o.featureId)?.variant ?? null,
    })),
  )
}

/** Like createUser with a hash made beforehand, so that slow hashing stays outside the transaction. */
export async function insertUserWithHash(
  db: Db,
  input: Omit<NewUser, 'password'> & { passwordHash: string },
  now: Date,
): Promise<UserRow> {
  const row = {
    id: randomUUID(),
    username: input.username.trim(),
    name: input.name.trim(),
    type: input.type,
    passwordHash: input.passwordHash,
    mfaEmail: input.mfaEmail?.trim() || null,
    disabled: false,
    passwordOneTime: input.oneTime ?? false,
    passwordChangedAt: now,
    createdAt: now,
  }
  try {
    const [created] = await db.insert(users).values(row).returning()
    return created
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateUsernameError(row.username)
    throw error
  }
}

/** Rows per INSERT of `insertUsersWithHashes`: bounds one statement's size (five array parameters). */
export const USER_INSERT_CHUNK = 1000

/**
 * Many users with hashes made beforehand (an import), USER_INSERT_CHUNK rows per INSERT … SELECT FROM unnest(arrays):
 * five parameters a statement instead of ten a row. 2,600 rows take about 0.2 s on PGlite (one INSERT a row: over
 * 5 s; multi-row VALUES of 500: about 1 s — drizzle's and PGlite's cost per parameter), so the transaction holds
 * the database briefly. A username taken meanwhile (even by a transaction that commits while this one waits) is
 * not inserted and comes back in `taken`, in the order given: the caller decides (the import rolls it all back).
 */
export async function insertUsersWithHashes(
  db: Db,
  inputs: readonly (Omit<NewUser, 'password' | 'mfaEmail'> & { passwordHash: string })[],
  now: Date,
): Promise<{ created: Pick<UserRow, 'id' | 'username' | 'name' | 'type'>[]; taken: string[] }> {
  const rows = inputs.map((input) => ({
    id: randomUUID(),
    username: input.username.trim(),
    name: input.name.trim(),
    type: input.type,
    passwordHash: input.passwordHash,
    oneTime: input.oneTime ?? false,
  }))
  const inserted = new Set<string>()
  const at = now.toISOString()
  for (let start = 0; start < rows.length; start += USER_INSERT_CHUNK) {
    const chunk = rows.slice(start, start + USER_INSERT_CHUNK)
    const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(chunk.map((row) => row[key]))
    const result = (await db.execute(sql`
      insert into ${users} (id, username, name, type, password_hash, password_one_time, disabled,
        password_changed_at, created_at)
      select u.id, u.username, u.name, u.type, u.password_hash, u.one_time, false, ${at}::timestamptz,
        ${at}::timestamptz
      from unnest(${column('id')}::uuid[], ${column('username')}::text[], ${column('name')}::text[],
        ${column('type')}::text[], ${column('passwordHash')}::text[], ${column('oneTime')}::boolean[])
        as u(id, username, name, type, password_hash, one_time)
      on conflict do nothing
      returning id`)) as unknown as { rows: { id: string }[] }
    for (const row of result.rows) inserted.add(row.id)
  }
  const created = rows
    .filter((row) => inserted.has(row.id))
    .map(({ id, username, name, type }) => ({ id, username, name, type }))
  const taken = rows.filter((row) => !inserted.has(row.id)).map((row) => row.username)
  return { created, taken }
}

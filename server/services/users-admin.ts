/**
 * Felhasználók (issue 11, feature `manageUsers`): the administrators' account management. Every change goes through
 * `runWrite` (one transaction with its audit entry). Passwords made here are generated, one-time (the owner sets their
 * own at the first sign-in) and hashed before the transaction starts; the answer carries the password once.
 *
 * The last-administrator rule: a change that would leave no active (not disabled) administrator — disabling one or
 * giving one another type — is a 409. The active administrators' rows are locked first (SELECT … FOR UPDATE), so two
 * administrators disabling each other at the same moment cannot both pass the check.
 */
import { MESSAGES } from '@contract/messages'
import {
  USERNAME_PATTERN,
  USERS_MESSAGES,
  type CreateUserRequest,
  type MessageBody,
  type OneTimePasswordResponse,
  type UpdateUserRequest,
  type UserFeatureOverride,
  type UserFeatureRow,
  type UserFeaturesResponse,
  type UserResponse,
  type UserSummary,
} from '@contract/api'
import {
  FEATURE_DEPENDENCIES,
  FEATURE_IDS,
  ROLE_DEFAULT_FEATURES,
  dayInZone,
  isFeatureEnabled,
  type FeatureId,
  type UserType,
} from '@contract/features'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { hashPassword, randomPassword } from '../lib/password'
import { listUserFeatures } from '../repositories/features-repository'
import {
  DuplicateUsernameError,
  clearMfaById,
  findUserById,
  insertUserWithHash,
  listUsersWithLastSignIn,
  lockActiveAdmins,
  replacePasswordHash,
  replaceUserFeatureOverrides,
  updateUserById,
  type UserRow,
} from '../repositories/users-repository'
import { isUuid } from '../lib/uuid'
import { buildFeatureMap } from './features-service'
import { keptList, type KeptList } from './kept-lists'
import type { Change } from './write'

/** Generated one-time passwords: unambiguous characters, short enough to type from a printed slip. */
export const GENERATED_PASSWORD_LENGTH = 12

export function summaryOf(row: UserRow, lastSignIn: number | null = null): UserSummary {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    type: row.type,
    mfa: Boolean(row.mfaEmail),
    disabled: row.disabled,
    oneTime: row.passwordOneTime,
    lastSignIn: lastSignIn === null ? null : new Date(lastSignIn * 1000).toISOString(),
  }
}

/** Every account, by username (the export's rows). */
export async function usersList(db: Db): Promise<UserSummary[]> {
  return (await listUsersWithLastSignIn(db)).map((row) => summaryOf(row, row.lastSignIn))
}

/** GET /users: every account, kept serialised per change of the accounts or a sign-in (services/kept-lists.ts). */
export function keptUsersList(db: Db): KeptList {
  return keptList(db, 'accounts', async () => ({
    body: JSON.stringify({ users: await usersList(db) }),
    value: undefined,
  }))
}

/** The trimmed username, or the Hungarian reason it may not be used. */
export function usernameProblem(username: string): string | null {
  if (!username) return USERS_MESSAGES.usernameRequired
  if (!USERNAME_PATTERN.test(username)) return USERS_MESSAGES.usernameInvalid
  return null
}

/** POST /users → 201 with the generated one-time password (shown once); audited as createUser. */
export async function createUserChange(
  body: CreateUserRequest,
  logN: number,
): Promise<Change<OneTimePasswordResponse>> {
  const name = body.name.trim()
  const username = body.username.trim()
  if (!name) throw new HttpError(400, USERS_MESSAGES.nameRequired)
  const problem = usernameProblem(username)
  if (problem) throw new HttpError(400, problem)
  const password = randomPassword(GENERATED_PASSWORD_LENGTH)
  const passwordHash = await hashPassword(password, logN)
  return async ({ tx, now }) => {
    let row: UserRow
    try {
      row = await insertUserWithHash(
        tx,
        { name, username, type: body.type, passwordHash, oneTime: true },
        now,
      )
    } catch (error) {
      if (error instanceof DuplicateUsernameError) throw new HttpError(409, USERS_MESSAGES.usernameTaken)
      throw error
    }
    return {
      status: 201,
      body: { code: 201, message: USERS_MESSAGES.created, user: summaryOf(row), password },
      audit: { type: 'createUser', extras: { targetUsername: row.username } },
    }
  }
}

async function existingUser(tx: Db, id: string): Promise<UserRow> {
  const row = isUuid(id) ? await findUserById(tx, id) : null
  if (!row) throw new HttpError(404, MESSAGES.userNotFound)
  return row
}

/** Refuses (409) a change that would leave no active administrator. */
async function keepAnAdmin(
  tx: Db,
  user: UserRow,
  after: { type: UserType; disabled: boolean },
): Promise<void> {
  const stillActiveAdmin = after.type === 'admin' && !after.disabled
  if (user.type !== 'admin' || user.disabled || stillActiveAdmin) return
  const admins = await lockActiveAdmins(tx)
  if (admins.filter((id) => id !== user.id).length === 0) throw new HttpError(409, USERS_MESSAGES.lastAdmin)
}

/** PUT /users/:id/status {disabled}: disabling ends the account's sessions; audited as updateUserStatus. */
export function setUserStatus(id: string, disabled: boolean): Change<UserResponse> {
  return async ({ tx }) => {
    const user = await existingUser(tx, id)
    await keepAnAdmin(tx, user, { type: user.type, disabled })
    const row = (await updateUserById(tx, user.id, { disabled }))!
    return {
      body: {
        code: 200,
        message: disabled ? USERS_MESSAGES.disabled : USERS_MESSAGES.enabled,
        user: summaryOf(row),
      },
      audit: {
        type: 'updateUserStatus',
        extras: { targetUsername: row.username, disabled: String(disabled) },
      },
    }
  }
}

/** PUT /users/:id {name, type}; audited as updateUser. The last active administrator keeps the type. */
export function updateUserChange(id: string, body: UpdateUserRequest): Change<UserResponse> {
  const name = body.name.trim()
  if (!name) throw new HttpError(400, USERS_MESSAGES.nameRequired)
  return async ({ tx }) => {
    const user = await existingUser(tx, id)
    await keepAnAdmin(tx, user, { type: body.type, disabled: user.disabled })
    const row = (await updateUserById(tx, user.id, { name, type: body.type }))!
    return {
      body: { code: 200, message: USERS_MESSAGES.saved, user: summaryOf(row) },
      audit: { type: 'updateUser', extras: { targetUsername: row.username } },
    }
  }
}

/** POST /users/:id/password: a new generated one-time password; every session of the account ends. */
export async function resetPasswordChange(
  id: string,
  logN: number,
): Promise<Change<OneTimePasswordResponse>> {
  const password = randomPassword(GENERATED_PASSWORD_LENGTH)
  const passwordHash = await hashPassword(password, logN)
  return async ({ tx, now }) => {
    const user = await existingUser(tx, id)
    const row = (await replacePasswordHash(tx, user.id, passwordHash, { now, oneTime: true }))!
    return {
      body: { code: 200, message: USERS_MESSAGES.passwordReset, user: summaryOf(row), password },
      audit: { type: 'resetUserPassword', extras: { targetUsername: row.username } },
    }
  }
}

/** DELETE /users/:id/mfa: the account signs in with its password alone (a lost mailbox). */
export function removeMfaChange(id: string): Change<UserResponse> {
  return async ({ tx }) => {
    const user = await existingUser(tx, id)
    const row = (await clearMfaById(tx, user.id))!
    return {
      body: { code: 200, message: USERS_MESSAGES.mfaRemoved, user: summaryOf(row) },
      audit: { type: 'removeUserMfa', extras: { targetUsername: row.username } },
    }
  }
}

/**
 * The last-administrator rule for features: after the change (inside its transaction) some active administrator
 * must still have `manageUsers` today, or nobody could undo it from the screen (409).
 */
async function keepAManager(tx: Db, now: Date, timeZone: string): Promise<void> {
  const today = dayInZone(now, timeZone)
  for (const adminId of await lockActiveAdmins(tx)) {
    const map = buildFeatureMap('admin', await listUserFeatures(tx, adminId))
    if (isFeatureEnabled(map, 'manageUsers', today)) return
  }
  throw new HttpError(409, USERS_MESSAGES.lastManager)
}

const dependenciesOf = (id: string): string[] => [...(FEATURE_DEPENDENCIES[id as FeatureId] ?? [])]

/**
 * GET /users/:id/features: every feature of the contract with the role default, the override, the dependencies and
 * the effective state today — `isFeatureEnabled` on the same map the server's access checks use.
 */
export async function userFeatures(
  db: Db,
  id: string,
  now: Date,
  timeZone: string,
): Promise<UserFeaturesResponse> {
  const user = await existingUser(db, id)
  const overrides = await listUserFeatures(db, user.id)
  const map = buildFeatureMap(user.type, overrides)
  const today = dayInZone(now, timeZone)
  const defaults = new Set<string>(ROLE_DEFAULT_FEATURES[user.type])
  const features: UserFeatureRow[] = FEATURE_IDS.map((featureId) => {
    const override = overrides.find((row) => row.featureId === featureId)
    return {
      id: featureId,
      roleDefault: defaults.has(featureId),
      override: override
        ? { enabled: override.enabled, startDate: override.startDate, endDate: override.endDate }
        : null,
      dependencies: map[featureId]?.dependencies ?? dependenciesOf(featureId),
      effective: isFeatureEnabled(map, featureId, today),
    }
  })
  return { today, features }
}

const isDay = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Checks the overrides of PUT /users/:id/features; returns them in storage form. */
export function checkedOverrides(
  overrides: readonly UserFeatureOverride[],
): { featureId: string; enabled: boolean; startDate: string | null; endDate: string | null }[] {
  const seen = new Set<string>()
  return overrides.map((o) => {
    if (!(FEATURE_IDS as readonly string[]).includes(o.id) || seen.has(o.id))
      throw new HttpError(400, USERS_MESSAGES.unknownFeature.replace('{id}', o.id))
    seen.add(o.id)
    if ((o.startDate && !isDay(o.startDate)) || (o.endDate && !isDay(o.endDate)))
      throw new HttpError(400, USERS_MESSAGES.badDate)
    if (o.startDate && o.endDate && o.startDate > o.endDate) throw new HttpError(400, USERS_MESSAGES.badDates)
    return { featureId: o.id, enabled: o.enabled, startDate: o.startDate, endDate: o.endDate }
  })
}

/**
 * PUT /users/:id/features replaces the user's overrides; the server's checks read them on the user's next request
 * and the menu at the next dashboard load. Audited as updateUserFeatures.
 */
export function setUserFeaturesChange(
  id: string,
  overrides: readonly UserFeatureOverride[],
  timeZone: string,
): Change<MessageBody> {
  const rows = checkedOverrides(overrides)
  return async ({ tx, now }) => {
    const user = await existingUser(tx, id)
    await replaceUserFeatureOverrides(tx, user.id, rows)
    if (user.type === 'admin' && !user.disabled) await keepAManager(tx, now, timeZone)
    return {
      body: { code: 200, message: USERS_MESSAGES.featuresSaved },
      audit: { type: 'updateUserFeatures', extras: { targetUsername: user.username } },
    }
  }
}

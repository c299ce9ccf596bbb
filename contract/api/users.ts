/**
 * Felhasználók (issue 11, feature `manageUsers`): the accounts list, create, disable/enable, type change, password
 * reset, MFA removal, per-user features, and import/export. Generated passwords are one-time: their owner sets their
 * own at the first sign-in (contract/password-rule.ts). Hungarian messages: USERS_MESSAGES.
 */
import { Type, type Static } from '@sinclair/typebox'
import { LIMITS } from '../limits'
import { strict } from './common'

export const USERS_MESSAGES = {
  created: 'Felhasználó létrehozva.',
  saved: 'Felhasználó mentve.',
  disabled: 'Felhasználó letiltva.',
  enabled: 'Felhasználó engedélyezve.',
  passwordReset: 'Új egyszer használatos jelszó készült. A felhasználó minden munkamenete véget ért.',
  mfaRemoved: 'A többfaktoros hitelesítés kikapcsolva.',
  featuresSaved: 'Funkciók mentve.',
  usernameTaken: 'Ez a felhasználónév már foglalt.',
  nameRequired: 'Kérlek add meg a nevet.',
  usernameRequired: 'Kérlek add meg a felhasználónevet.',
  usernameInvalid:
    'A felhasználónév csak betűt, számot, pontot, kötőjelet, aláhúzást és @ jelet tartalmazhat.',
  lastAdmin: 'Az utolsó aktív adminisztrátor nem tiltható le és nem sorolható át más típusba.',
  lastManager: 'Legalább egy aktív adminisztrátornak meg kell tartania a Felhasználók kezelése funkciót.',
  unknownFeature: 'Ismeretlen funkció: {id}.',
  badDates: 'A kezdő dátum nem lehet későbbi a záró dátumnál.',
  badDate: 'Érvénytelen dátum.',
  importBadFile: 'Csak .xlsx vagy .csv fájl importálható.',
  importUnreadable: 'A fájl nem olvasható.',
  importInvalid:
    'A fájl hibás sorokat tartalmaz, ezért semmi sem került mentésre. Javítsd a fájlt, és próbáld újra.',
  importNothing: 'A fájlban nincs új felhasználó.',
  imported: '{count} felhasználó létrehozva.',
  importTaken: 'Egy felhasználónév közben foglalttá vált ({username}), ezért semmi sem került mentésre.',
  rowMissingColumn: 'Hiányzó oszlop: {columns}',
  rowUnknownType: "Ismeretlen típus: '{type}'",
  rowMissingField: 'Hiányzó név vagy felhasználónév',
  rowDuplicate: 'A felhasználónév többször szerepel a fájlban',
  rowExists: 'Már létezik',
  rowNulCharacter: 'A sor NUL (0x00) karaktert tartalmaz, ez nem menthető.',
} as const

const userType = Type.Union([Type.Literal('admin'), Type.Literal('teacher'), Type.Literal('student')])
const day = Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()], {
  errorMessage: USERS_MESSAGES.badDate,
})

/** A user's name: required (a blank one is refused by the server after trimming). */
const name = Type.String({
  minLength: 1,
  maxLength: LIMITS.nameMax,
  errorMessage: { required: USERS_MESSAGES.nameRequired, minLength: USERS_MESSAGES.nameRequired },
})

/** One row of the list. `lastSignIn` is the ISO time of the latest successful sign-in (the audit log), or null. */
export const UserSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  type: userType,
  mfa: Type.Boolean(),
  disabled: Type.Boolean(),
  /** The account still has a password someone else chose (generated, printed, `--one-time`). */
  oneTime: Type.Boolean(),
  lastSignIn: Type.Union([Type.String(), Type.Null()]),
})
export type UserSummary = Static<typeof UserSummary>

export const UsersResponse = Type.Object({ users: Type.Array(UserSummary) })
export type UsersResponse = Static<typeof UsersResponse>

export const UserIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })
export type UserIdParams = Static<typeof UserIdParams>

export const CreateUserRequest = Type.Object(
  {
    name,
    username: Type.String({
      minLength: 1,
      maxLength: LIMITS.usernameMax,
      errorMessage: { required: USERS_MESSAGES.usernameRequired, minLength: USERS_MESSAGES.usernameRequired },
    }),
    type: userType,
  },
  strict,
)
export type CreateUserRequest = Static<typeof CreateUserRequest>

/** A generated one-time password, shown once: the server keeps only its hash. */
export const OneTimePasswordResponse = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  user: UserSummary,
  password: Type.String(),
})
export type OneTimePasswordResponse = Static<typeof OneTimePasswordResponse>

/** PUT /users/:id — name and type (a type change is refused for the last active administrator). */
export const UpdateUserRequest = Type.Object({ name, type: userType }, strict)
export type UpdateUserRequest = Static<typeof UpdateUserRequest>

export const UserStatusRequest = Type.Object({ disabled: Type.Boolean() }, strict)
export type UserStatusRequest = Static<typeof UserStatusRequest>

export const UserResponse = Type.Object({ code: Type.Integer(), message: Type.String(), user: UserSummary })
export type UserResponse = Static<typeof UserResponse>

/** One feature as the per-user dialog shows it. `effective` is contract isFeatureEnabled for today. */
export const UserFeatureRow = Type.Object({
  id: Type.String(),
  /** In the role's default set. */
  roleDefault: Type.Boolean(),
  override: Type.Union([Type.Object({ enabled: Type.Boolean(), startDate: day, endDate: day }), Type.Null()]),
  dependencies: Type.Array(Type.String()),
  effective: Type.Boolean(),
})
export type UserFeatureRow = Static<typeof UserFeatureRow>

export const UserFeaturesResponse = Type.Object({
  today: Type.String(),
  features: Type.Array(UserFeatureRow),
})
export type UserFeaturesResponse = Static<typeof UserFeaturesResponse>

export const UserFeatureOverride = Type.Object(
  { id: Type.String({ maxLength: 100 }), enabled: Type.Boolean(), startDate: day, endDate: day },
  strict,
)
export type UserFeatureOverride = Static<typeof UserFeatureOverride>

/** PUT /users/:id/features replaces every override of the user (a replay changes nothing more). */
export const UserFeaturesRequest = Type.Object(
  { overrides: Type.Array(UserFeatureOverride, { maxItems: 100 }) },
  strict,
)
export type UserFeaturesRequest = Static<typeof UserFeaturesRequest>

/**
 * POST /users/import/preview and /users/import: the `.xlsx` or `.csv` file (the columns of `npm run users -- import`:
 * type, name, username, password; the password column may be left empty, then one is generated) as base64.
 */
export const ImportUsersRequest = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
    content: Type.String({ maxLength: LIMITS.bodyLimitBytes }),
  },
  strict,
)
export type ImportUsersRequest = Static<typeof ImportUsersRequest>

export const ImportOutcome = Type.Union([
  Type.Literal('new'),
  Type.Literal('exists'),
  Type.Literal('invalid'),
])
export type ImportOutcome = Static<typeof ImportOutcome>

export const ImportPreviewRow = Type.Object({
  line: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  username: Type.String(),
  outcome: ImportOutcome,
  /** Why the row is invalid (Hungarian); absent otherwise. */
  reason: Type.Optional(Type.String()),
})
export type ImportPreviewRow = Static<typeof ImportPreviewRow>

export const ImportPreviewResponse = Type.Object({ rows: Type.Array(ImportPreviewRow) })
export type ImportPreviewResponse = Static<typeof ImportPreviewResponse>

export const ImportedUser = Type.Object({
  name: Type.String(),
  username: Type.String(),
  type: userType,
  password: Type.String(),
})
export type ImportedUser = Static<typeof ImportedUser>

export const ImportUsersResponse = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  created: Type.Array(ImportedUser),
  skipped: Type.Integer(),
})
export type ImportUsersResponse = Static<typeof ImportUsersResponse>

/**
 * `POST /users/import` asked with `Accept: application/x-ndjson` (the screen): once the file is checked, a 200 whose
 * body is one JSON object a line — the hashing's progress, `write` when the rows go in, and last `result`: the
 * status and body the plain JSON form would have answered (201 with ImportUsersResponse, or a 4xx with
 * `{code, message}`, e.g. a file with an invalid row). A file that cannot be read at all (not .xlsx/.csv, a
 * missing column) and a replayed key answer plain JSON, as without the header.
 */
export type ImportProgressLine =
  | { phase: 'hash'; done: number; total: number }
  | { phase: 'write'; total: number }
  | { phase: 'result'; status: number; body: unknown }

/** Usernames the screen accepts: no spaces, so they can be typed at a sign-in. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u

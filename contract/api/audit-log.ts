/**
 * Rendszernapló — the audit log (spec §3 Audit log entry, §4 Audit log, §7 GET /auditlog, §9; DESIGN §3, §7;
 * issue 10). Read-only, feature `viewAuditLog` on every route. Never cached by the service worker (the log changes
 * with every write; see api-resources.test.ts).
 *
 * - `GET /auditlog?page&limit&q&user&types&excludeTypes&from&to[&cursor]` → `AuditLogResponse`, newest first
 *   (timestamp, then `_id`, both descending).
 * - `GET /auditlog/users` → `AuditLogUsersResponse`: every user name that has an entry, for the Felhasználók filter.
 * - `GET /auditlog/export.csv?<the same filters>` → `text/csv` (UTF-8 with BOM), streamed: the whole filtered view
 *   (every page, not only the loaded ones), newest first, `AUDIT_CSV_COLUMNS` as the header row, RFC 4180 quoting, and
 *   a cell starting with = + - @ tab or CR gets a leading ' (formula injection). `page`, `limit` and `cursor` are
 *   ignored there. The file name comes in Content-Disposition (`auditlog-<yyyy-MM-dd>.csv`).
 *
 * Every refused query is a 400 `{code, message}` with one of `AUDIT_LOG_MESSAGES`.
 */
import { Type, type Static } from '@sinclair/typebox'
import { AUDIT_EXTRA_KEYS, type AuditExtras } from '../audit'

/** The page size the screen asks for (spec §9). */
export const AUDIT_PAGE_SIZE = 20
/** The largest `limit` accepted; more is a 400. */
export const AUDIT_LIMIT_MAX = 100
/**
 * `total` is counted exactly up to this many entries. When more match, the server stops counting: `total` is this
 * number and `totalIsEstimate` is true, which means "more than `total`" (the screen says 'több mint N esemény').
 * The last page of a filter (one that is not full, asked by `page`) always carries the exact total, however large.
 */
export const AUDIT_EXACT_TOTAL_MAX = 1000
/**
 * The same bound when the query has a search (`q`): counting matches of a search reads the entries themselves, not
 * just an index, so it stops sooner ('több mint 100 esemény').
 */
export const AUDIT_EXACT_TOTAL_MAX_SEARCH = 100

/** The 400 messages of the audit routes (Hungarian, shown as the server's message). */
export const AUDIT_LOG_MESSAGES = {
  /** `{types}`: the unknown names, comma separated. */
  unknownTypes: 'Ismeretlen eseménytípus: {types}.',
  badDate: 'Érvénytelen dátum. Kérlek ÉÉÉÉ-HH-NN formátumot használj.',
  dateOrder: 'A kezdő dátum nem lehet későbbi a záró dátumnál.',
  badPage: 'Az oldalszám csak 1 vagy annál nagyobb egész szám lehet.',
  badLimit: `Egy oldalon 1 és ${AUDIT_LIMIT_MAX} közötti számú esemény kérhető.`,
  badCursor: 'Érvénytelen lapozási pozíció.',
  tooLong: 'A keresési feltétel túl hosszú.',
} as const

/**
 * The query of GET /auditlog (and, without page/limit/cursor, of the CSV export).
 *
 * - `page` ≥ 1 (default 1), `limit` 1–100 (default 20).
 * - `q`: words, each the beginning of a word of the user name or of an extra (classroom name, group name, short
 *   code, student user name, the ids…), case-insensitive, in any order: 'mat 9' finds '9.A matematika'. Words are cut
 *   at blanks and ASCII punctuation (so 'kovacs.eva' is 'kovacs' + 'eva'); at most 8 are used. Empty: no search.
 * - `user`: exactly this user name (the screen sends it only when exactly one user is selected, spec §5).
 * - `types`: comma list of audit types to include; `excludeTypes`: comma list to leave out. Both must name only
 *   types of the catalogue (contract/audit.ts), an unknown one is a 400. Empty or absent means no restriction.
 * - `from`, `to`: 'yyyy-MM-dd', inclusive days in the school's time zone (Europe/Budapest); from after to is a 400.
 * - `cursor` (optional, beyond the spec): `nextCursor` of the previous page. When given, the page starts right after
 *   that entry (keyset, constant time however deep) and `page` is ignored. Without it `page` works as the spec says.
 */
export const AuditLogQuery = Type.Object(
  {
    // Bounded: `1e309` reads as Infinity (an "integer" to the validator) and a huge page overflows the offset.
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_000_000, errorMessage: AUDIT_LOG_MESSAGES.badPage }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: AUDIT_LIMIT_MAX, errorMessage: AUDIT_LOG_MESSAGES.badLimit }),
    ),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    user: Type.Optional(Type.String({ maxLength: 200 })),
    types: Type.Optional(Type.String({ maxLength: 2000 })),
    excludeTypes: Type.Optional(Type.String({ maxLength: 2000 })),
    from: Type.Optional(Type.String({ maxLength: 10, errorMessage: AUDIT_LOG_MESSAGES.badDate })),
    to: Type.Optional(Type.String({ maxLength: 10, errorMessage: AUDIT_LOG_MESSAGES.badDate })),
    cursor: Type.Optional(Type.String({ maxLength: 100, errorMessage: AUDIT_LOG_MESSAGES.badCursor })),
  },
  // Every other refusal of the query (a search, user or type list too long, a repeated parameter).
  { errorMessage: AUDIT_LOG_MESSAGES.tooLong },
)
export type AuditLogQuery = Static<typeof AuditLogQuery>

/** The filters of the CSV export: the page query without page, limit and cursor. */
export const AuditLogExportQuery = Type.Omit(AuditLogQuery, ['page', 'limit', 'cursor'], {
  errorMessage: AUDIT_LOG_MESSAGES.tooLong,
})
export type AuditLogExportQuery = Static<typeof AuditLogExportQuery>

/**
 * One entry, as the spec's entity: `_id`, `user`, `action {type, timestamp}` (epoch seconds) and the extras its type
 * carries, at the top level (`classroomName`, `short`, …; only those present). `action.type` is one of the catalogue's
 * types (contract/audit.ts); it is typed as a string because a client must still show 'Ismeretlen művelet' for one
 * it does not know.
 */
export const AuditLogEntry = Type.Object({
  _id: Type.String(),
  user: Type.String(),
  action: Type.Object({
    type: Type.String(),
    /** Epoch seconds. */
    timestamp: Type.Integer(),
  }),
  // The extras (contract/audit.ts AUDIT_EXTRA_KEYS), each present only when the entry carries it.
  urlDocId: Type.Optional(Type.String()),
  classroomName: Type.Optional(Type.String()),
  classroomId: Type.Optional(Type.String()),
  groupName: Type.Optional(Type.String()),
  studentGroupDocId: Type.Optional(Type.String()),
  short: Type.Optional(Type.String()),
  studentUsername: Type.Optional(Type.String()),
  noteDocId: Type.Optional(Type.String()),
  groupId: Type.Optional(Type.String()),
  targetUsername: Type.Optional(Type.String()),
  disabled: Type.Optional(Type.String()),
  userCount: Type.Optional(Type.String()),
  filePath: Type.Optional(Type.String()),
  isFolder: Type.Optional(Type.String()),
  newFileName: Type.Optional(Type.String()),
  mfaEnabled: Type.Optional(Type.String()),
  date: Type.Optional(Type.String()),
})
export type AuditLogEntry = Static<typeof AuditLogEntry>

// The entry's extras are exactly the catalogue's: tsc fails here if one is added on one side only.
type EntryExtras = Omit<AuditLogEntry, '_id' | 'user' | 'action'>
const extrasMatch: [Required<EntryExtras>, Required<AuditExtras>] extends [
  Required<AuditExtras>,
  Required<EntryExtras>,
]
  ? true
  : false = true
void extrasMatch

/** GET /auditlog. */
export const AuditLogResponse = Type.Object({
  logs: Type.Array(AuditLogEntry),
  /** The number of entries matching the filters; when `totalIsEstimate`, a lower bound ("more than total"). */
  total: Type.Integer({ minimum: 0 }),
  /** True when more than the bound match (AUDIT_EXACT_TOTAL_MAX, or …_SEARCH with a search) and counting stopped. */
  totalIsEstimate: Type.Boolean(),
  /** Send as `cursor` for the page after this one; null when this page was not full (nothing more). */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type AuditLogResponse = Static<typeof AuditLogResponse>

/** GET /auditlog/users: every user name that has at least one entry, in Hungarian alphabetical order. */
export const AuditLogUsersResponse = Type.Object({ users: Type.Array(Type.String()) })
export type AuditLogUsersResponse = Static<typeof AuditLogUsersResponse>

/** The header row of the CSV export, in this order; the extras follow the fixed columns. */
export const AUDIT_CSV_COLUMNS = ['_id', 'timestamp', 'time', 'user', 'type', ...AUDIT_EXTRA_KEYS] as const

/**
 * The accounts and students the end-to-end run creates before the server starts (tests/e2e/global-setup.ts).
 * Each spec that changes an account's state (MFA e-mail, theme, password) has an account of its own, so specs
 * never depend on each other's order; an account whose state a spec changes has a twin for the retry, so a
 * retried spec starts from the same state as the first try (see `accountFor`).
 */
export type UserType = 'admin' | 'teacher' | 'student'

export interface Account {
  type: UserType
  name: string
  username: string
  password: string
}

const PW = 'Tesztjelszo-2024!'

export const USERS = {
  /** Sets an MFA e-mail: nobody else signs in as this admin. */
  mfaAdmin: { type: 'admin', name: 'Adminisztrátor Ágnes', username: 'e2e.admin', password: PW },
  /** Searches students and resets a password. */
  searcher: { type: 'teacher', name: 'Kereső Katalin', username: 'tanar.kereso', password: PW },
  /** Switches to the dark theme. */
  themer: { type: 'teacher', name: 'Témás Tímea', username: 'tanar.tema', password: PW },
  /** Loads students, then goes offline. */
  offline: { type: 'teacher', name: 'Offline Olivér', username: 'tanar.offline', password: PW },
  /** Signs in on a first visit, before the service worker controls the page, then goes offline. */
  firstVisit: { type: 'teacher', name: 'Elsős Edit', username: 'tanar.elso', password: PW },
  /** Teacher A on the shared tablet. */
  tabletTeacher: { type: 'teacher', name: 'Táblagépes Tivadar', username: 'tanar.tablet', password: PW },
  /** Teacher B on the shared tablet. */
  tabletTeacher2: { type: 'teacher', name: 'Második Márta', username: 'tanar.masodik', password: PW },
  /** Accessibility checks in light and dark. */
  a11yTeacher: { type: 'teacher', name: 'Akadálymentes Aladár', username: 'tanar.a11y', password: PW },
  /** Records work hours offline (tests/e2e/specs/work-hours.spec.ts). */
  workHours: { type: 'teacher', name: 'Munkaórás Mónika', username: 'tanar.munkaora', password: PW },
  /** Records work hours while the connection drops mid-request. */
  workHoursDrop: { type: 'teacher', name: 'Megszakadó Miklós', username: 'tanar.megszakad', password: PW },
  /** Designs a classroom in Tantermek (tests/e2e/specs/classrooms.spec.ts). */
  classroomDesigner: { type: 'teacher', name: 'Tervező Tamás', username: 'tanar.terem', password: PW },
  /** Creates a group and seats students by touch and keyboard (tests/e2e/specs/groups.spec.ts). */
  groupsTeacher: { type: 'teacher', name: 'Csoportos Csilla', username: 'tanar.csoport', password: PW },
  /** Moves seats and writes a note with the network cut (tests/e2e/specs/groups.spec.ts). */
  seatingOffline: { type: 'teacher', name: 'Ültető Ülle', username: 'tanar.ultet', password: PW },
  /** Takes a register by tapping desks and downloads the month's sheet (tests/e2e/specs/attendance.spec.ts). */
  attendanceTeacher: { type: 'teacher', name: 'Jelenlét Jolán', username: 'tanar.jelen', password: PW },
  /** Opens the register from Kezdőlap's 'Jelenlét' during the class (tests/e2e/specs/attendance.spec.ts). */
  attendanceNow: { type: 'teacher', name: 'Órás Olga', username: 'tanar.jelen.most', password: PW },
  /** Leads the group whose register attendanceAdmin annotates (tests/e2e/specs/attendance.spec.ts). */
  attendanceLead: { type: 'teacher', name: 'Vezető Vilma', username: 'tanar.jelen.vezeto', password: PW },
  /** Lists every group with 'Összes csoport' and writes a pupil's note in another teacher's register. */
  attendanceAdmin: { type: 'admin', name: 'Jegyző Janka', username: 'e2e.jelen.admin', password: PW },
  /** Takes a register with the network cut (tests/e2e/specs/attendance.spec.ts). */
  attendanceOffline: {
    type: 'teacher',
    name: 'Naplós Nándor',
    username: 'tanar.jelen.offline',
    password: PW,
  },
  /**
   * Posts the announcements the dashboard spec dismisses, over the API only (mfaAdmin's MFA e-mail is another
   * spec's state): an administrator without MFA whose state no spec changes.
   */
  announcer: { type: 'admin', name: 'Hirdető Henrik', username: 'e2e.hirdeto', password: PW },
  /** Opens Kezdőlap with a group today and dismisses an announcement (tests/e2e/specs/dashboard.spec.ts). */
  dashboardTeacher: { type: 'teacher', name: 'Kezdő Kornélia', username: 'tanar.kezdo', password: PW },
  /** Creates, copies, follows and deletes a short link (tests/e2e/specs/links.spec.ts). */
  linksTeacher: { type: 'teacher', name: 'Linkes Lili', username: 'tanar.link', password: PW },
  /**
   * Signs in with an MFA code over plain http://portal.test (tests/e2e/specs/plain-http.spec.ts): the spec sets the
   * MFA e-mail over the API first.
   */
  plainHttpAdmin: { type: 'admin', name: 'Titkosítatlan Tódor', username: 'e2e.http', password: PW },
  /**
   * Loads Kezdőlap and Diákok, is disabled by an administrator and reloads (tests/e2e/specs/revoked-account.spec.ts):
   * disabled for good.
   */
  revokedTeacher: { type: 'teacher', name: 'Visszavont Vilma', username: 'tanar.visszavont', password: PW },
  /** Queues hours offline, is disabled meanwhile, enabled again, and is offered the parked write at sign-in. */
  parkedWriter: { type: 'teacher', name: 'Elküldetlen Elemér', username: 'tanar.elkuldetlen', password: PW },
  /** Signs in on the device after parkedWriter's session ended: is offered nothing. */
  parkedOther: { type: 'teacher', name: 'Utána Ubul', username: 'tanar.utana', password: PW },
  /** Disables and enables the revoked-account spec's teachers over the API: an admin without MFA. */
  revokingAdmin: { type: 'admin', name: 'Letiltó Lukács', username: 'e2e.letilto', password: PW },
  /** Adds, searches, exports and deletes blocked domains (tests/e2e/specs/proxy.spec.ts): an admin without MFA. */
  proxyAdmin: { type: 'admin', name: 'Proxys Piroska', username: 'e2e.proxy', password: PW },
  /** Bulk-adds blocked domains with a comment and edits it (tests/e2e/specs/proxy.spec.ts): an admin without MFA. */
  proxyBulkAdmin: { type: 'admin', name: 'Tömeges Tünde', username: 'e2e.proxy.tomeges', password: PW },
  /** A teacher without addProxyDomain/deleteProxyDomain who turns their previews on and is refused (proxy.spec.ts). */
  proxyTeacher: { type: 'teacher', name: 'Tiltott Tihamér', username: 'tanar.proxy', password: PW },
  /** Browses Fájlok and downloads a file (tests/e2e/specs/files.spec.ts). */
  filesTeacher: { type: 'teacher', name: 'Fájlos Ferenc', username: 'tanar.fajl', password: PW },
  /** Uploads a file and creates a folder in Fájlok (tests/e2e/specs/files.spec.ts): an admin without MFA. */
  filesAdmin: { type: 'admin', name: 'Feltöltő Flóra', username: 'e2e.feltolto', password: PW },
  /** Plans classes in Munkaidő tervező, exports and imports them (tests/e2e/specs/timetable.spec.ts). */
  timetableTeacher: { type: 'teacher', name: 'Órarendes Orsolya', username: 'tanar.orarend', password: PW },
  /**
   * Walks the timetable's day view on a phone and a tablet, light then dark (tests/e2e/specs/touch-layouts.spec.ts):
   * the theme is set back to light at the start of each try.
   */
  timetableTouch: { type: 'teacher', name: 'Napnézetes Nóra', username: 'tanar.napnezet', password: PW },
  /** Reads, filters, scrolls and exports Rendszernapló (tests/e2e/specs/audit-log.spec.ts): an admin without MFA. */
  auditAdmin: { type: 'admin', name: 'Naplózó Nándor', username: 'e2e.naplo', password: PW },
  /**
   * Creates a teacher, imports ten students, grants the teacher viewAuditLog for this week and disables the teacher
   * on Felhasználók (tests/e2e/specs/users.spec.ts): an admin without MFA.
   */
  usersAdmin: { type: 'admin', name: 'Felhasználós Fanni', username: 'e2e.felhasznalok', password: PW },
  /** Writes the 130 audit entries (short links created and deleted) the audit-log spec scrolls through. */
  auditFixture: { type: 'teacher', name: 'Naplóíró Noémi', username: 'tanar.naplo', password: PW },
  /**
   * Signs in with a one-time password (made one-time by global-setup), sets an own one, then changes it again in
   * Beállítások › Profil (tests/e2e/specs/own-password.spec.ts).
   */
  ownPassword: {
    type: 'teacher',
    name: 'Saját Sarolta',
    username: 'tanar.sajat',
    password: 'Egyszeri-2024-jelszo',
  },
  /** The student whose password the teacher changes. */
  resetStudent: { type: 'student', name: 'Gyöngyösi Örs Ábel', username: 'diak.jelszo', password: PW },
  /** The student who signs in on the shared tablet after a teacher. */
  tabletStudent: { type: 'student', name: 'Szűcs Zsófia', username: 'diak.tablet', password: PW },
  /** Files a bug report offline from DiákKezdőlap (tests/e2e/specs/bug-report.spec.ts). */
  bugStudent: { type: 'student', name: 'Hibás Hanna', username: 'diak.hiba', password: PW },
  /** The student home for the accessibility checks. */
  a11yStudent: { type: 'student', name: 'Lőrincz Ünige', username: 'diak.a11y', password: PW },
} satisfies Record<string, Account>

export type UserKey = keyof typeof USERS

/** 30 students with Hungarian accented names; usernames say nothing about the names. */
const STUDENT_NAMES = [
  'Kovács Ádám',
  'Szabó Éva',
  'Tóth Bálint',
  'Nagy Zsófia',
  'Horváth Márk',
  'Varga Lőrinc',
  'Kiss Réka',
  'Molnár Ákos',
  'Németh Júlia',
  'Farkas Dávid',
  'Balogh Csenge',
  'Papp Ödön',
  'Takács Írisz',
  'Juhász Máté',
  'Lakatos Kristóf',
  'Mészáros Noémi',
  'Oláh Benedek',
  'Simon Fruzsina',
  'Rácz Gergő',
  'Fekete Boglárka',
  'Szilágyi Levente',
  'Török Hajnalka',
  'Fehér Bence',
  'Balázs Dóra',
  'Gál Tünde',
  'Kocsis Ernő',
  'Orsós Vilmos',
  'Pintér Orsolya',
  'Vörös Emőke',
]

export const STUDENTS: Account[] = [
  ...STUDENT_NAMES.map((name, i) => ({
    type: 'student' as const,
    name,
    username: `diak${String(i + 1).padStart(2, '0')}`,
    password: PW,
  })),
]

/** The accounts a spec changes for good (MFA e-mail, theme): the retry signs in as an untouched twin. */
const TWINNED: readonly UserKey[] = [
  'mfaAdmin',
  'themer',
  'workHours',
  'workHoursDrop',
  'classroomDesigner',
  'groupsTeacher',
  'seatingOffline',
  'attendanceTeacher',
  'attendanceOffline',
  'attendanceNow',
  'dashboardTeacher',
  'auditFixture',
  'ownPassword',
  'usersAdmin',
  'revokedTeacher',
  'parkedWriter',
  'plainHttpAdmin',
]

const RETRY_TWINS: Partial<Record<UserKey, Account>> = Object.fromEntries(
  TWINNED.map((key) => [key, { ...USERS[key], username: `${USERS[key].username}.ujra` }]),
)

/** The account `key` for a try: the first try (retry 0) gets USERS[key], a retry its untouched twin if it has one. */
export function accountFor(key: UserKey, retry: number): Account {
  return (retry > 0 ? RETRY_TWINS[key] : undefined) ?? USERS[key]
}

/** The accounts global-setup gives a one-time password (`npm run users -- passwd --one-time`), twins included. */
export const ONE_TIME_ACCOUNTS: Account[] = [USERS.ownPassword, RETRY_TWINS.ownPassword!]

/** Every account the run creates. */
export const ALL_ACCOUNTS: Account[] = [...Object.values(USERS), ...Object.values(RETRY_TWINS), ...STUDENTS]

/** Every account of type student (the Diákok list shows exactly these). */
export const ALL_STUDENTS: Account[] = ALL_ACCOUNTS.filter((a) => a.type === 'student')

/** The student the Diákok list shows first (Hungarian collation, like the server): always rendered. */
export const FIRST_STUDENT: Account = [...ALL_STUDENTS].sort(
  (a, b) => new Intl.Collator('hu').compare(a.name, b.name) || a.username.localeCompare(b.username),
)[0]

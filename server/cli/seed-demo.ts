/**
 * `npm run seed:demo`: a demo school so every screen has something to show (DESIGN §3): an administrator,
 * four teachers, 68 students, announcements, some audit history, the teachers' work hours of the current and the
 * previous month, four classrooms with desk layouts, and for every teacher a group on each weekday (most
 * seated, some with notes), a few short links and blocked domains, and a folder of sample files under FILES_ROOT
 * ('Tananyagok': a .txt, a .csv and a one-page .pdf made here, only while the files root is empty). Running it twice
 * changes nothing.
 *
 * `--audit N` then adds N entries of audit history over the past year (server/cli/seed-audit.ts), e.g.
 * `npm run seed:demo -- --audit 1000000` for the Rendszernapló at scale; these add up on every run.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { ClassroomLayout, LayoutObject, SeatPosition } from '@contract/api'
import type { AuditType } from '@contract/audit'
import { studentDesks } from '@contract/classroom-layout'
import { dayInZone } from '@contract/features'
import type { Db } from '../db'
import { createAlert } from '../repositories/alerts-repository'
import { writeAudit } from '../repositories/audit-repository'
import { insertClassroom, listClassrooms } from '../repositories/classrooms-repository'
import { insertBlockedDomains, listBlockedDomains } from '../repositories/blocked-domains-repository'
import { insertGroup } from '../repositories/groups-repository'
import { insertLink, listLinks } from '../repositories/links-repository'
import { insertNote } from '../repositories/notes-repository'
import { setSeating } from '../repositories/seating-repository'
import { createUser, findUserByUsername, recordSignIn } from '../repositories/users-repository'
import { listWorkHours, setWorkHours } from '../repositories/work-hours-repository'
import { openCliDatabase } from './open-cli-database'
import { seedAuditHistory } from './seed-audit'

export const DEMO_PASSWORD = 'Demo-jelszo-2024'

const STAFF = [
  { type: 'admin', name: 'Igazgató Ildikó', username: 'igazgato' },
  { type: 'teacher', name: 'Kovács Éva', username: 'kovacs.eva' },
  { type: 'teacher', name: 'Nagy Péter', username: 'nagy.peter' },
  { type: 'teacher', name: 'Szabó Judit', username: 'szabo.judit' },
  { type: 'teacher', name: 'Tóth Gábor', username: 'toth.gabor' },
] as const

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
  'Varga',
  'Fekete',
]
const GIVEN = [
  'Anna',
  'Bence',
  'Csenge',
  'Dániel',
  'Eszter',
  'Ferenc',
  'Gréta',
  'Hunor',
  'Ildikó',
  'Jázmin',
  'Kristóf',
  'Levente',
  'Márk',
  'Nóra',
  'Olivér',
  'Panna',
  'Réka',
  'Zsófia',
]

/** 68 distinct student names: family name + given name, as Hungarians write them. */
export function demoStudents(): { name: string; username: string }[] {
  const students: { name: string; username: string }[] = []
  // Walks all family × given pairs (216) in a mixed order; the first 68 distinct ones are the class list.
  for (let i = 0; students.length < 68 && i < FAMILY.length * GIVEN.length; i++) {
    const family = FAMILY[i % FAMILY.length]
    const given = GIVEN[(i * 7 + Math.floor(i / FAMILY.length)) % GIVEN.length]
    const name = `${family} ${given}`
    if (students.some((s) => s.name === name)) continue
    const ascii = (s: string) =>
      s
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
    students.push({ name, username: `${ascii(given)}.${ascii(family)}` })
  }
  return students
}

const ALERTS = [
  'Jövő héten szerdán tanári értekezlet lesz 15:00-tól a tanáriban.',
  'A 12-es terem projektora javítás alatt áll, kérjük, használjátok a 14-es termet.',
]

const HOURS_PATTERN = [8, 7.5, 8, 6, 4.5, 8, 7, 0, 8, 5.5, 8, 6.5, 7.5]

/**
 * A teacher's demo work hours: the weekdays of the previous month and of the current one up to yesterday (`today` is
 * 'YYYY-MM-DD'), a few hours each from a fixed pattern per teacher, with some days left out (shown as missing).
 */
export function demoWorkHours(teacherIndex: number, today: string): Record<string, number> {
  const [year, month] = today.split('-').map(Number)
  const first = new Date(Date.UTC(year, month - 2, 1))
  const result: Record<string, number> = {}
  for (
    let day = first, i = 0;
    day.toISOString().slice(0, 10) < today;
    day = new Date(day.getTime() + 86_400_000), i++
  ) {
    const weekday = day.getUTCDay()
    if (weekday === 0 || weekday === 6) continue
    const hours = HOURS_PATTERN[(i + teacherIndex * 5) % HOURS_PATTERN.length]
    if (hours > 0) result[day.toISOString().slice(0, 10)] = hours
  }
  return result
}

/** Gives each demo teacher their work hours, unless they already have some (so a rerun changes nothing). */
async function seedWorkHours(db: Db, today: string): Promise<number> {
  let seeded = 0
  const teachers = STAFF.filter((person) => person.type === 'teacher')
  for (const [index, teacher] of teachers.entries()) {
    const user = await findUserByUsername(db, teacher.username)
    if (!user || Object.keys(await listWorkHours(db, user.id)).length) continue
    await db.transaction(async (tx) => {
      for (const [day, hours] of Object.entries(demoWorkHours(index, today)))
        await setWorkHours(tx, user.id, day, hours)
    })
    seeded++
  }
  return seeded
}

/**
 * A classroom seen from the back: the teacher's desk in the middle of the front row (row 0), then rows of student
 * desks from `firstRow` to the back, in the columns of `deskColumns` (the others are aisles).
 */
export function demoLayout(
  columns: number,
  rows: number,
  deskColumns: readonly number[],
  firstRow = 2,
): ClassroomLayout {
  const objects: LayoutObject[] = [{ x: Math.floor((columns - 1) / 2), y: 0, type: 'teacher' }]
  for (let y = firstRow; y < rows; y++) for (const x of deskColumns) objects.push({ x, y, type: 'student' })
  return { size: [columns, rows], objects }
}

/** The demo rooms, named by their number as the screens show them ('{room}. terem'). */
export const DEMO_CLASSROOMS: { name: string; layout: ClassroomLayout }[] = [
  { name: '101', layout: demoLayout(8, 6, [0, 1, 3, 4, 6, 7]) },
  { name: '102', layout: demoLayout(6, 5, [0, 1, 2, 4, 5], 1) },
  { name: '204', layout: demoLayout(10, 7, [0, 1, 2, 4, 5, 7, 8, 9]) },
  { name: '305', layout: demoLayout(7, 5, [0, 1, 2, 4, 5, 6], 1) },
]

/** Each teacher's groups, Monday (1) to Friday (5): one group every weekday, as the README says (issue 18). */
export const DEMO_GROUPS: Record<string, string[]> = {
  'kovacs.eva': [
    '9.A matematika',
    '10.B matematika',
    '11.C matematika',
    'Érettségi felkészítő',
    'Matematika szakkör',
  ],
  'nagy.peter': [
    '9.B informatika',
    '10.A programozás',
    '11.B hálózatok',
    'Robotika szakkör',
    'Webfejlesztés',
  ],
  'szabo.judit': ['Angol kezdő', 'Angol haladó', '10.C angol', 'Nyelvvizsga-felkészítő', '11.A angol'],
  'toth.gabor': ['9.C fizika', '10.B fizika', 'Fizika szakkör', '11.A fizika', 'Kísérleti labor'],
}

const DEMO_NOTES = [
  'A következő órára mindenki hozza el a füzetét és a számológépét.',
  'Dolgozat jövő héten: a 3. és 4. fejezetből.',
  'Két diák hiányzott, nekik pótolni kell a házi feladatot.',
]

/**
 * A group of the demo: its day, time (a 45-minute lesson; teachers' lessons of a day at different hours), room (an
 * index of DEMO_CLASSROOMS, or null) and members (indexes of the students).
 */
export function demoGroupPlan(teacherIndex: number, day: number, studentCount: number) {
  const size = 8 + ((teacherIndex * 7 + day * 3) % 9)
  const start = (teacherIndex * 17 + day * 11) % studentCount
  const members = Array.from({ length: size }, (_, i) => (start + i * 5) % studentCount)
  // The Friday group meets without a classroom; Thursday's has a room but nobody seated yet.
  const room = day === 5 ? null : (teacherIndex + day) % DEMO_CLASSROOMS.length
  const hour = String(8 + ((teacherIndex * 2 + day) % 8)).padStart(2, '0')
  const [startTime, endTime] = [`${hour}:00`, `${hour}:45`]
  return { day, size, members: [...new Set(members)], room, seated: day !== 4, startTime, endTime }
}

/** Seats the members on the room's desks, front to back, leaving every fourth desk free and one student unplaced. */
export function demoSeating(layout: ClassroomLayout, usernames: readonly string[]): SeatPosition[] {
  const desks = studentDesks(layout).filter((_, index) => index % 4 !== 3)
  return usernames.slice(0, -1).flatMap((student, index) => {
    const position = desks[index]
    return position ? [{ student, position }] : []
  })
}

/** Linkrövidítő's demo links (code → target), so the screen has something to show (issue 18). */
export const DEMO_LINKS: { short: string; url: string }[] = [
  { short: 'orarend', url: 'https://www.example.com/iskola/orarend-2026' },
  { short: 'szulo', url: 'https://www.example.com/iskola/szuloi-ertekezlet' },
  { short: 'erettsegi', url: 'https://www.example.com/erettsegi/feladatsorok' },
]

/** Proxy kezelés's demo blocked domains (registrable names, lower case), with the comment they share. */
export const DEMO_BLOCKED_DOMAINS = ['tiktok.com', 'jatekok.example', 'fogadas.example']

/** Links and blocked domains, each only while its list is empty (a rerun changes nothing). */
async function seedLinksAndProxy(db: Db): Promise<number> {
  const admin = await findUserByUsername(db, 'igazgato')
  if (!admin) return 0
  let added = 0
  const now = new Date()
  if ((await listLinks(db)).length === 0)
    for (const link of DEMO_LINKS)
      if (await insertLink(db, { ...link, expiresAt: null, createdBy: admin.id, now })) added++
  if ((await listBlockedDomains(db)).length === 0)
    added += (await insertBlockedDomains(db, DEMO_BLOCKED_DOMAINS, now, 'Demó: tanórán nem kell')).size
  return added
}

/**
 * A one-page PDF showing `lines` in Helvetica, built here with its cross-reference table, so the demo needs no
 * binary file. The standard fonts' WinAnsi encoding has 'á', 'é', 'ö'… but no 'ő' or 'ű': such lines are refused.
 */
export function demoPdf(lines: readonly string[]): Buffer {
  const outside = lines.find((line) => [...line].some((c) => c.charCodeAt(0) > 0xff))
  if (outside !== undefined) throw new Error(`not WinAnsi (Latin-1) text: ${outside}`)
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`)
  const stream = [
    'BT /F1 14 Tf 72 770 Td 18 TL',
    ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${escape(line)}) Tj`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  for (const [index, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  }
  const xref = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

/** Fájlok's demo files (paths under FILES_ROOT), so the screen has something to show and to download. */
export const DEMO_FILES: { path: string; content: string | Buffer }[] = [
  {
    path: 'Tananyagok/Olvass el.txt',
    content:
      'Üdvözlünk a Fájlok mappában!\n\nIde tölthetők fel az órákhoz szükséges anyagok: feladatlapok, ' +
      'órarendek, segédletek. A fájlok a Letöltés gombbal menthetők le.\n',
  },
  {
    // UTF-8 with BOM and ';': a Hungarian spreadsheet opens it with its accents and columns.
    path: 'Tananyagok/Órarend – 9.A.csv',
    content:
      '\uFEFFNap;1. óra;2. óra;3. óra;4. óra\r\n' +
      'Hétfő;Matematika;Magyar nyelv;Történelem;Angol\r\n' +
      'Kedd;Fizika;Matematika;Informatika;Testnevelés\r\n' +
      'Szerda;Biológia;Irodalom;Angol;Földrajz\r\n' +
      'Csütörtök;Kémia;Matematika;Ének-zene;Testnevelés\r\n' +
      'Péntek;Történelem;Informatika;Osztályfőnöki;Rajz\r\n',
  },
  {
    path: 'Tananyagok/Házirend (minta).pdf',
    content: demoPdf([
      'Házirend (minta)',
      '',
      '1. A tanítás reggel 8 órakor indul.',
      '2. Órán a mobiltelefon némítva van.',
      '3. A tanterem rendjéért mindenki felel.',
    ]),
  },
]

/** The demo files, only while FILES_ROOT is empty or missing (a rerun, or a school's own files, changes nothing). */
export async function seedDemoFiles(root: string): Promise<number> {
  const existing = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (existing.length > 0) return 0
  for (const file of DEMO_FILES) {
    const target = join(root, ...file.path.split('/'))
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, file.content, { flag: 'wx' })
  }
  return DEMO_FILES.length
}

/** Classrooms, groups, seating and notes, unless the school already has classrooms (so a rerun changes nothing). */
async function seedTeaching(db: Db): Promise<number> {
  if ((await listClassrooms(db)).length > 0) return 0
  const students = new Map<string, { id: string; username: string }>()
  for (const student of demoStudents()) {
    const user = await findUserByUsername(db, student.username)
    if (user) students.set(user.username, { id: user.id, username: user.username })
  }
  const roster = [...students.values()]
  if (roster.length === 0) return 0
  let groups = 0
  await db.transaction(async (tx) => {
    const now = new Date()
    const rooms = []
    for (const classroom of DEMO_CLASSROOMS) rooms.push(await insertClassroom(tx, { ...classroom, now }))
    for (const [teacherIndex, [username, names]] of Object.entries(DEMO_GROUPS).entries()) {
      const teacher = await findUserByUsername(tx, username)
      if (!teacher) continue
      for (const [index, name] of names.entries()) {
        const plan = demoGroupPlan(teacherIndex, index + 1, roster.length)
        const members = plan.members.map((i) => roster[i])
        const room = plan.room === null ? null : rooms[plan.room]
        const groupId = await insertGroup(tx, {
          name,
          day: plan.day,
          classroomId: room?.id ?? null,
          instructorId: teacher.id,
          startTime: plan.startTime,
          endTime: plan.endTime,
          memberIds: members.map((m) => m.id),
          now,
        })
        groups++
        if (room && plan.seated)
          await setSeating(
            tx,
            groupId,
            demoSeating(
              room.layout,
              members.map((m) => m.username),
            ),
            now,
          )
        const notes = index === 0 ? DEMO_NOTES.slice(0, 2) : index === 2 ? DEMO_NOTES.slice(2) : []
        for (const [n, message] of notes.entries())
          await insertNote(tx, {
            groupId,
            message,
            createdBy: teacher.id,
            now: new Date(now.getTime() - (notes.length - n) * 86_400_000),
          })
      }
    }
  })
  return groups
}

/** `--audit N` (also `--audit=N`): how many audit entries to add, or null without the flag. */
export function auditCountArgument(argv: readonly string[]): number | null {
  const at = argv.findIndex((arg) => arg === '--audit' || arg.startsWith('--audit='))
  if (at < 0) return null
  const text = argv[at].includes('=') ? argv[at].slice('--audit='.length) : (argv[at + 1] ?? '')
  const count = Number(text.replace(/_/g, ''))
  if (!Number.isSafeInteger(count) || count < 1 || count > 50_000_000)
    throw new Error(
      `Az --audit után 1 és 50 000 000 közötti darabszám kell / --audit needs a count from 1 to 50,000,000: ${text}`,
    )
  return count
}

async function seedAudit(db: Db, count: number): Promise<void> {
  const started = performance.now()
  let last = 0
  await seedAuditHistory(db, count, {
    onProgress: ({ phase, done, total }) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      if (phase === 'insert' && (done === total || performance.now() - last > 2000)) {
        last = performance.now()
        console.log(`Napló: ${done}/${total} bejegyzés (${seconds} s) / audit entries`)
      } else if (phase === 'index') console.log(`Napló: index ${done}/${total} kész (${seconds} s)`)
    },
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `Napló feltöltve: ${count} bejegyzés ${seconds} s alatt. / ${count} audit entries in ${seconds} s.`,
  )
}

async function main(): Promise<void> {
  let auditCount: number | null
  try {
    auditCount = auditCountArgument(process.argv.slice(2))
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  const { config, handle } = await openCliDatabase()
  const hash = { logN: config.PASSWORD_HASH_LOG_N }
  try {
    await seedSchool(handle.db, config, hash)
    if (auditCount) await seedAudit(handle.db, auditCount)
  } finally {
    await handle.close()
  }
}

async function seedSchool(
  db: Db,
  config: { TZ: string; FILES_ROOT: string },
  hash: { logN: number },
): Promise<void> {
  const today = dayInZone(new Date(), config.TZ)
  if (await findUserByUsername(db, 'igazgato')) {
    const seeded = await seedWorkHours(db, today)
    if (seeded)
      console.log(`Munkaórák feltöltve ${seeded} oktatónak. / Work hours seeded for ${seeded} teachers.`)
    const groups = await seedTeaching(db)
    if (groups)
      console.log(`Termek és ${groups} csoport feltöltve. / Classrooms and ${groups} groups seeded.`)
    if (await seedLinksAndProxy(db))
      console.log('Rövid linkek és tiltott domainek feltöltve. / Links and blocked domains seeded.')
    const files = await seedDemoFiles(config.FILES_ROOT)
    if (files)
      console.log(`${files} mintafájl feltöltve (Fájlok → Tananyagok). / ${files} sample files seeded.`)
    console.log('A demó iskola már fel van töltve. / The demo school is already seeded.')
    return
  }
  const people = [...STAFF, ...demoStudents().map((s) => ({ type: 'student' as const, ...s }))]
  const now = Date.now()
  await db.transaction(async (tx) => {
    for (const person of people) await createUser(tx, { ...person, password: DEMO_PASSWORD }, hash)
    for (const message of ALERTS) await createAlert(tx, message)
    const history: { username: string; type: AuditType; extras?: Record<string, string> }[] = [
      { username: 'igazgato', type: 'dashboardAuthentication' },
      { username: 'kovacs.eva', type: 'dashboardAuthentication' },
      { username: 'kovacs.eva', type: 'changeUserPassword', extras: { studentUsername: 'anna.balogh' } },
      { username: 'nagy.peter', type: 'dashboardAuthentication' },
      { username: 'igazgato', type: 'createAdminAlert' },
    ]
    for (const [index, entry] of history.entries()) {
      const at = new Date(now - (history.length - index) * 3_600_000)
      await writeAudit(tx, { ...entry, at })
      // A sign-in is also the account's last sign-in (user_sign_ins), as auth-service records it.
      if (entry.type === 'dashboardAuthentication')
        await recordSignIn(tx, (await findUserByUsername(tx, entry.username))!.id, at)
    }
  })
  await seedWorkHours(db, today)
  const groups = await seedTeaching(db)
  await seedLinksAndProxy(db)
  const files = await seedDemoFiles(config.FILES_ROOT)
  console.log(`Demó iskola feltöltve: ${people.length} fiók, jelszó mindenkinek: ${DEMO_PASSWORD}`)
  console.log('Adminisztrátor: igazgato; oktatók: kovacs.eva, nagy.peter, szabo.judit, toth.gabor')
  console.log(
    `${DEMO_CLASSROOMS.length} terem, ${groups} csoport (minden oktatónak minden hétköznap egy), ${DEMO_LINKS.length} rövid link, ${DEMO_BLOCKED_DOMAINS.length} tiltott domain, ${files ? `${files} mintafájl a Fájlok → Tananyagok mappában` : 'a Fájlok mappája nem üres, nem került bele mintafájl'}.`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

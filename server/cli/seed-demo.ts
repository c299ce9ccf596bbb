/**
 * `npm run seed:demo`: a demo school so every screen has something to show (DESIGN §3): an administrator,
 * four teachers, 68 students, announcements, some audit history and the teachers' work hours of the current and the
 * previous month. Running it twice changes nothing.
 */
import type { AuditType } from '../../contract/audit'
import { dayInZone } from '../../contract/features'
import type { Db } from '../db'
import { createAlert } from '../repositories/alerts-repository'
import { writeAudit } from '../repositories/audit-repository'
import { createUser, findUserByUsername } from '../repositories/users-repository'
import { listWorkHours, setWorkHours } from '../repositories/work-hours-repository'
import { openCliDatabase } from './open-cli-database'

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

async function main(): Promise<void> {
  const { config, handle } = await openCliDatabase()
  const hash = { logN: config.PASSWORD_HASH_LOG_N }
  try {
    const today = dayInZone(new Date(), config.TZ)
    if (await findUserByUsername(handle.db, 'igazgato')) {
      const seeded = await seedWorkHours(handle.db, today)
      if (seeded)
        console.log(`Munkaórák feltöltve ${seeded} oktatónak. / Work hours seeded for ${seeded} teachers.`)
      console.log('A demó iskola már fel van töltve. / The demo school is already seeded.')
      return
    }
    const people = [...STAFF, ...demoStudents().map((s) => ({ type: 'student' as const, ...s }))]
    const now = Date.now()
    await handle.db.transaction(async (tx) => {
      for (const person of people) await createUser(tx, { ...person, password: DEMO_PASSWORD }, hash)
      for (const message of ALERTS) await createAlert(tx, message)
      const history: { username: string; type: AuditType; extras?: Record<string, string> }[] = [
        { username: 'igazgato', type: 'dashboardAuthentication' },
        { username: 'kovacs.eva', type: 'dashboardAuthentication' },
        { username: 'kovacs.eva', type: 'changeUserPassword', extras: { studentUsername: 'anna.balogh' } },
        { username: 'nagy.peter', type: 'dashboardAuthentication' },
        { username: 'igazgato', type: 'createAdminAlert' },
      ]
      for (const [index, entry] of history.entries())
        await writeAudit(tx, { ...entry, at: new Date(now - (history.length - index) * 3_600_000) })
    })
    await seedWorkHours(handle.db, today)
    console.log(`Demó iskola feltöltve: ${people.length} fiók, jelszó mindenkinek: ${DEMO_PASSWORD}`)
    console.log('Adminisztrátor: igazgato; oktatók: kovacs.eva, nagy.peter, szabo.judit, toth.gabor')
  } finally {
    await handle.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

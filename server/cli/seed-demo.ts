/**
 * `npm run seed:demo`: a demo school so every screen has something to show (DESIGN §3): an administrator,
 * four teachers, 68 students, announcements and some audit history. Running it twice changes nothing.
 */
import type { AuditType } from '../../contract/audit'
import { createAlert } from '../repositories/alerts-repository'
import { writeAudit } from '../repositories/audit-repository'
import { createUser, findUserByUsername } from '../repositories/users-repository'
import { openCliDatabase } from './open-cli-database'

export const DEMO_PASSWORD = 'Demo-jelszo-2024'

const STAFF = [
  { type: 'admin', name: 'Igazgató Ildikó', username: 'igazgato' },
  { type: 'teacher', name: 'Kovács Éva', username: 'kovacs.eva' },
  { type: 'teacher', name: 'Nagy Péter', username: 'nagy.peter' },
  { type: 'teacher', name: 'Szabó Judit', username: 'szabo.judit' },
  { type: 'teacher', name: 'Tóth Gábor', username: 'toth.gabor' },
] as const

const FAMILY = ['Balogh', 'Farkas', 'Horváth', 'Kiss', 'Lakatos', 'Molnár', 'Németh', 'Papp', 'Simon', 'Takács', 'Varga', 'Fekete']
const GIVEN = ['Anna', 'Bence', 'Csenge', 'Dániel', 'Eszter', 'Ferenc', 'Gréta', 'Hunor', 'Ildikó', 'Jázmin', 'Kristóf', 'Levente', 'Márk', 'Nóra', 'Olivér', 'Panna', 'Réka', 'Zsófia']

/** 68 distinct student names: family name + given name, as Hungarians write them. */
export function demoStudents(): { name: string; username: string }[] {
  const students: { name: string; username: string }[] = []
  // Walks all family × given pairs (216) in a mixed order; the first 68 distinct ones are the class list.
  for (let i = 0; students.length < 68 && i < FAMILY.length * GIVEN.length; i++) {
    const family = FAMILY[i % FAMILY.length]
    const given = GIVEN[(i * 7 + Math.floor(i / FAMILY.length)) % GIVEN.length]
    const name = `${family} ${given}`
    if (students.some((s) => s.name === name)) continue
    const ascii = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
    students.push({ name, username: `${ascii(given)}.${ascii(family)}` })
  }
  return students
}

const ALERTS = [
  'Jövő héten szerdán tanári értekezlet lesz 15:00-tól a tanáriban.',
  'A 12-es terem projektora javítás alatt áll, kérjük, használjátok a 14-es termet.',
]

async function main(): Promise<void> {
  const { config, handle } = await openCliDatabase()
  const hash = { logN: config.PASSWORD_HASH_LOG_N }
  try {
    if (await findUserByUsername(handle.db, 'igazgato')) {
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
    console.log(`Demó iskola feltöltve: ${people.length} fiók, jelszó mindenkinek: ${DEMO_PASSWORD}`)
    console.log('Adminisztrátor: igazgato; oktatók: kovacs.eva, nagy.peter, szabo.judit, toth.gabor')
  } finally {
    await handle.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

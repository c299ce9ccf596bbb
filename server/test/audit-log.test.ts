/**
 * Rendszernapló (issue 10): GET /api/auditlog with each filter alone and all together against a small fixture with
 * known answers, paging by page and by cursor, the bounded total, the Hungarian 400s, the users seen, and the CSV
 * export (header, quoting, formula injection, every batch) — on both databases.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_EXACT_TOTAL_MAX,
  AUDIT_EXACT_TOTAL_MAX_SEARCH,
  AUDIT_LOG_MESSAGES,
} from '@contract/api'
import type { AuditExtras, AuditType } from '@contract/audit'
import { SEARCH_WINDOW, writeAudit } from '../repositories/audit-repository'
import { drivers, useTestApp } from './build'

const CLASSROOM = randomUUID()
const GROUP = randomUUID()

/** The fixture: label, user, type, Budapest wall time (March 2025 is UTC+1), extras. */
const FIXTURE: [string, string, AuditType, string, AuditExtras][] = [
  [
    'e1',
    'kovacs.eva',
    'createClassroom',
    '2025-03-08T10:00',
    { classroomId: CLASSROOM, classroomName: '101' },
  ],
  [
    'e2',
    'kovacs.eva',
    'createNote',
    '2025-03-09T23:30',
    { noteDocId: randomUUID(), groupId: GROUP, groupName: '9.A matematika' },
  ],
  ['e3', 'nagy.peter', 'createShortUrl', '2025-03-10T00:30', { urlDocId: randomUUID(), short: 'matek-9a' }],
  ['e4', 'nagy.peter', 'dashboardAuthentication', '2025-03-11T08:00', {}],
  ['e5', 'igazgato', 'createAdminAlert', '2025-03-12T09:00', {}],
  ['e6', 'szabo.judit', 'changeUserPassword', '2025-03-12T10:00', { studentUsername: 'anna.balogh' }],
  [
    'e7',
    'kovacs.eva',
    'updateSeating',
    '2025-03-13T11:00',
    { groupId: GROUP, groupName: '9.A matematika', classroomId: CLASSROOM },
  ],
  // Same second as e7: the id decides the order.
  ['e8', 'kovacs.eva', 'deleteShortUrl', '2025-03-13T11:00', { urlDocId: randomUUID(), short: '=cmd|calc' }],
  ['e9', 'Tóth.Gábor', 'dashboardAuthentication', '2025-03-14T07:45', {}],
  [
    'e10',
    'szabo.judit',
    'createStudentGroup',
    '2025-03-14T12:00',
    { studentGroupDocId: randomUUID(), groupName: 'Angol, "haladó"\nB csoport', classroomId: CLASSROOM },
  ],
  [
    'e11',
    'szabo.judit',
    'updateClassroom',
    '2025-03-15T09:00',
    { classroomId: CLASSROOM, classroomName: '+36' },
  ],
  [
    'e12',
    'szabo.judit',
    'deleteClassroom',
    '2025-03-15T09:30',
    { classroomId: CLASSROOM, classroomName: '@x' },
  ],
  // The account an administrator acted on is searchable too ('anna' finds it beside e6's student).
  [
    'e13',
    'igazgato',
    'updateUserStatus',
    '2025-03-16T08:00',
    { targetUsername: 'kiss.anna', disabled: 'true' },
  ],
]

const epoch = (wall: string) => Math.floor(new Date(`${wall}:00+01:00`).getTime() / 1000)

interface Entry {
  _id: string
  user: string
  action: { type: string; timestamp: number }
  [extra: string]: unknown
}

describe.each(drivers)('audit log on %s', (driver) => {
  const t = useTestApp(driver)
  const label = new Map<string, string>()
  const idOf = new Map<string, string>()
  let admin: { token: string }

  beforeAll(async () => {
    admin = await t.signedIn('admin')
    for (const [name, username, type, wall, extras] of FIXTURE) {
      const id = await writeAudit(t.handle.db, { username, type, at: new Date(epoch(wall) * 1000), extras })
      label.set(id, name)
      idOf.set(name, id)
    }
  })

  const get = (url: string, token = admin.token) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: token } })

  /** The labels of one page, in the order they came. */
  async function page(
    query: string,
  ): Promise<{ labels: string[]; total: number; body: Record<string, unknown> }> {
    const res = await get(`/api/auditlog?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    return {
      labels: (body.logs as Entry[]).map((entry) => label.get(entry._id) ?? entry._id),
      total: body.total,
      body,
    }
  }

  /** All fixture labels, newest first (e7/e8 share a second: the larger id first). */
  const newestFirst = () => {
    const rows = FIXTURE.map(([name, , , wall]) => ({ name, ts: epoch(wall), id: idOf.get(name)! }))
    rows.sort((a, b) => b.ts - a.ts || (a.id < b.id ? 1 : -1))
    return rows.map((row) => row.name)
  }
  const only = (...names: string[]) => newestFirst().filter((name) => names.includes(name))

  it('answers entries as the spec describes them: _id, user, action {type, timestamp in seconds}, extras', async () => {
    const { body } = await page('types=createShortUrl')
    const [, , , , extras] = FIXTURE[2]
    expect(body).toEqual({
      logs: [
        {
          _id: idOf.get('e3'),
          user: 'nagy.peter',
          action: { type: 'createShortUrl', timestamp: epoch('2025-03-10T00:30') },
          ...extras,
        },
      ],
      total: 1,
      totalIsEstimate: false,
      nextCursor: null,
    })
  })

  it('without filters: every entry, newest first, the id breaking a tie', async () => {
    const { labels, total, body } = await page('')
    expect(labels).toEqual(newestFirst())
    expect(total).toBe(FIXTURE.length)
    expect(body.totalIsEstimate).toBe(false)
  })

  it.each([
    ['types=createNote', ['e2']],
    ['types=createNote,createShortUrl', ['e2', 'e3']],
    ['types=%20createNote%20,,createShortUrl', ['e2', 'e3']],
    [
      'excludeTypes=dashboardAuthentication',
      ['e1', 'e2', 'e3', 'e5', 'e6', 'e7', 'e8', 'e10', 'e11', 'e12', 'e13'],
    ],
    ['types=createNote,createAdminAlert&excludeTypes=createNote', ['e5']],
    ['types=createNote&excludeTypes=createNote', []],
    ['user=kovacs.eva', ['e1', 'e2', 'e7', 'e8']],
    ['user=T%C3%B3th.G%C3%A1bor', ['e9']],
    ['user=nobody', []],
    ['q=matematika', ['e2', 'e7']],
    ['q=MATEK', ['e3']],
    // A number or a single letter is a whole word: '9' is not the beginning of '9a', '10' not of '101'.
    ['q=mat%209', ['e2', 'e7']],
    ['q=mat%209a', ['e3']],
    ['q=10', []],
    ['q=anna', ['e6', 'e13']],
    ['q=kiss', ['e13']],
    ['q=kiss&types=updateUserStatus', ['e13']],
    ['q=kiss&types=createNote', []],
    ['q=anna&excludeTypes=updateUserStatus', ['e6']],
    ['q=kov%C3%A1cs', []],
    ['q=kovacs', ['e1', 'e2', 'e7', 'e8']],
    ['q=g%C3%A1bor', ['e9']],
    ['q=101', ['e1']],
    [`q=${CLASSROOM}`, ['e1', 'e7', 'e10', 'e11', 'e12']],
    [`q=${CLASSROOM.slice(0, 13).toUpperCase()}`, ['e1', 'e7', 'e10', 'e11', 'e12']],
    [`q=${CLASSROOM.slice(9, 13)}`, []],
    ['q=9.A%20kovacs.eva', ['e2', 'e7']],
    ['q=eva%20MATEMATIKA', ['e2', 'e7']],
    ['q=halad%C3%B3', ['e10']],
    ['q=%3Dcmd', ['e8']],
    ['q=%20%20', 'all'],
    ['from=2025-03-10', ['e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10', 'e11', 'e12', 'e13']],
    ['to=2025-03-09', ['e1', 'e2']],
    ['from=2025-03-10&to=2025-03-10', ['e3']],
    ['from=2025-03-12&to=2025-03-13', ['e5', 'e6', 'e7', 'e8']],
    [
      `user=kovacs.eva&types=updateSeating,createNote,deleteShortUrl,createClassroom&q=9.a&from=2025-03-09&to=2025-03-13`,
      ['e2', 'e7'],
    ],
    [
      `user=szabo.judit&excludeTypes=createAdminAlert&q=${CLASSROOM}&from=2025-03-14&to=2025-03-15`,
      ['e10', 'e11', 'e12'],
    ],
  ] as [string, string[] | 'all'][])('%s', async (query, expected) => {
    const want = expected === 'all' ? newestFirst() : only(...expected)
    const { labels, total } = await page(query)
    expect(labels).toEqual(want)
    expect(total).toBe(want.length)
  })

  it('pages by number and by cursor give the same entries once each, and total on every page', async () => {
    const all = newestFirst()
    const byNumber: string[] = []
    for (let n = 1; ; n++) {
      const { labels, total, body } = await page(`limit=5&page=${n}`)
      expect(total).toBe(all.length)
      byNumber.push(...labels)
      if (labels.length < 5) {
        expect(body.nextCursor).toBeNull()
        break
      }
    }
    expect(byNumber).toEqual(all)

    const byCursor: string[] = []
    let cursor: string | null = null
    do {
      const { labels, total, body } = await page(`limit=5${cursor ? `&cursor=${cursor}` : ''}`)
      expect(total).toBe(all.length)
      byCursor.push(...labels)
      cursor = body.nextCursor as string | null
    } while (cursor)
    expect(byCursor).toEqual(all)

    // Beyond the end: an empty page, the total still right.
    expect(await page('limit=5&page=9')).toMatchObject({ labels: [], total: all.length })
  })

  it('lists the users seen, in Hungarian order', async () => {
    const res = await get('/api/auditlog/users')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      users: ['igazgato', 'kovacs.eva', 'nagy.peter', 'szabo.judit', 'Tóth.Gábor'],
    })
  })

  it.each([
    ['types=createNote,sajat', AUDIT_LOG_MESSAGES.unknownTypes.replace('{types}', 'sajat')],
    ['excludeTypes=a,b,a', AUDIT_LOG_MESSAGES.unknownTypes.replace('{types}', 'a, b')],
    ['from=2025-02-30', AUDIT_LOG_MESSAGES.badDate],
    ['to=2025-3-1', AUDIT_LOG_MESSAGES.badDate],
    ['from=tegnap', AUDIT_LOG_MESSAGES.badDate],
    ['from=2025-03-1000', AUDIT_LOG_MESSAGES.badDate],
    ['from=2025-03-11&to=2025-03-10', AUDIT_LOG_MESSAGES.dateOrder],
    ['limit=101', AUDIT_LOG_MESSAGES.badLimit],
    ['limit=0', AUDIT_LOG_MESSAGES.badLimit],
    ['limit=sok', AUDIT_LOG_MESSAGES.badLimit],
    ['page=0', AUDIT_LOG_MESSAGES.badPage],
    ['page=-1', AUDIT_LOG_MESSAGES.badPage],
    ['page=1.5', AUDIT_LOG_MESSAGES.badPage],
    ['cursor=abc', AUDIT_LOG_MESSAGES.badCursor],
    [`q=${'x'.repeat(201)}`, AUDIT_LOG_MESSAGES.tooLong],
  ])('refuses %s with a Hungarian 400', async (query, message) => {
    const res = await get(`/api/auditlog?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 400, message })
  })

  it('accepts a limit of 100 and page 1 as the edges', async () => {
    expect((await page('limit=100&page=1')).labels).toEqual(newestFirst())
  })

  it('is for viewAuditLog only: a teacher gets 403 on every route', async () => {
    const teacher = await t.signedIn('teacher')
    for (const url of ['/api/auditlog', '/api/auditlog/users', '/api/auditlog/export.csv'])
      expect((await get(url, teacher.token)).statusCode).toBe(403)
  })

  it('exports the filtered view as CSV: BOM, header, quoting, formula injection neutralised', async () => {
    const res = await get(
      '/api/auditlog/export.csv?excludeTypes=dashboardAuthentication&from=2025-03-13&to=2025-03-15',
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="auditlog-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.body.startsWith('\uFEFF')).toBe(true)
    expect(res.body.endsWith('\r\n')).toBe(true)
    const [header, ...records] = parseCsv(res.body.slice(1))
    expect(header).toEqual([...AUDIT_CSV_COLUMNS])
    const rows = records.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])))
    expect(rows.map((row) => label.get(row._id))).toEqual(only('e7', 'e8', 'e10', 'e11', 'e12'))
    const byLabel = new Map(rows.map((row) => [label.get(row._id), row]))
    expect(byLabel.get('e7')).toMatchObject({
      timestamp: String(epoch('2025-03-13T11:00')),
      time: '2025-03-13 11:00:00',
      user: 'kovacs.eva',
      type: 'updateSeating',
      groupName: '9.A matematika',
      groupId: GROUP,
      classroomId: CLASSROOM,
      short: '',
    })
    // Quotes, a comma and a line break survive the round trip; formulas come back as text.
    expect(byLabel.get('e10')?.groupName).toBe('Angol, "haladó"\nB csoport')
    expect(byLabel.get('e8')?.short).toBe("'=cmd|calc")
    expect(byLabel.get('e11')?.classroomName).toBe("'+36")
    expect(byLabel.get('e12')?.classroomName).toBe("'@x")
    expect(res.body).toContain('"Angol, ""haladó""\nB csoport"')
  })

  it('exports only the header when nothing matches, and refuses a bad filter with a 400 before any byte', async () => {
    const empty = await get('/api/auditlog/export.csv?types=createNote&excludeTypes=createNote')
    expect(empty.statusCode).toBe(200)
    expect(empty.body).toBe(`\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`)
    const bad = await get('/api/auditlog/export.csv?types=sajat')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      code: 400,
      message: AUDIT_LOG_MESSAGES.unknownTypes.replace('{types}', 'sajat'),
    })
    expect((await get('/api/auditlog/export.csv?to=2025-13-01')).json().message).toBe(
      AUDIT_LOG_MESSAGES.badDate,
    )
  })
})

describe.each(drivers)('audit log beyond the exact-count bound on %s', (driver) => {
  const t = useTestApp(driver)
  // More than the exact-count bound and than a search's window of candidates (so its word-index path runs too).
  const COUNT = Math.max(AUDIT_EXACT_TOTAL_MAX, SEARCH_WINDOW) + 1005
  let token: string

  beforeAll(async () => {
    token = (await t.signedIn('admin')).token
    // A bulk of one user's logins, one a minute, plus a few others.
    await t.handle.db.execute(sql`
      insert into audit_log (id, username, type, ts, extras)
      select gen_random_uuid(), 'tomeges',
        case when g % 50 = 0 then 'createNote' else 'dashboardAuthentication' end,
        1741000000 + g * 60,
        case when g % 50 = 0 then '{"groupName": "Ritka csoport"}'::jsonb else '{}'::jsonb end
      from generate_series(1, ${COUNT}) g`)
    for (let i = 0; i < 3; i++)
      await writeAudit(t.handle.db, {
        username: 'egyeb',
        type: 'createAdminAlert',
        at: new Date(1741000000_000),
      })
  })

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token } })

  it('says "more than" the bound instead of counting every entry, and exact again on a last page', async () => {
    const first = (await get('/api/auditlog?user=tomeges')).json()
    expect(first).toMatchObject({ total: AUDIT_EXACT_TOTAL_MAX, totalIsEstimate: true })
    expect(first.logs).toHaveLength(20)
    expect(first.logs[0].action.timestamp).toBe(1741000000 + COUNT * 60)
    // A deep page by number, the last page: its total is exact without counting.
    const last = (await get(`/api/auditlog?user=tomeges&limit=100&page=${Math.ceil(COUNT / 100)}`)).json()
    expect(last).toMatchObject({ total: COUNT, totalIsEstimate: false, nextCursor: null })
    expect(last.logs).toHaveLength(COUNT % 100)
    expect(last.logs.at(-1).action.timestamp).toBe(1741000000 + 60)
    // A small set is still exact.
    expect((await get('/api/auditlog?user=egyeb')).json()).toMatchObject({ total: 3, totalIsEstimate: false })
    // With a search the count stops sooner.
    expect((await get('/api/auditlog?q=tomeges')).json()).toMatchObject({
      total: AUDIT_EXACT_TOTAL_MAX_SEARCH,
      totalIsEstimate: true,
    })
    // Older than every candidate in the search's window: found through the word index, counted exactly.
    const rare = (await get('/api/auditlog?q=egyeb')).json()
    expect(rare).toMatchObject({ total: 3, totalIsEstimate: false, nextCursor: null })
    expect(rare.logs.map((entry: { user: string }) => entry.user)).toEqual(['egyeb', 'egyeb', 'egyeb'])
    expect((await get('/api/auditlog?q=egyeb&types=createAdminAlert')).json()).toMatchObject({ total: 3 })
    expect((await get('/api/auditlog?q=egyeb&user=tomeges')).json()).toMatchObject({ logs: [], total: 0 })
    expect((await get('/api/auditlog?q=tomeges&types=createAdminAlert')).json()).toMatchObject({ total: 0 })
    // One entry in fifty: too few in the first window for the bound, counted in a wider one, exactly.
    const sparse = Math.floor(COUNT / 50)
    expect((await get('/api/auditlog?q=ritka')).json()).toMatchObject({
      total: sparse,
      totalIsEstimate: false,
    })
    expect((await get('/api/auditlog?q=ritka&types=createNote')).json()).toMatchObject({ total: sparse })
    // A page after a cursor counts the same way (its own walk of the candidates).
    const firstRare = (await get('/api/auditlog?q=ritka')).json()
    const nextRare = (await get(`/api/auditlog?q=ritka&cursor=${firstRare.nextCursor}`)).json()
    expect(nextRare).toMatchObject({ total: sparse, totalIsEstimate: false })
    expect(nextRare.logs[0].action.timestamp).toBeLessThan(firstRare.logs.at(-1).action.timestamp)
    const nextCommon = (await get(`/api/auditlog?q=tomeges&cursor=${first.nextCursor}`)).json()
    expect(nextCommon).toMatchObject({ total: AUDIT_EXACT_TOTAL_MAX_SEARCH, totalIsEstimate: true })
    expect((await get('/api/auditlog?q=ritka&types=dashboardAuthentication')).json()).toMatchObject({
      total: 0,
    })
  })

  it('a deep page by number equals the same rows reached by cursor', async () => {
    const deep = (await get('/api/auditlog?user=tomeges&limit=100&page=15')).json()
    const before = (await get('/api/auditlog?user=tomeges&limit=100&page=14')).json()
    const byCursor = (await get(`/api/auditlog?user=tomeges&limit=100&cursor=${before.nextCursor}`)).json()
    expect(byCursor.logs).toEqual(deep.logs)
    expect(deep.logs[0].action.timestamp).toBe(1741000000 + (COUNT - 1400) * 60)
  })

  it('exports every entry, across all batches, newest first, each once', async () => {
    const res = await get('/api/auditlog/export.csv?user=tomeges')
    expect(res.statusCode).toBe(200)
    const [, ...records] = parseCsv(res.body.slice(1))
    expect(records).toHaveLength(COUNT)
    expect(new Set(records.map((cells) => cells[0])).size).toBe(COUNT)
    const stamps = records.map((cells) => Number(cells[1]))
    expect(stamps[0]).toBe(1741000000 + COUNT * 60)
    expect(stamps.at(-1)).toBe(1741000000 + 60)
    expect(stamps.every((stamp, i) => i === 0 || stamp < stamps[i - 1])).toBe(true)
  })
})

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF records) for checking the export. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"' && field === '') quoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += char
  }
  if (field || record.length) throw new Error('the CSV does not end with CRLF')
  return records
}

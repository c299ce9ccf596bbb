/**
 * A district on one PostgreSQL (issue 21): 50,000 students, 1,500 teachers, 3,000 seated groups, 200 classrooms,
 * 20,000 short links, 100,000 blocked domains and 1,000,000 audit entries, seeded in bulk SQL (INSERT … SELECT over
 * generate_series; the audit history by server/cli/seed-audit.ts) into a fresh database on the bench's PostgreSQL.
 * Then every list and the main screens' calls under autocannon (50 connections; p95 of every response's time) against a bare Fastify route
 * serving the same bytes in the same run (bare-server.ts), with one server process and with two: two processes on
 * their own ports with the connections split between them (and two bare processes likewise), no balancer — on a
 * two-core machine haproxy would take a share of the cores it is meant to measure. Each process's peak RSS (VmHWM).
 *
 *   npm run bench -- --only district --scale 0.1     # a tenth of the district: a quick check of the suite
 *
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the suite
 * creates a database of its own there and drops it at the end. Budgets: every list ≥ 0.5 of its bare route, every
 * screen call ≤ 5 ms of process time per request, every RSS < 512 MB.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDatabase } from '../../../server/db'
import { seedAuditHistory } from '../../../server/cli/seed-audit'
import { startServer, type ServerHandle } from '../../support/server'
import { startBareRoute } from '../bare-route'
import { percentile, type BenchSuite, type ServerContext } from '../suite'

const DISTRICT = {
  students: 50_000,
  teachers: 1_500,
  groups: 3_000,
  classrooms: 200,
  links: 20_000,
  domains: 100_000,
  audit: 1_000_000,
}
const CONNECTIONS = 50
/** Sessions per account: the API allows 1,200 requests a minute per token. */
const TOKENS = 100
const RATIO_BUDGET = 0.5
/**
 * A screen's call (a few KB: the dashboard, a teacher's groups, an audit page) is bounded, not kept: its budget is
 * the process's time per request at 50 connections (1 s / req/s, times the processes), at most 5 ms at any size.
 * Its ratio to a bare route is reported without a budget: a bare route sends 3 KB at ~60,000 req/s, Node's HTTP
 * floor, and no signed-in answer (a session read and a query, each a database round trip) comes within half of it.
 */
const SCREEN_MS_BUDGET = 5
const RSS_BUDGET_MB = 512

function argValue(name: string): string | null {
  const at = process.argv.indexOf(name)
  if (at !== -1) return process.argv[at + 1] ?? null
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1) ?? null
}

/** `--scale 0.1`: a tenth of every count (at least one of each). */
const SCALE = Number(argValue('--scale') ?? 1)
const sized = (n: number) => Math.max(1, Math.round(n * SCALE))

type Who = 'admin' | 'teacher'
interface Target {
  name: string
  path: string
  who: Who
  kind: 'list' | 'screen'
}

const TARGETS: Target[] = [
  { name: 'GET /api/students/', path: '/api/students/', who: 'teacher', kind: 'list' },
  { name: 'GET /api/users', path: '/api/users', who: 'admin', kind: 'list' },
  { name: 'GET /api/groups', path: '/api/groups', who: 'admin', kind: 'list' },
  { name: 'GET /api/links', path: '/api/links', who: 'admin', kind: 'list' },
  { name: 'GET /api/proxy/block', path: '/api/proxy/block', who: 'admin', kind: 'list' },
  { name: 'GET /api/proxy/block.txt', path: '/api/proxy/block.txt', who: 'admin', kind: 'list' },
  { name: 'GET /api/dashboard', path: '/api/dashboard', who: 'teacher', kind: 'screen' },
  { name: 'GET /api/groups/instructor', path: '/api/groups/instructor', who: 'teacher', kind: 'screen' },
  { name: 'GET /api/classrooms', path: '/api/classrooms', who: 'teacher', kind: 'list' },
  { name: 'GET /api/auditlog (a page)', path: '/api/auditlog?limit=50', who: 'admin', kind: 'screen' },
]

const SURNAMES =
  `Kovács Szabó Tóth Nagy Horváth Varga Kiss Molnár Németh Farkas Balogh Papp Takács Juhász Lakatos
  Mészáros Oláh Simon Rácz Fekete Szilágyi Török Fehér Balázs Gál`.split(/\s+/)
const GIVEN =
  `Ádám Éva Bálint Zsófia Márk Lőrinc Réka Ákos Júlia Dávid Csenge Ödön Írisz Máté Kristóf Noémi Benedek
  Fruzsina Gergő Boglárka`.split(/\s+/)
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(',')}]`
const NAME = (g: string) =>
  `(${sqlArray(SURNAMES)})[1 + ${g} % ${SURNAMES.length}] || ' ' || (${sqlArray(GIVEN)})[1 + (${g} / ${SURNAMES.length}) % ${GIVEN.length}] || ' ' || (${sqlArray(GIVEN)})[1 + (${g} / 500) % ${GIVEN.length}]`

/** 6 columns × 5 rows, a teacher's desk and 29 pupils' desks. */
const LAYOUT = {
  size: [6, 5],
  objects: Array.from({ length: 30 }, (_, i) => ({
    x: i % 6,
    y: Math.floor(i / 6),
    type: i === 0 ? 'teacher' : 'student',
  })),
}
const MEMBERS_PER_GROUP = 17

/** The district in bulk SQL; the bench's two accounts and their sessions. Returns the tokens. */
async function seed(url: string, log: (line: string) => void): Promise<Record<Who, string[]>> {
  const counts = Object.fromEntries(
    Object.entries(DISTRICT).map(([k, v]) => [k, sized(v)]),
  ) as typeof DISTRICT
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const run = async (what: string, text: string, values: unknown[] = []) => {
    const t = performance.now()
    await client.query(text, values)
    log(`    ${what}: ${Math.round(performance.now() - t)} ms`)
  }
  try {
    await run(
      `${counts.students} students`,
      `insert into users (id, username, name, type, password_hash, password_changed_at, created_at)
       select gen_random_uuid(), 'd' || lpad(g::text, 6, '0'), ${NAME('g')}, 'student', 'x', now(), now()
       from generate_series(0, $1 - 1) g`,
      [counts.students],
    )
    await run(
      `${counts.teachers} teachers and the bench accounts`,
      `insert into users (id, username, name, type, password_hash, password_changed_at, created_at)
       select gen_random_uuid(), 't' || lpad(g::text, 5, '0'), ${NAME('g * 7')}, 'teacher', 'x', now(), now()
       from generate_series(0, $1 - 1) g
       union all select gen_random_uuid(), 'bench.district.admin', 'Mérő Adminisztrátor', 'admin', 'x', now(), now()`,
      [counts.teachers],
    )
    await run(
      `${counts.classrooms} classrooms`,
      `insert into classrooms (id, name, layout, created_at, updated_at)
       select gen_random_uuid(), (100 + g)::text, $2::jsonb, now(), now() from generate_series(1, $1) g`,
      [counts.classrooms, JSON.stringify(LAYOUT)],
    )
    // Group g: teacher g mod T (t00000 holds the first few), a room, a weekday and an hour; 17 pupils, all seated.
    await run(
      `${counts.groups} groups`,
      `with t as (select id, row_number() over (order by username) - 1 as n from users where type = 'teacher'),
            r as (select id, row_number() over (order by name) - 1 as n from classrooms)
       insert into groups (id, name, day, classroom_id, instructor_id, created_at, start_time, end_time)
       select gen_random_uuid(), (9 + g % 4) || '.' || substr('ABCDEF', 1 + (g / 4) % 6, 1) || ' csoport ' || g,
              1 + g % 5, r.id, t.id, now(), lpad((8 + g % 8)::text, 2, '0') || ':00', lpad((8 + g % 8)::text, 2, '0') || ':45'
       from generate_series(0, $1 - 1) g
       join t on t.n = g % $2 join r on r.n = g % $3`,
      [counts.groups, counts.teachers, counts.classrooms],
    )
    await run(
      `${counts.groups * MEMBERS_PER_GROUP} memberships`,
      `with s as (select id, row_number() over (order by username) - 1 as n from users where type = 'student'),
            gr as (select id, row_number() over (order by created_at, id) - 1 as n from groups)
       insert into group_members (group_id, user_id)
       select gr.id, s.id from gr cross join generate_series(0, $1 - 1) k
       join s on s.n = (gr.n * $1 + k) % $2
       on conflict do nothing`,
      [MEMBERS_PER_GROUP, counts.students],
    )
    await run(
      `${counts.groups} seatings`,
      `insert into seating (group_id, positions, updated_at)
       select m.group_id,
              jsonb_agg(jsonb_build_object('student', u.username,
                'position', ((row_number - 1) / 6)::text || '-' || ((row_number - 1) % 6)::text)),
              now()
       from (select group_id, user_id, row_number() over (partition by group_id order by user_id) + 1 as row_number
             from group_members) m
       join users u on u.id = m.user_id
       group by m.group_id`,
    )
    await run(
      `${counts.links} short links`,
      `insert into short_links (id, url, short, visits, created_by, created_at)
       select gen_random_uuid(), 'https://tananyag' || g || '.pelda.hu/lecke/' || g, 'k' || g, g % 50,
              (select id from users where username = 't00000'), now()
       from generate_series(1, $1) g`,
      [counts.links],
    )
    await run(
      `${counts.domains} blocked domains`,
      `insert into blocked_domains (domain, comment, created_at)
       select 'tiltott' || g || '.pelda.hu', case when g % 3 = 0 then 'játék' end, now()
       from generate_series(1, $1) g`,
      [counts.domains],
    )
    const handle = await openDatabase({ DATA_DIR: '', DATABASE_URL: url, DATABASE_POOL_MAX: 2 })
    try {
      const t = performance.now()
      await seedAuditHistory(handle.db, counts.audit)
      log(`    ${counts.audit} audit entries: ${Math.round(performance.now() - t)} ms`)
    } finally {
      await handle.close()
    }
    await run('analyze', 'analyze')
    const tokens: Record<Who, string[]> = { admin: [], teacher: [] }
    for (const [who, username] of [
      ['admin', 'bench.district.admin'],
      ['teacher', 't00000'],
    ] as const) {
      for (let i = 0; i < TOKENS; i++) tokens[who].push(randomBytes(24).toString('base64url'))
      await client.query(
        `insert into sessions (token_hash, user_id, kind, expires_at, last_seen, created_at)
         select h, (select id from users where username = $2), 'session', now() + interval '1 day', now(), now()
         from unnest($1::text[]) h`,
        [tokens[who].map((token) => createHash('sha256').update(token).digest('hex')), username],
      )
    }
    return tokens
  } finally {
    await client.end()
  }
}

/** The answer's bytes as autocannon gets them (no Accept-Encoding) and its content type. */
function fetchBytes(url: string, token: string): Promise<{ status: number; body: Buffer; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: token } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          type: String(res.headers['content-type'] ?? 'application/octet-stream'),
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

interface Load {
  rps: number
  p95: number
  p97_5: number
  p99: number
  non2xx: number
  errors: number
}

/** autocannon over `urls` at once, the connections split between them; the requests per second summed. */
async function load(urls: string[], path: string, tokens: string[], seconds: number): Promise<Load> {
  // autocannon reports p90 and p97.5, not p95: every response's time is kept.
  const times: number[] = []
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: Math.round(CONNECTIONS / urls.length),
        duration: seconds,
        timeout: 30,
        requests: tokens.map((token) => ({ method: 'GET', path, headers: { authorization: token } })),
        setupClient: (client) =>
          client.on('response', (_status: number, _bytes: number, ms: number) => times.push(ms)),
      }),
    ),
  )
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p95: percentile(times, 95),
    p97_5: Math.max(...results.map((r) => r.latency.p97_5)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  }
}

/** A process's peak resident memory (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : NaN
}

async function measure(
  context: ServerContext,
  servers: ServerHandle[],
  tokens: Record<Who, string[]>,
  label: string,
) {
  const { record, fail, scratch } = context
  const seconds = SCALE >= 1 ? 10 : 4
  for (const target of TARGETS) {
    const name = `district${label}: ${target.name}`
    try {
      const first = await fetchBytes(`${servers[0].url}${target.path}`, tokens[target.who][0])
      if (first.status !== 200) throw new Error(`${target.path} answered ${first.status}`)
      const bodyFile = join(scratch, `district-${target.name.replace(/\W+/g, '-')}.body`)
      writeFileSync(bodyFile, first.body)
      const urls = servers.map((s) => s.url)
      await load(urls, target.path, tokens[target.who], 1) // warm-up
      const real = await load(urls, target.path, tokens[target.who], seconds)
      const bares = await Promise.all(servers.map(() => startBareRoute(bodyFile, target.path, first.type)))
      let bare: Load
      try {
        await load(
          bares.map((b) => b.url),
          target.path,
          tokens[target.who],
          1,
        )
        bare = await load(
          bares.map((b) => b.url),
          target.path,
          tokens[target.who],
          seconds,
        )
      } finally {
        await Promise.all(bares.map((b) => b.stop()))
      }
      const ratio = real.rps / bare.rps
      const clean = real.non2xx === 0 && real.errors === 0
      const list = target.kind === 'list'
      record({
        name: `${name} (real / bare)`,
        value: ratio,
        unit: '×',
        budget: list ? `≥ ${RATIO_BUDGET}` : null,
        pass: list ? clean && ratio >= RATIO_BUDGET : null,
        detail: { real, bare, bodyBytes: first.body.length, connections: CONNECTIONS, seconds },
      })
      if (!list) {
        const msPerRequest = (1000 * servers.length) / real.rps
        record({
          name: `${name} process time per request`,
          value: msPerRequest,
          unit: 'ms',
          budget: `≤ ${SCREEN_MS_BUDGET} ms`,
          pass: clean && msPerRequest <= SCREEN_MS_BUDGET,
        })
      }
      record({
        name: `${name} p95 at ${CONNECTIONS} connections`,
        value: real.p95,
        unit: 'ms',
        budget: null,
        pass: null,
        detail: { p97_5: real.p97_5, p99: real.p99, rps: real.rps },
      })
      console.log(
        `    ${Math.round(real.rps)} vs ${Math.round(bare.rps)} req/s, ${first.body.length} bytes` +
          (clean ? '' : `, ${real.non2xx} non-2xx and ${real.errors} errors`),
      )
    } catch (error) {
      fail(name, error)
    }
  }
  servers.forEach((server, i) =>
    record({
      name: `district${label}: process ${i + 1} peak RSS`,
      value: peakRssMb(server.process.pid!),
      unit: 'MB',
      budget: `< ${RSS_BUDGET_MB} MB`,
      pass: peakRssMb(server.process.pid!) < RSS_BUDGET_MB,
    }),
  )
}

const suite: BenchSuite = {
  group: 'district',
  // After Chromium has closed: the suite's own servers and PostgreSQL get the machine.
  async alone(context) {
    const { record, scratch } = context
    const adminUrl =
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres'
    const name = `bench_district_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const databaseUrl = url.toString()
    const scaled = SCALE === 1 ? '' : ` ×${SCALE}`
    const servers: ServerHandle[] = []
    const start = async (n: number) => {
      const server = await startServer({
        dataDir: join(scratch, `district-data-${n}`),
        staticDir: context.dist,
        env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        healthTimeoutMs: 120_000,
      })
      servers.push(server)
      return server
    }
    try {
      // The first start migrates the empty database; the district goes in while it runs.
      await start(1)
      const t = performance.now()
      console.log(`  seeding the district${scaled} into ${name}…`)
      const tokens = await seed(databaseUrl, console.log)
      const seedSeconds = (performance.now() - t) / 1000
      record({
        name: `district${scaled}: seed (bulk SQL)`,
        value: seedSeconds,
        unit: 's',
        budget: '< 300 s at full size',
        pass: SCALE >= 1 ? seedSeconds < 300 : null,
        detail: {
          scale: SCALE,
          counts: Object.fromEntries(Object.entries(DISTRICT).map(([k, v]) => [k, sized(v)])),
        },
      })
      // A fresh process: its RSS is the lists' and the load's, not the seeding's.
      await servers.pop()!.stop()
      await start(1)
      await measure(context, servers, tokens, `${scaled}, 1 process`)
      await servers.pop()!.stop()
      await start(1)
      await start(2)
      await measure(context, servers, tokens, `${scaled}, 2 processes`)
    } finally {
      for (const server of servers) await server.stop().catch(() => {})
      const again = new pg.Client({ connectionString: adminUrl })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`)
      await again.end()
    }
  },
}

export default suite

/**
 * Answers to hostile or broken requests (issue 6, "server defects found by probing it"): a NUL character in any
 * input, refusals Fastify and Node make themselves, and what reaches the log.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { buildApp } from '../app'
import { loggerOptions, safeError } from '../lib/log'
import { newToken, sha256 } from '../lib/tokens'
import { BAD_TOKENS_PER_IP } from '../plugins/app/auth'
import { insertSession } from '../repositories/sessions-repository'
import { createUser } from '../repositories/users-repository'
import {
  CapturingMailer,
  drivers,
  freshDatabase,
  tempDir,
  TEST_LOG_N,
  testConfig,
  useTestApp,
  type TestApp,
} from './build'

/** One raw HTTP/1.1 exchange (the parts Node refuses before Fastify never reach `inject`). */
function rawRequest(
  app: FastifyInstance,
  request: string,
): Promise<{ status: number; headers: string; body: string }> {
  const { port } = app.server.address() as net.AddressInfo
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    let out = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (out += chunk))
    socket.on('close', () => {
      const [head, ...rest] = out.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') })
    })
    socket.on('error', reject)
  })
}

const NUL_CASES: [
  string,
  (t: TestApp) => Promise<{ method: 'POST' | 'GET'; url: string; token?: string; payload?: object }>,
][] = [
  [
    'a login username',
    async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'anna\u0000.balogh', password: 'jelszo-12345' },
    }),
  ],
  [
    'a login password',
    async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'anna.balogh', password: 'jel\u0000szo' },
    }),
  ],
  [
    'the MFA e-mail',
    async (t) => ({
      method: 'POST',
      url: '/api/auth/setmfa',
      token: (await t.signedIn('teacher')).token,
      payload: { email: 'a\u0000@pelda.hu' },
    }),
  ],
  [
    'a quick-action name',
    async (t) => ({
      method: 'POST',
      url: '/api/dashboard/userSettings',
      token: (await t.signedIn('teacher')).token,
      payload: {
        userSettings: {
          quickActions: [{ id: 'q1', name: 'Órarend\u0000', url: 'https://pelda.hu', icon: 'calendar' }],
        },
      },
    }),
  ],
  [
    'the password-reset username',
    async (t) => ({
      method: 'POST',
      url: '/api/students/password',
      token: (await t.signedIn('teacher')).token,
      payload: { username: 'diak\u0000', password: 'uj-jelszo-123' },
    }),
  ],
  [
    'an alert message',
    async (t) => ({
      method: 'POST',
      url: '/api/alerts',
      token: (await t.signedIn('admin')).token,
      payload: { message: 'Ma\u0000 zárva' },
    }),
  ],
  [
    'a query string',
    async (t) => ({ method: 'GET', url: '/api/alerts?x=%00', token: (await t.signedIn('teacher')).token }),
  ],
]

describe.each(drivers)('NUL characters on %s', (driver) => {
  const t = useTestApp(driver)

  it.each(NUL_CASES)('in %s is 400 with the Hungarian message', async (_name, make) => {
    const { method, url, token, payload } = await make(t)
    const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 400, message: MESSAGES.badRequest })
  })
})

describe.each(drivers)('the short-link base without SHORT_LINK_BASE on %s', (driver) => {
  const t = useTestApp(driver)

  it.each([
    ['evil.example"><script>', '/s/'],
    ['evil.example/<b>', '/s/'],
    ['a b', '/s/'],
    ['portal.iskola.hu', 'http://portal.iskola.hu/s/'],
    ['Portal.Iskola.hu:8080', 'http://portal.iskola.hu:8080/s/'],
    ['192.168.1.20:8080', 'http://192.168.1.20:8080/s/'],
  ])('with Host %s is %s', async (host, expected) => {
    const { token } = await t.signedIn('teacher')
    const res = await t.app.inject({ url: '/api/dashboard', headers: { authorization: token, host } })
    expect(res.statusCode).toBe(200)
    expect(res.json().config).toEqual({ shortLinkBase: expected, timeZone: t.config.TZ })
  })
})

describe.each(drivers)('the log on %s', (driver) => {
  const lines: string[] = []
  let app: FastifyInstance
  let drop: () => Promise<void>
  const mailer = new CapturingMailer()

  beforeAll(async () => {
    const fresh = await freshDatabase(driver)
    drop = fresh.drop
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    app = await buildApp({
      config: testConfig(),
      db: fresh.handle,
      mailer,
      logger: { ...loggerOptions('info'), stream },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  it('never holds a password, token or query parameters, even when the database fails', async () => {
    const password = 'titkos-jelszo-98765'
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x', password },
    })
    expect(wrong.statusCode).toBe(401)
    // A body JSON.parse cannot read: its error message quotes the body.
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"password":"${password}",`,
    })
    await app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: 'Bearer titkos-token-abcdef' },
    })
    // A database failure: the error Drizzle raises carries the query's parameters, pg's `detail` row values.
    const dbError = new Error(
      `Failed query: select 1 where x = $1\nparams: ${password},scrypt$17$8$1$c2FsdA==$aGFzaA==`,
      {
        cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
          code: '22021',
          detail: password,
        }),
      },
    )
    app.log.error({ err: dbError }, 'request failed')
    expect(safeError(dbError)).toMatchObject({
      message: 'Failed query: select 1 where x = $1',
      cause: { code: '22021' },
    })
    const log = lines.join('')
    expect(log).toContain('request failed')
    expect(log).not.toContain(password)
    expect(log).not.toContain('scrypt$')
    expect(log).not.toContain('titkos-token')
    expect(log).not.toContain('params:')
  })
})

describe('refusals made before routing', () => {
  const staticDir = tempDir('portal-static-')
  mkdirSync(join(staticDir, 'assets'), { recursive: true })
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Portál</title>')
  const appJs = `console.log(${JSON.stringify('Oktatói Portál '.repeat(200))})`
  writeFileSync(join(staticDir, 'assets', 'app.js'), appJs)
  writeFileSync(join(staticDir, 'assets', 'app.js.br'), brotliCompressSync(appJs))
  let app: FastifyInstance
  let drop: () => Promise<void>

  beforeAll(async () => {
    const fresh = await freshDatabase('pglite')
    drop = fresh.drop
    app = await buildApp({
      config: testConfig({ STATIC_DIR: staticDir }),
      db: fresh.handle,
      mailer: new CapturingMailer(),
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  it("does not count the app's own files against the per-address limit (a school's devices share one address)", async () => {
    const fresh = await freshDatabase('pglite')
    const limited = await buildApp({
      config: testConfig({ STATIC_DIR: staticDir }),
      db: fresh.handle,
      mailer: new CapturingMailer(),
      rateLimitMax: 2,
    })
    try {
      const files: number[] = []
      for (let i = 0; i < 5; i++) files.push((await limited.inject({ url: '/assets/app.js' })).statusCode)
      expect(files).toEqual([200, 200, 200, 200, 200])
      // A short link is counted per address, as before.
      const links: number[] = []
      for (let i = 0; i < 3; i++) links.push((await limited.inject({ url: '/s/nincs-ilyen' })).statusCode)
      expect(links).toEqual([404, 404, 429])
      const refused = await limited.inject({ url: '/s/nincs-ilyen' })
      expect(refused.json()).toEqual({ code: 429, message: MESSAGES.rateLimited })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // Another address is counted on its own.
      expect((await limited.inject({ url: '/s/nincs-ilyen', remoteAddress: '203.0.113.5' })).statusCode).toBe(
        404,
      )
    } finally {
      await limited.close()
      await fresh.drop()
    }
  })

  it('sends a precompressed static file as it is, not compressed again', async () => {
    const res = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.rawPayload.equals(brotliCompressSync(appJs))).toBe(true)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(appJs)
  })

  it('answers oversized headers with 431 and a Hungarian {code, message}', async () => {
    const res = await rawRequest(
      app,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Nagy: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(res.status).toBe(431)
    expect(JSON.parse(res.body)).toEqual({ code: 431, message: MESSAGES.bodyTooLarge })
  })

  it('answers an overlong path parameter with 414 and a Hungarian {code, message}, without echoing the path', async () => {
    const long = 'hosszu'.repeat(100)
    const res = await rawRequest(
      app,
      `DELETE /api/alerts/${long} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    )
    expect(res.status).toBe(414)
    expect(JSON.parse(res.body)).toEqual({ code: 414, message: MESSAGES.badRequest })
    expect(res.body).not.toContain('hosszu')
  })

  it.each(['/..%2f..%2fetc/passwd', '/assets/%2e%2e/%2e%2e/package.json', '/api/..%2f..%2fetc/passwd'])(
    'answers the traversal path %s as not found, in Hungarian',
    async (path) => {
      const res = await rawRequest(app, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
      expect(res.status).toBe(404)
      expect(JSON.parse(res.body)).toEqual({ code: 404, message: MESSAGES.notFound })
    },
  )
})

describe.each(drivers)('tokens that match no session on %s', (driver) => {
  let app: FastifyInstance
  let drop: () => Promise<void>
  let lookups = 0
  let handle: Awaited<ReturnType<typeof freshDatabase>>['handle']

  beforeAll(async () => {
    const fresh = await freshDatabase(driver)
    drop = fresh.drop
    handle = fresh.handle
    // Counts the statements the app sends (the session look-up is one prepared statement, built once and executed
    // per request): Drizzle's driver client (the PGlite instance or the pg Pool) sends every one through query().
    const { $client: client } = fresh.handle.db as unknown as {
      $client: { query: (...args: unknown[]) => unknown }
    }
    const query = client.query.bind(client)
    client.query = (...args: unknown[]) => {
      lookups++
      return query(...args)
    }
    app = await buildApp({ config: testConfig(), db: fresh.handle, mailer: new CapturingMailer() })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  it('count against the IP: of 1,400 random tokens most are refused with 429 and Retry-After, without a database look-up', async () => {
    const statuses = new Map<number, number>()
    let lastRefusal: Awaited<ReturnType<FastifyInstance['inject']>> | undefined
    lookups = 0
    for (let i = 0; i < 1400; i++) {
      const res = await app.inject({
        url: '/api/dashboard',
        headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
        remoteAddress: '10.9.9.9',
      })
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      if (res.statusCode === 429) lastRefusal = res
    }
    expect(statuses.get(401)).toBe(BAD_TOKENS_PER_IP)
    expect(statuses.get(429)).toBe(1400 - BAD_TOKENS_PER_IP)
    expect(lookups).toBe(BAD_TOKENS_PER_IP)
    expect(lastRefusal!.json()).toEqual({ code: 429, message: MESSAGES.rateLimited })
    expect(Number(lastRefusal!.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(lastRefusal!.headers['retry-after'])).toBeLessThanOrEqual(60)

    // Another address with a real session is not affected.
    const user = await createUser(
      handle.db,
      {
        username: `tanar-${randomBytes(3).toString('hex')}`,
        name: 'Tanár',
        type: 'teacher',
        password: 'jelszo-12345',
      },
      { logN: TEST_LOG_N },
    )
    const token = newToken()
    await insertSession(handle.db, {
      tokenHash: sha256(token),
      userId: user.id,
      kind: 'session',
      expiresAt: new Date(Date.now() + 60_000),
      now: new Date(),
    })
    const other = await app.inject({
      url: '/api/dashboard',
      headers: { authorization: token },
      remoteAddress: '10.9.9.10',
    })
    expect(other.statusCode).toBe(200)
  })
})

describe.each(drivers)('compressed answers on %s', (driver) => {
  const t = useTestApp(driver)

  it('sends the students list brotli or gzip by Accept-Encoding, the same ETag for each, and 304 on a match', async () => {
    const { token } = await t.signedIn('teacher')
    for (let i = 0; i < 30; i++) await t.user('student', { name: `Gyöngyösi Örs ${i}` })
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({
        url: '/api/students/',
        headers: { authorization: token, origin: 'https://app.pelda.hu', ...headers },
      })

    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await get({ 'accept-encoding': 'gzip' })
    const refused = await get({ 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    for (const res of [br, gzip, refused]) expect(res.headers.etag).toBe(plain.headers.etag)
    // CORS's Vary: Origin is kept beside Accept-Encoding.
    expect(String(br.headers.vary)).toMatch(/Origin/)
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/)

    const notModified = await get({ 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.rawPayload.length).toBe(0)
    expect(notModified.headers['content-encoding']).toBeUndefined()

    // A change of the users table: new bytes in every encoding.
    await t.user('student', { name: 'Ábrahám Új' })
    const changed = await get({ 'accept-encoding': 'br' })
    expect(changed.headers.etag).not.toBe(plain.headers.etag)
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('Ábrahám Új')
  })

  it('compresses other JSON answers over 1 KB and leaves small ones', async () => {
    const { token } = await t.signedIn('admin')
    const dashboard = await t.app.inject({
      url: '/api/dashboard',
      headers: { authorization: token, 'accept-encoding': 'gzip' },
    })
    expect(dashboard.statusCode).toBe(200)
    expect(dashboard.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(dashboard.rawPayload).toString())).toHaveProperty('features')
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } })
    expect(health.headers['content-encoding']).toBeUndefined()
  })
})

describe.each(drivers)('the status page on %s', (driver) => {
  const t = useTestApp(driver)
  const version = (
    JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }
  ).version

  it('is a Hungarian page, without sign-in: server, database, version and time', async () => {
    const res = await t.app.inject({ url: '/api/status' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain('<html lang="hu">')
    expect(res.body).toContain('<title>Rendszerállapot</title>')
    expect(res.body).toContain('<dt>Szerver:</dt><dd>működik</dd>')
    expect(res.body).toContain('<dt>Adatbázis:</dt><dd>működik</dd>')
    expect(res.body).toContain(`<dt>Verzió:</dt><dd>${version}</dd>`)
    expect(res.body).toMatch(/<dt>Idő:<\/dt><dd>\d{4}\. [a-zá-ű]+ \d{1,2}\. \d{1,2}:\d{2}:\d{2}<\/dd>/)
    // Nothing the Content-Security-Policy would block: no script at all.
    expect(res.body).not.toMatch(/<script|\son[a-z]+=/i)
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
  })

  it('says the database is not reachable, with 503, when it is not', async () => {
    const broken = new Proxy(t.handle.db, {
      get(target, property, receiver) {
        if (property === 'execute') return () => Promise.reject(new Error('connect ECONNREFUSED'))
        return Reflect.get(target, property, receiver)
      },
    })
    const app = await buildApp({
      config: t.config,
      db: { ...t.handle, db: broken },
      mailer: new CapturingMailer(),
    })
    try {
      const res = await app.inject({ url: '/api/status' })
      expect(res.statusCode).toBe(503)
      expect(res.body).toContain('<dt>Szerver:</dt><dd>működik</dd>')
      expect(res.body).toContain('<dt>Adatbázis:</dt><dd>nem elérhető</dd>')
    } finally {
      await app.close()
    }
  })
})

/** Configuration, the PGlite data-directory lock, static serving of the built app, and mail over real SMTP. */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db'
import { DataDirLockedError, lockDataDir } from '../db/lock'
import { createMailer } from '../services/mailer'
import { CapturingMailer, freshDatabase, tempDir, testConfig, useTestApp } from './build'

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      TZ: 'Europe/Budapest',
      PRODUCT_NAME: 'Oktatói Portál',
    })
    expect(config.DATABASE_URL).toBeNull()
    expect(config.DATABASE_POOL_MAX).toBe(10)
    expect(config.FILES_ROOT).toBe(join(config.DATA_DIR, 'files'))
  })

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', TZ: 'Mars/Olympus', CORS_ORIGINS: 'nem-url', DATABASE_URL: 'mysql://x' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).problems).toHaveLength(4)
    }
  })

  it('says which value is wrong and what a valid one looks like, in Hungarian and English', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      /PORT=70000: 0 és 65535 közötti egész szám kell \/ must be an integer 0–65535/,
    )
    expect(() => loadConfig({ PASSWORD_HASH_LOG_N: '17.5' })).toThrow(
      /PASSWORD_HASH_LOG_N=17\.5: 4 és 20 közötti/,
    )
    expect(() => loadConfig({ TRUST_PROXY: 'talán' })).toThrow(
      /TRUST_PROXY=talán: a proxy címe\(i\) vagy CIDR, a hopok száma, true vagy false/,
    )
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' })).toThrow(/TRUST_PROXY=/)
    expect(() => loadConfig({ LOG_LEVEL: 'hangos' })).toThrow(/LOG_LEVEL=hangos: fatal\|error/)
    expect(() => loadConfig({ SHORT_LINK_BASE: 'ftp://x' })).toThrow(
      /SHORT_LINK_BASE=ftp:\/\/x: http\(s\):\/\/ URL kell/,
    )
    expect(() => loadConfig({ CONNECT_SRC: 'https://api.pelda.hu, nem-url' })).toThrow(/CONNECT_SRC=/)
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(
      /DATABASE_POOL_MAX=0: 1 és 1000 közötti egész szám kell/,
    )
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'sok' })).toThrow(/DATABASE_POOL_MAX=sok/)
  })

  it('reads every variable of the README table, trimmed, with lists split', () => {
    const config = loadConfig({
      PORT: ' 9090 ',
      CORS_ORIGINS: 'https://a.pelda.hu, https://b.pelda.hu',
      CONNECT_SRC: '',
      TRUST_PROXY: 'Yes',
      LOG_LEVEL: 'WARN',
      PASSWORD_HASH_LOG_N: '12',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SHORT_LINK_BASE: 'https://s.pelda.hu',
      DATABASE_POOL_MAX: ' 25 ',
    })
    expect(config).toMatchObject({
      PORT: 9090,
      CORS_ORIGINS: ['https://a.pelda.hu', 'https://b.pelda.hu'],
      CONNECT_SRC: [],
      TRUST_PROXY: true,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_LOG_N: 12,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SHORT_LINK_BASE: 'https://s.pelda.hu',
      MAIL_FROM: 'Oktatói Portál <noreply@pelda.hu>',
      DATABASE_POOL_MAX: 25,
    })
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    // Fastify's trustProxy forms (issue 17): a hop count, the proxies' addresses or CIDRs, or a word.
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 , ::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ])
    expect(loadConfig({ TRUST_PROXY: 'NO' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({}).SMTP_URL).toBeNull()
  })

  it('stops the server at start on a bad value, naming it, before opening anything', () => {
    const dataDir = tempDir('portal-config-')
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, PORT: 'nyolcvan', DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('Hibás beállítás / invalid configuration')
    expect(run.stderr).toContain('PORT=nyolcvan: 0 és 65535 közötti egész szám kell')
    expect(existsSync(join(dataDir, 'db'))).toBe(false)
    rmSync(dataDir, { recursive: true, force: true })
  })
})

// Opening an on-disk PGlite cluster takes ~10 s alone and far more on a busy 2-core machine.
describe('PGlite data-directory lock', { timeout: 120_000 }, () => {
  const dir = tempDir('portal-lock-')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('refuses a second opener with a Hungarian and English message, and frees the lock on close', async () => {
    const first = await openDatabase({ DATA_DIR: dir, DATABASE_URL: null })
    try {
      const second = openDatabase({ DATA_DIR: dir, DATABASE_URL: null })
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
      await expect(second).rejects.toThrow(/már egy másik szerverfolyamat használja[\s\S]*already in use/)
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError)
    } finally {
      await first.close()
    }
    expect(existsSync(join(dir, 'db.lock'))).toBe(false)
    const release = await lockDataDir(dir)
    release()
  })

  it('refuses while another live process holds it, naming its PID, and starts once that process is killed', async () => {
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./server/db/lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('held'); setInterval(() => {}, 1000) })`,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await new Promise<void>((done, fail) => {
        holder.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('held') && done())
        holder.on('exit', () => fail(new Error('the lock holder exited')))
      })
      const refused = openDatabase({ DATA_DIR: dir, DATABASE_URL: null })
      await expect(refused).rejects.toThrow(
        new RegExp(
          `PID ${holder.pid}\\)[\\s\\S]*already in use by another server process \\(PID ${holder.pid}\\)`,
        ),
      )
    } finally {
      holder.kill('SIGKILL')
      await new Promise((done) => holder.once('exit', done))
    }
    // Killed without a chance to clean up: its socket file is left behind, and nobody listens on it.
    expect(existsSync(join(dir, 'db.lock'))).toBe(true)
    const handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: null })
    await handle.close()
  })

  it.each([
    ['PID 1 (a server that ran as PID 1 in a container, now alive again as another process)', '1'],
    ["this process's own PID", String(process.pid)],
    [
      'a PID that is gone',
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString(),
    ],
    ['garbage', 'nem pid'],
  ])('takes over a lock file left with %s', async (_name, content) => {
    writeFileSync(join(dir, 'db.lock'), content)
    const handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: null })
    await expect(openDatabase({ DATA_DIR: dir, DATABASE_URL: null })).rejects.toBeInstanceOf(
      DataDirLockedError,
    )
    await handle.close()
    expect(existsSync(join(dir, 'db.lock'))).toBe(false)
  })
})

describe('static app', () => {
  const root = tempDir('portal-static-')
  let app: Awaited<ReturnType<typeof buildApp>>
  let drop: () => Promise<void>

  beforeAll(async () => {
    mkdirSync(join(root, 'assets'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Portál</title>')
    writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(root, 'manifest.webmanifest'), '{}')
    const js = 'console.log("app")'.repeat(50)
    writeFileSync(join(root, 'assets', 'index-abc123.js'), js)
    writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(js))
    const fresh = await freshDatabase('pglite')
    drop = fresh.drop
    app = await buildApp({
      config: testConfig({ STATIC_DIR: root }),
      db: fresh.handle,
      mailer: new CapturingMailer(),
    })
  })
  afterAll(async () => {
    await app.close()
    await drop()
    rmSync(root, { recursive: true, force: true })
  })

  it('serves index.html, sw.js and the manifest with no-cache', async () => {
    for (const url of ['/', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    expect((await app.inject({ url: '/' })).headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('serves hashed assets immutable, precompressed when accepted, with Vary', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding')
    const plain = await app.inject({ url: '/assets/index-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('falls back to index.html for page navigations, but not for /api, /s/ or missing assets', async () => {
    const page = await app.inject({ url: '/valami/oldal', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>Portál</title>')
    for (const url of ['/api/nincs', '/assets/nincs.js']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().code).toBe(404)
    }
    // An unknown short link is the redirect's own Hungarian 404 page, never the app.
    const link = await app.inject({ url: '/s/abc', headers: { accept: 'text/html' } })
    expect(link.statusCode).toBe(404)
    expect(link.body).toContain('A rövid link nem található.')
    expect(link.body).not.toContain('<title>Portál</title>')
  })
})

describe('MFA mail over a loopback SMTP server', () => {
  const received: string[] = []
  let server: SMTPServer
  let port = 0
  const t = useTestApp('pglite')

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
        stream.on('end', () => {
          received.push(raw)
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('mails the 6-digit code that completes the sign-in', async () => {
    const config = { ...t.config, SMTP_URL: `smtp://127.0.0.1:${port}` }
    const app = await buildApp({
      config,
      db: t.handle,
      mailer: createMailer(config, console),
      now: t.clock.now,
    })
    try {
      const { username, password } = await t.user('teacher', { mfaEmail: 'tanar@pelda.hu' })
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      })
      expect(login.json().mfa).toBe(true)
      const raw = received.at(-1)!
      expect(raw).toContain('tanar@pelda.hu')
      const code = raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n')
        .match(/\b(\d{6})\b/)?.[1]
      expect(code).toMatch(/^\d{6}$/)
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/mfa',
        headers: { authorization: login.json().Token },
        payload: { code },
      })
      expect(done.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('without SMTP_URL writes the mail to DATA_DIR/outbox', async () => {
    const dir = tempDir('portal-outbox-')
    const mailer = createMailer(
      { SMTP_URL: null, MAIL_FROM: 'x@pelda.hu', DATA_DIR: dir },
      { info() {}, warn() {} },
    )
    await mailer.send({ to: 'a@pelda.hu', subject: 'Kód', text: 'kód: 123456' })
    const { readdirSync } = await import('node:fs')
    const files = readdirSync(join(dir, 'outbox'))
    expect(files).toHaveLength(1)
    expect(readFileSync(join(dir, 'outbox', files[0]), 'utf8')).toContain('123456')
    rmSync(dir, { recursive: true, force: true })
  })
})

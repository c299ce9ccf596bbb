/**
 * deploy/haproxy/haproxy.cfg (README "Several processes") run with the real haproxy in front of two real server
 * processes on one PostgreSQL database, as committed but for the ports, the certificate's path and the log target:
 * HTTPS with a certificate of `npm run cert`, plain HTTP answers 308, a session signed in through one process
 * works on both (no sticky sessions) and when one is gone, the guess limit holds for the client's own address
 * whatever X-Forwarded-For it makes up, and with Redis a token gets the API limit once, not once per process.
 * Skipped, saying so, without /usr/sbin/haproxy or without DATABASE_URL (several processes need PostgreSQL).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request as httpsRequest } from 'node:https'
import { request as httpRequest } from 'node:http'
import { createConnection } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../../tests/support/server'
import { openDatabase } from '../db'
import { issueServerCertificate } from '../lib/certificate-authority'
import { createUser } from '../repositories/users-repository'
import { THROTTLE } from '../services/throttle'
import { tempDir, TEST_LOG_N } from './build'
import {
  freePort,
  serverDatabase,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from './server-process'

const HAPROXY = '/usr/sbin/haproxy'
/** The client's own loopback address, told apart from the proxy's (127.0.0.1). */
const CLIENT_ADDRESS = '127.0.0.2'
const API_LIMIT = 1200
const REDIS_URL = 'redis://127.0.0.1:6379'

const missing = !existsSync(HAPROXY)
  ? `${HAPROXY} is not installed (apt-get install haproxy)`
  : !process.env.DATABASE_URL
    ? 'DATABASE_URL is not set (several processes need PostgreSQL)'
    : null
if (missing) console.warn(`deploy-haproxy: skipped: ${missing}`)

const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 })
    socket.setTimeout(1000)
    socket.once('connect', () => (socket.end(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

describe.skipIf(missing)('HAProxy in front of two processes (deploy/haproxy)', () => {
  let dir = ''
  let database: ServerDatabase
  const servers: ServerProcess[] = []
  let haproxy: ChildProcess | undefined
  let haproxyOutput = ''
  let httpsPort = 0
  let httpPort = 0
  let agent: Agent
  let redis = false
  /** The device proof of the first sign-in: the owner's tablet, behind the same address as the guesses below. */
  let device = ''

  function send(
    path: string,
    options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    return new Promise((resolveSend, reject) => {
      const body = options.body === undefined ? undefined : JSON.stringify(options.body)
      const request = httpsRequest(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path,
          method: options.method ?? 'GET',
          agent,
          servername: 'portal.test',
          headers: {
            host: 'portal.test',
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(options.token ? { authorization: options.token } : {}),
            ...options.headers,
          },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk.toString()))
          response.on('end', () =>
            resolveSend({ status: response.statusCode!, headers: response.headers, body: text }),
          )
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  }

  const signIn = async () => {
    const answer = await send('/api/auth/login', {
      method: 'POST',
      body: { username: 'tanar.proxy', password: 'jo-jelszo-proxy', ...(device ? { device } : {}) },
    })
    expect(answer.status, answer.body).toBe(200)
    device = JSON.parse(answer.body).device as string
    return JSON.parse(answer.body).Token as string
  }

  beforeAll(async () => {
    dir = tempDir('portal-haproxy-')
    redis = await redisAnswers()
    database = await serverDatabase('postgres', dir)
    const handle = await openDatabase({ DATA_DIR: '', DATABASE_URL: database.env.DATABASE_URL! })
    await handle.migrate()
    await createUser(
      handle.db,
      { username: 'tanar.proxy', name: 'Proxy Tanár', type: 'teacher', password: 'jo-jelszo-proxy' },
      { logN: TEST_LOG_N },
    )
    await handle.close()

    const ports = [await freePort(), await freePort()]
    const env = { TRUST_PROXY: '127.0.0.1', REDIS_URL: redis ? REDIS_URL : undefined }
    servers.push(...(await Promise.all(ports.map((port) => startServer(database, port, env)))))

    const issued = issueServerCertificate(dir, ['portal.test'])
    const pem = join(dir, 'portal.pem')
    writeFileSync(
      pem,
      readFileSync(issued.files.serverCert, 'utf8') + readFileSync(issued.files.serverKey, 'utf8'),
    )
    agent = new Agent({
      keepAlive: true,
      maxSockets: 8,
      ca: readFileSync(issued.files.caCert),
      localAddress: CLIENT_ADDRESS,
    })

    httpsPort = await freePort()
    httpPort = await freePort()
    const committed = readFileSync(join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8')
    const config = committed
      .replace('log /dev/log local0 warning', 'log stderr format raw local0 warning')
      .replace('bind :443 ssl crt /etc/haproxy/portal.pem', `bind 127.0.0.1:${httpsPort} ssl crt ${pem}`)
      .replace('bind :80\n', `bind 127.0.0.1:${httpPort}\n`)
      .replace('127.0.0.1:8081', `127.0.0.1:${ports[0]}`)
      .replace('127.0.0.1:8082', `127.0.0.1:${ports[1]}`)
    expect(config).not.toContain('/etc/haproxy')
    expect(config).not.toContain(':8081')
    const file = join(dir, 'haproxy.cfg')
    writeFileSync(file, config)
    haproxy = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] })
    haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()))
    haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()))
    // Bounded: until both processes answer through it.
    for (let attempt = 0; ; attempt++) {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${haproxyOutput}`)
      const ok = await send('/api/health').then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) break
      if (attempt > 200) throw new Error(`haproxy did not answer: ${haproxyOutput}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }, 120_000)

  afterAll(async () => {
    agent?.destroy()
    if (haproxy && haproxy.exitCode === null) {
      const exited = new Promise((r) => haproxy!.once('exit', r))
      haproxy.kill('SIGTERM')
      await exited
    }
    for (const server of servers) await server.stop()
    await database?.drop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('answers plain HTTP with a 308 to HTTPS', async () => {
    const answer = await new Promise<Answer>((resolveSend, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: httpPort,
          path: '/api/health',
          localAddress: CLIENT_ADDRESS,
          headers: { host: 'portal.test' },
        },
        (response) => {
          response.resume()
          response.on('end', () =>
            resolveSend({ status: response.statusCode!, headers: response.headers, body: '' }),
          )
        },
      )
      request.on('error', reject)
      request.end()
    })
    expect(answer.status).toBe(308)
    expect(answer.headers.location).toBe('https://portal.test/api/health')
  })

  it('keeps a session on both processes, without sticky sessions', async () => {
    const token = await signIn()
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => send('/api/dashboard', { token }).then((r) => r.status)),
    )
    expect(statuses).toEqual(Array(8).fill(200))
  })

  it('checks at most 5 of 24 wrong passwords sent at once, whatever X-Forwarded-For the client makes up', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        send('/api/auth/login', {
          method: 'POST',
          body: { username: 'tanar.proxy', password: `rossz-${i}` },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        }).then((r) => r.status),
      ),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.perAccountAddress)
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - THROTTLE.perAccountAddress)
  })

  it('gives a token the API limit once over both processes (REDIS_URL)', async (context) => {
    if (!redis) {
      console.warn('deploy-haproxy: no Redis on 127.0.0.1:6379, the shared API limit is not tested')
      context.skip()
    }
    // The owner's device: this address's wrong guesses above do not hold it back.
    const token = await signIn()
    const statuses: number[] = []
    const total = API_LIMIT + 10
    let next = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          next++
          statuses.push((await send('/api/health', { token })).status)
        }
      }),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
  }, 120_000)

  it('goes on when one process stops', async () => {
    const token = await signIn()
    await servers[0]!.stop()
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await send('/api/dashboard', { token })).status)
    expect(statuses).toEqual([200, 200, 200, 200])
  })
})

/**
 * Request limits shared by several processes through Redis (issue 17 §4): two app instances (each with its own
 * in-process counters, as two processes have) on one database and one Redis. Needs the Redis server on
 * 127.0.0.1:6379 (.ci/run starts it); skipped, saying so, when none answers.
 */
import { Writable } from 'node:stream'
import { createConnection } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { BAD_TOKENS_PER_IP } from '../plugins/app/auth'
import { freshDatabase, testConfig, useTestApp } from './build'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const redisAnswers = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL)
  const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) })
  socket.setTimeout(1000)
  socket.once('connect', () => (socket.end(), resolve(true)))
  socket.once('error', () => resolve(false))
  socket.once('timeout', () => (socket.destroy(), resolve(false)))
})
if (!redisAnswers)
  console.warn(`shared-limits: no Redis at ${REDIS_URL}, the shared-counter tests are skipped`)

/** A random client address per run: Redis keeps its windows between runs. */
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`
const LIMIT = 5

it('reads REDIS_URL (redis:// or rediss:// only)', () => {
  expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379')
  expect(loadConfig({}).REDIS_URL).toBeNull()
  expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/)
})

describe.skipIf(!redisAnswers)('limits shared through Redis by two processes', () => {
  const t = useTestApp('pglite', { env: { REDIS_URL }, rateLimitMax: LIMIT })

  /** Requests sent in turn to the two instances; the statuses in order. */
  async function alternate(count: number, request: (app: FastifyInstance, i: number) => Promise<number>) {
    const apps = [t.app, await t.secondApp()]
    const statuses: number[] = []
    for (let i = 0; i < count; i++) statuses.push(await request(apps[i % 2]!, i))
    return statuses
  }

  it('gives a token the API limit once, not once per process', async () => {
    const { token } = await t.signedIn('teacher')
    const statuses = await alternate(2 * LIMIT, (app) =>
      app
        .inject({ url: '/api/dashboard', headers: { authorization: token }, remoteAddress: randomIp() })
        .then((r) => r.statusCode),
    )
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200))
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429))
  })

  it('counts bad tokens from one address over both processes', async () => {
    const ip = randomIp()
    const statuses = await alternate(BAD_TOKENS_PER_IP + 10, (app, i) =>
      app
        .inject({
          url: '/api/dashboard',
          headers: { authorization: `kitalalt-token-${i}-${Math.random()}` },
          remoteAddress: ip,
        })
        .then((r) => r.statusCode),
    )
    // Each process learns of the shared count at its own next record: at most one check more than the limit.
    const checked = statuses.filter((s) => s === 401).length
    expect(checked).toBeGreaterThanOrEqual(BAD_TOKENS_PER_IP)
    expect(checked).toBeLessThanOrEqual(BAD_TOKENS_PER_IP + 1)
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429])
  })

  it('counts short-link visits from one address over both processes', async () => {
    const ip = randomIp()
    const statuses = await alternate(2 * LIMIT, (app) =>
      app.inject({ url: '/s/nincsilyen', remoteAddress: ip }).then((r) => r.statusCode),
    )
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(404))
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429))
  })
})

describe('when Redis does not answer', () => {
  const lines: string[] = []
  let app: FastifyInstance
  let drop: () => Promise<void>
  afterAll(async () => {
    await app?.close()
    await drop?.()
  })

  it('counts in the process, answers no error, and logs it once', async () => {
    const fresh = await freshDatabase('pglite')
    drop = fresh.drop
    app = await buildApp({
      // Nothing listens on this port of the helper's range.
      config: testConfig({ REDIS_URL: 'redis://127.0.0.1:8751' }),
      db: fresh.handle,
      rateLimitMax: LIMIT,
      logger: {
        level: 'warn',
        stream: new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }),
      },
    })
    await app.ready()
    const ip = randomIp()
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push((await app.inject({ url: '/s/nincsilyen', remoteAddress: ip })).statusCode)
    expect(statuses).toEqual([...Array(LIMIT).fill(404), 429, 429])
    const api: number[] = []
    for (let i = 0; i < LIMIT + 1; i++)
      api.push((await app.inject({ url: '/api/health', remoteAddress: ip })).statusCode)
    expect(api).toEqual([...Array(LIMIT).fill(200), 429])
    expect(lines.filter((line) => line.includes('Redis unreachable'))).toHaveLength(1)
  })
})

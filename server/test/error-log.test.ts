/**
 * What an operator reads about a 500 (issue 18): the error's class, message and stack — once serialised, not twice
 * (which left `{"type":"object","message":"","stack":""}`) — with secrets still kept out: a database error's query
 * parameters, the Authorization header, passwords and tokens.
 */
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loggerOptions } from '../lib/log'
import { newToken, sha256 } from '../lib/tokens'
import { insertSession } from '../repositories/sessions-repository'
import { createUser } from '../repositories/users-repository'
import { CapturingMailer, drivers, freshDatabase, TEST_LOG_N, testConfig } from './build'

const SECRET = 'titkos-jelszo-98765'

describe.each(drivers)('a 500 in the log on %s', (driver) => {
  const lines: string[] = []
  let app: FastifyInstance
  let drop: () => Promise<void>

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
      mailer: new CapturingMailer(),
      logger: { ...loggerOptions('info'), stream },
      apiRoutes: async (api) => {
        api.get('/test/type-error', async () => {
          throw new TypeError(`Cannot read properties of undefined (reading 'x')`)
        })
        api.get('/test/quoted-token', async () => {
          throw new Error(`upstream refused Authorization: Bearer ${SECRET}`)
        })
        api.get('/test/db-error', async () => {
          await api.db.execute(sql`select * from nincs_ilyen_tabla where jelszo = ${SECRET}`)
          return {}
        })
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })

  /** The `err` of the last "request failed" line. */
  const lastError = () => {
    const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request failed')
    return failed.at(-1)?.err
  }

  it('names the error class, its message and the stack frames', async () => {
    const { token } = await signedInToken(app)
    const res = await app.inject({
      url: '/api/test/type-error',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(500)
    const err = lastError()
    expect(err).toMatchObject({
      type: 'TypeError',
      message: `Cannot read properties of undefined (reading 'x')`,
      stack: expect.stringContaining('error-log.test.ts'),
    })
    expect(lines.join('')).not.toContain(token)
  })

  it('keeps a credential an error message quotes out', async () => {
    const { token } = await signedInToken(app)
    expect(
      (await app.inject({ url: '/api/test/quoted-token', headers: { authorization: token } })).statusCode,
    ).toBe(500)
    expect(lastError()).toMatchObject({
      type: 'Error',
      message: 'upstream refused Authorization: Bearer [törölve]',
    })
    expect(lines.join('')).not.toContain(SECRET)
  })

  it("names a database error and its cause without the query's parameters", async () => {
    const { token } = await signedInToken(app)
    const res = await app.inject({ url: '/api/test/db-error', headers: { authorization: token } })
    expect(res.statusCode).toBe(500)
    const err = lastError()
    const text = JSON.stringify(err)
    expect(text).toContain('nincs_ilyen_tabla')
    expect(text).toMatch(/does not exist/)
    expect(err.stack).toMatch(/\bat /)
    expect(lines.join('')).not.toContain(SECRET)
  })
})

/** A session straight in the database (the test routes sit behind the API's sign-in). */
async function signedInToken(app: FastifyInstance): Promise<{ token: string }> {
  const user = await createUser(
    app.db,
    { username: `naplo-${randomBytes(3).toString('hex')}`, name: 'Napló', type: 'teacher', password: SECRET },
    { logN: TEST_LOG_N },
  )
  const token = newToken()
  await insertSession(app.db, {
    tokenHash: sha256(token),
    userId: user.id,
    kind: 'session',
    expiresAt: new Date(Date.now() + 60_000),
    now: new Date(),
  })
  return { token }
}

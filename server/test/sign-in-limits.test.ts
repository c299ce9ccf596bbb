/**
 * Issue 17: guess limits that hold under concurrency (a place is claimed before a secret is checked) and that do
 * not lock the owner out (per account and address first; account-wide with back-off; a known device passes it).
 */
import { describe, expect, it } from 'vitest'
import { LIMITS } from '@contract/limits'
import { MESSAGES, throttledMessage } from '@contract/messages'
import { THROTTLE } from '../services/throttle'
import { drivers, useTestApp, type TestApp } from './build'
import { authCounterRows } from './queries'

let ipCounter = 0
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

function login(t: TestApp, username: string, password: string, remoteAddress: string, device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: device ? { username, password, device } : { username, password },
    remoteAddress,
  })
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

describe.each(drivers)('guess limits on %s', (driver) => {
  const t = useTestApp(driver)

  it('checks at most 5 of 24 wrong passwords sent at once for one account; the rest get 429', async () => {
    const { username, password } = await t.user('teacher')
    const ip = nextIp()
    const other = await t.secondApp()
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password: `rossz-${i}` },
          remoteAddress: ip,
        }),
      ),
    )
    const statuses = burst.map((res) => res.statusCode)
    // A 401 is answered only after the password was checked.
    expect(count(statuses, 401)).toBe(THROTTLE.perAccountAddress)
    expect(count(statuses, 429)).toBe(24 - THROTTLE.perAccountAddress)
    const counter = (await authCounterRows(t.handle.db)).find((r) => r.key === `${username} ${ip}`)
    expect(counter?.count).toBe(24)
    // The right password from that address waits too; the message says how long.
    const right = await login(t, username, password, ip)
    expect(right.statusCode).toBe(429)
    expect(right.json().message).toBe(throttledMessage(15))
  })

  it('checks at most 10 of 24 wrong MFA codes sent at once for one account', async () => {
    const email = `roham-${Math.random().toString(36).slice(2)}@pelda.hu`
    const { username, password } = await t.user('teacher', { mfaEmail: email })
    const temporaries: string[] = []
    for (let i = 0; i < 5; i++) temporaries.push((await login(t, username, password, nextIp())).json().Token)
    const wrong = t.mailer.lastCode(email) === '000000' ? '111111' : '000000'
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/mfa',
          headers: { authorization: temporaries[i % 5]! },
          payload: { code: wrong },
        }),
      ),
    )
    const statuses = burst.map((res) => res.statusCode)
    expect(count(statuses, 401)).toBeLessThanOrEqual(THROTTLE.mfaCodesPerAccount)
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(24 - THROTTLE.mfaCodesPerAccount)
  })

  it('checks at most 5 codes of one challenge, however many are sent at once', async () => {
    const email = `egy-kihivas-${Math.random().toString(36).slice(2)}@pelda.hu`
    const { username, password } = await t.user('teacher', { mfaEmail: email })
    const temporary = (await login(t, username, password, nextIp())).json().Token as string
    const code = t.mailer.lastCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/mfa',
          headers: { authorization: temporary },
          payload: { code: wrong },
        }),
      ),
    )
    expect(burst.map((res) => res.statusCode)).toEqual(Array(12).fill(401))
    // The account's code counter holds one claim per code compared.
    const counter = (await authCounterRows(t.handle.db)).find((r) => r.scope === 'mfa' && r.key === username)
    expect(counter?.count).toBe(LIMITS.mfaMaxAttempts)
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa',
      headers: { authorization: temporary },
      payload: { code },
    })
    expect(right.json()).toEqual({ code: 401, message: MESSAGES.mfaTooManyTries })
  })

  it("does not lock another address out with one address's failures", async () => {
    const { username, password } = await t.user('teacher')
    const pupil = nextIp()
    for (let i = 0; i < THROTTLE.perAccountAddress + 3; i++) await login(t, username, 'talalgatas', pupil)
    expect((await login(t, username, password, pupil)).statusCode).toBe(429)
    expect((await login(t, username, password, nextIp())).statusCode).toBe(200)
  })

  it("lets the owner's known device in with the right password during an account-wide back-off", async () => {
    const { username, password } = await t.user('teacher')
    const school = nextIp()
    const first = await login(t, username, password, school)
    expect(first.statusCode).toBe(200)
    const device = first.json().device as string
    expect(device.length).toBeGreaterThanOrEqual(22)

    // Failures from many addresses (the school's NAT among them) fill the account-wide limit.
    const addresses = [school, ...Array.from({ length: 3 }, nextIp)]
    for (const ip of addresses)
      for (let i = 0; i < THROTTLE.perAccount / addresses.length; i++)
        expect((await login(t, username, 'talalgatas', ip)).statusCode).toBe(401)
    const stranger = await login(t, username, password, nextIp())
    expect(stranger.statusCode).toBe(429)
    expect(stranger.json()).toEqual({ code: 429, message: throttledMessage(15) })

    // The owner's tablet at the school, behind the same address as the guesser.
    const owner = await login(t, username, password, school, device)
    expect(owner.statusCode).toBe(200)
    expect(owner.json().device).toBe(device)
    // A made-up or another account's proof is no known device.
    expect((await login(t, username, password, nextIp(), 'kitalalt-eszkoz')).statusCode).toBe(429)
    const someone = await t.user('teacher')
    const theirs = (await login(t, someone.username, someone.password, nextIp())).json().device as string
    expect((await login(t, username, password, nextIp(), theirs)).statusCode).toBe(429)
    // A known device has its own 5 guesses, not more.
    for (let i = 0; i < THROTTLE.perAccountAddress; i++)
      expect((await login(t, username, 'talalgatas', school, device)).statusCode).toBe(401)
    expect((await login(t, username, password, school, device)).statusCode).toBe(429)
  })

  it('doubles the account-wide window when it fills again right after', async () => {
    const { username, password } = await t.user('teacher')
    const fill = async () => {
      for (let a = 0; a < THROTTLE.perAccount / THROTTLE.perAccountAddress; a++) {
        const ip = nextIp()
        for (let i = 0; i < THROTTLE.perAccountAddress; i++) await login(t, username, 'talalgatas', ip)
      }
    }
    await fill()
    expect((await login(t, username, password, nextIp())).json().message).toBe(throttledMessage(15))
    t.clock.advance(THROTTLE.windowMs + 1000)
    await fill()
    const second = await login(t, username, password, nextIp())
    expect(second.json().message).toBe(throttledMessage(30))
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(15 * 60)
    t.clock.advance(2 * THROTTLE.windowMs + 1000)
    expect((await login(t, username, password, nextIp())).statusCode).toBe(200)
  })

  it('gives the device proof after the MFA code, not before', async () => {
    const email = `eszkoz-${Math.random().toString(36).slice(2)}@pelda.hu`
    const { username, password } = await t.user('teacher', { mfaEmail: email })
    const started = await login(t, username, password, nextIp())
    expect(started.json()).toEqual({ Token: expect.any(String), mfa: true, message: MESSAGES.mfaSent })
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa',
      headers: { authorization: started.json().Token },
      payload: { code: t.mailer.lastCode(email) },
    })
    expect(done.statusCode).toBe(200)
    expect(typeof done.json().device).toBe('string')
  })
})

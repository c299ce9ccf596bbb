/** Work hours (spec §3, §5, §7, §8; issue 7): each user logs and reads only their own days, exactly once per key. */
import { describe, expect, it } from 'vitest'
import { dayInZone } from '@contract/features'
import { MESSAGES } from '@contract/messages'
import { drivers, useTestApp } from './build'

describe.each(drivers)('work hours on %s', (driver) => {
  const t = useTestApp(driver)

  const read = async (token: string) => {
    const res = await t.app.inject({ url: '/api/work/hours', headers: { authorization: token } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().workHours as Record<string, number>
  }
  const log = (token: string, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/work/hours',
      headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    })

  it('starts empty, logs days in steps of half an hour, overwrites a day and removes it with 0', async () => {
    const { token } = await t.signedIn('teacher')
    expect(
      await t.app.inject({ url: '/api/work/hours', headers: { authorization: token } }).then((r) => r.json()),
    ).toMatchObject({
      workHours: {},
    })

    const saved = await log(token, { date: '2026-11-02', hours: 8 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({ code: 200, message: 'Munkaidő sikeresen rögzítve.' })
    expect((await log(token, { date: '2026-11-03', hours: 7.5 })).statusCode).toBe(200)
    expect((await log(token, { date: '2026-11-04', hours: 24 })).statusCode).toBe(200)
    expect((await log(token, { date: '2026-11-05', hours: 0.5 })).statusCode).toBe(200)
    expect(await read(token)).toEqual({
      '2026-11-02': 8,
      '2026-11-03': 7.5,
      '2026-11-04': 24,
      '2026-11-05': 0.5,
    })

    expect((await log(token, { date: '2026-11-02', hours: 6 })).statusCode).toBe(200)
    const removed = await log(token, { date: '2026-11-03', hours: 0 })
    expect(removed.json()).toEqual({ code: 200, message: MESSAGES.workHoursSaved })
    expect(await read(token)).toEqual({ '2026-11-02': 6, '2026-11-04': 24, '2026-11-05': 0.5 })
    // Clearing a day that has nothing is fine too.
    expect((await log(token, { date: '2026-11-20', hours: 0 })).statusCode).toBe(200)
  })

  it("counts missing days from a teacher account's creation day, for others from their first logged day, or not at all", async () => {
    const teacher = await t.signedIn('teacher')
    const today = dayInZone(t.clock.now(), t.config.TZ)
    const answer = async (token: string) =>
      (await t.app.inject({ url: '/api/work/hours', headers: { authorization: token } })).json()
    expect(await answer(teacher.token)).toEqual({ workHours: {}, missingFrom: today })

    // An administrator (the principal) who never logged hours has no missing days.
    const admin = await t.signedIn('admin')
    expect(await answer(admin.token)).toEqual({ workHours: {}, missingFrom: null })
    expect((await log(admin.token, { date: '2026-11-10', hours: 4 })).statusCode).toBe(200)
    expect((await log(admin.token, { date: '2026-11-03', hours: 2 })).statusCode).toBe(200)
    expect(await answer(admin.token)).toEqual({
      workHours: { '2026-11-03': 2, '2026-11-10': 4 },
      missingFrom: '2026-11-03',
    })
  })

  const BAD_BODIES: [string, unknown, string][] = [
    ['a day that does not exist', { date: '2026-02-30', hours: 8 }, MESSAGES.invalidWorkDate],
    ['a 13th month', { date: '2026-13-01', hours: 8 }, MESSAGES.invalidWorkDate],
    ['a date in another format', { date: '2026.11.02', hours: 8 }, MESSAGES.invalidWorkDate],
    ['an unpadded date', { date: '2026-1-2', hours: 8 }, MESSAGES.invalidWorkDate],
    ['a missing date', { hours: 8 }, MESSAGES.invalidWorkDate],
    ['hours as a string', { date: '2026-11-10', hours: '8' }, MESSAGES.invalidWorkHours],
    ['negative hours', { date: '2026-11-10', hours: -1 }, MESSAGES.invalidWorkHours],
    ['more than 24 hours', { date: '2026-11-10', hours: 24.5 }, MESSAGES.invalidWorkHours],
    ['hours not a multiple of 0.5', { date: '2026-11-10', hours: 7.3 }, MESSAGES.invalidWorkHours],
    ['null hours', { date: '2026-11-10', hours: null }, MESSAGES.invalidWorkHours],
    ['missing hours', { date: '2026-11-10' }, MESSAGES.invalidWorkHours],
    ['an unknown field', { date: '2026-11-10', hours: 8, user: 'mas' }, MESSAGES.badRequest],
  ]

  it.each(BAD_BODIES)(
    'refuses %s with 400 and its Hungarian message, changing nothing',
    async (_, payload, message) => {
      const { token } = await t.signedIn('teacher')
      await log(token, { date: '2026-11-09', hours: 4 })
      const res = await log(token, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 400, message })
      expect(await read(token)).toEqual({ '2026-11-09': 4 })
    },
  )

  it('refuses NaN (not JSON) with 400 and changes nothing', async () => {
    const { token } = await t.signedIn('teacher')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/work/hours',
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: '{"date":"2026-11-10","hours":NaN}',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 400, message: MESSAGES.badRequest })
    expect(await read(token)).toEqual({})
  })

  it('shows and changes each user’s own days only', async () => {
    const anna = await t.signedIn('teacher')
    const bela = await t.signedIn('admin')
    await log(anna.token, { date: '2026-11-02', hours: 8 })
    await log(bela.token, { date: '2026-11-02', hours: 3 })
    await log(bela.token, { date: '2026-11-03', hours: 5 })
    expect(await read(anna.token)).toEqual({ '2026-11-02': 8 })
    expect(await read(bela.token)).toEqual({ '2026-11-02': 3, '2026-11-03': 5 })
    await log(bela.token, { date: '2026-11-02', hours: 0 })
    expect(await read(anna.token)).toEqual({ '2026-11-02': 8 })
  })

  it('replays the first answer of a key and applies nothing on the replay', async () => {
    const { token } = await t.signedIn('teacher')
    const first = await log(token, { date: '2026-11-12', hours: 8 }, 'munka-1')
    expect(first.statusCode).toBe(200)
    // Changed since by another write; the replay of the first must not put the 8 back.
    expect((await log(token, { date: '2026-11-12', hours: 4 }, 'munka-2')).statusCode).toBe(200)
    const replay = await log(token, { date: '2026-11-12', hours: 8 }, 'munka-1')
    expect(replay.statusCode).toBe(200)
    expect(replay.body).toBe(first.body)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(await read(token)).toEqual({ '2026-11-12': 4 })
  })

  it('replays a refused write’s answer for its key', async () => {
    const { token } = await t.signedIn('teacher')
    const first = await log(token, { date: '2026-02-30', hours: 8 }, 'rossz-nap')
    const again = await log(token, { date: '2026-02-30', hours: 8 }, 'rossz-nap')
    expect([first.statusCode, again.statusCode]).toEqual([400, 400])
    expect(again.json()).toEqual({ code: 400, message: MESSAGES.invalidWorkDate })
    expect(again.headers['idempotent-replayed']).toBe('true')
  })

  it('applies concurrent sends of one key once', async () => {
    const { token } = await t.signedIn('teacher')
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => log(token, { date: '2026-11-13', hours: 6.5 }, 'egyszerre-4')),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200])
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3)
    expect(await read(token)).toEqual({ '2026-11-13': 6.5 })
  })
})

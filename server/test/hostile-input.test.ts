/**
 * Hostile input found by probing the server (issue 18): a lone UTF-16 surrogate in any string the API reads, as a
 * JSON escape or as its raw (invalid UTF-8) bytes, and the bodies and query values that used to end in a 500.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { drivers, useTestApp, type TestApp } from './build'

const LAYOUT = { size: [2, 2], objects: [{ x: 0, y: 0, type: 'teacher' }] }

type Case = [
  string,
  (
    t: TestApp,
    text: string,
  ) => Promise<{ method: 'POST' | 'PUT' | 'GET'; url: string; token: string; payload?: object | Buffer }>,
]

const CASES: Case[] = [
  [
    'a quick-action name',
    async (t, text) => ({
      method: 'POST',
      url: '/api/dashboard/userSettings',
      token: (await t.signedIn('teacher')).token,
      payload: {
        userSettings: { quickActions: [{ id: 'q1', name: text, url: 'https://pelda.hu', icon: 'calendar' }] },
      },
    }),
  ],
  [
    'a new classroom name',
    async (t, text) => ({
      method: 'POST',
      url: '/api/classrooms',
      token: (await t.signedIn('teacher')).token,
      payload: { name: text, layout: LAYOUT },
    }),
  ],
  [
    'a classroom rename',
    async (t, text) => {
      const { token } = await t.signedIn('teacher')
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/classrooms',
        headers: { authorization: token },
        payload: { name: `R${Math.random()}`, layout: LAYOUT },
      })
      expect(created.statusCode, created.body).toBe(201)
      return {
        method: 'PUT',
        url: `/api/classrooms/${created.json().classroomId}`,
        token,
        payload: { name: text, layout: LAYOUT },
      }
    },
  ],
  [
    'a group name',
    async (t, text) => {
      const { token } = await t.signedIn('teacher')
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/classrooms',
        headers: { authorization: token },
        payload: { name: `R${Math.random()}`, layout: LAYOUT },
      })
      expect(created.statusCode, created.body).toBe(201)
      return {
        method: 'POST',
        url: '/api/groups/create',
        token,
        payload: {
          groupName: text,
          groupDay: 2,
          students: [(await t.user('student')).username],
          classroom: created.json().classroomId,
          startTime: '08:00',
          endTime: '08:45',
        },
      }
    },
  ],
  [
    'an alert message (a low surrogate)',
    async (t, text) => ({
      method: 'POST',
      url: '/api/alerts',
      token: (await t.signedIn('admin')).token,
      payload: { message: text.replace('\ud800', '\udc00') },
    }),
  ],
  [
    'an alert message as raw bytes (ED A0 80, a surrogate encoded as UTF-8)',
    async (t, text) => ({
      method: 'POST',
      url: '/api/alerts',
      token: (await t.signedIn('admin')).token,
      payload: Buffer.concat([
        Buffer.from(`{"message":"${text.replace('\ud800', '')}`),
        Buffer.from(text.includes('\ud800') ? [0xed, 0xa0, 0x80] : []),
        Buffer.from('"}'),
      ]),
    }),
  ],
]

describe.each(drivers)('lone surrogates on %s', (driver) => {
  const t = useTestApp(driver)

  // JSON.stringify writes a lone surrogate as the escape `\ud800`; the same request without it succeeds.
  it.each(CASES)('in %s are 400 with the Hungarian message', async (_name, make) => {
    const fine = await make(t, `Terem ${Math.random()}`)
    const ok = await t.app.inject({
      method: fine.method,
      url: fine.url,
      payload: fine.payload,
      headers: { authorization: fine.token, 'content-type': 'application/json' },
    })
    expect(ok.statusCode, ok.body).toBeLessThan(300)
    const { method, url, token, payload } = await make(t, 'Terem \ud800')
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: token, 'content-type': 'application/json' },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, message: MESSAGES.badRequest })
  })

  it('leave a well-formed pair (an emoji) and accented text alone', async () => {
    const { token } = await t.signedIn('admin')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { authorization: token },
      payload: { message: 'Árvíztűrő 😀' },
    })
    expect(res.statusCode, res.body).toBe(201)
  })
})

describe.each(drivers)('requests that used to end in a 500 on %s', (driver) => {
  const t = useTestApp(driver, { env: { FILES_ROOT: mkdtempSync(join(tmpdir(), 'portal-hostile-')) } })

  it.each(['null', '', '5', '[]'])('a body %j for a user’s features is 400', async (payload) => {
    const { token } = await t.signedIn('admin')
    const teacher = await t.user('teacher')
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${teacher.user.id}/features`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload,
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, message: MESSAGES.badRequest })
  })

  it.each(['1e309', '-1e309', '1e400', '1e20', 'NaN'])('audit log page=%s is 400', async (page) => {
    const { token } = await t.signedIn('admin')
    const res = await t.app.inject({ url: `/api/auditlog?page=${page}`, headers: { authorization: token } })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toEqual(expect.any(String))
  })

  it.each([
    ['without a boundary', 'multipart/form-data', 'x'],
    ['with an empty boundary', 'multipart/form-data; boundary=', 'x'],
    ['cut off in its headers', 'multipart/form-data; boundary=h', '--h\r\nContent-Disposition: form-da'],
  ])('a multipart upload %s is 400', async (_name, contentType, payload) => {
    const { token } = await t.signedIn('admin')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { authorization: token, 'content-type': contentType },
      payload,
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ code: 400, message: expect.any(String) })
  })
})

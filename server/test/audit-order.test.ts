/**
 * Audit entries written in the same second (issue 18) come back in the order they were written, newest first — on
 * one page and across cursor pages: entries are ordered by time, then id, and the id is time-ordered.
 */
import { describe, expect, it } from 'vitest'
import { writeAudit } from '../repositories/audit-repository'
import { drivers, useTestApp } from './build'

describe.each(drivers)('audit entries of one second on %s', (driver) => {
  const t = useTestApp(driver)

  it('come back newest first in the order they were written, by page number and by cursor', async () => {
    const { token } = await t.signedIn('admin')
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000)
    const written: string[] = []
    // The same millisecond for half of them (a burst), the following milliseconds of that second for the rest.
    for (let i = 0; i < 40; i++) {
      const at = new Date(second.getTime() + Math.max(0, i - 20) * 7)
      written.push(await writeAudit(t.handle.db, { username: 'sorrend.teszt', type: 'createAdminAlert', at }))
    }
    const expected = [...written].reverse()
    const get = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/auditlog?user=sorrend.teszt&${query}`,
        headers: { authorization: token },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { logs: { _id: string }[]; nextCursor: string | null }
    }
    expect((await get('limit=50')).logs.map((log) => log._id)).toEqual(expected)

    const byCursor: string[] = []
    let cursor: string | null = null
    do {
      const page = await get(`limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      byCursor.push(...page.logs.map((log) => log._id))
      cursor = page.nextCursor
    } while (cursor)
    expect(byCursor).toEqual(expected)

    const byNumber: string[] = []
    for (let page = 1; page <= 6; page++)
      byNumber.push(...(await get(`limit=7&page=${page}`)).logs.map((l) => l._id))
    expect(byNumber).toEqual(expected)
  })
})

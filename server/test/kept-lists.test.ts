/**
 * Lists kept serialised per change of their data set's counter (issue 21, services/kept-lists.ts): the short links,
 * the block list and its feed, all groups, the classrooms and the accounts — current after every change (also
 * another process's), a 304 for an unchanged ETag; the block list's POST answered from the kept list; the last
 * sign-in from its own table, without making the students list stale; writers not queueing on one counter row
 * (PostgreSQL).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataVersion } from '../repositories/data-versions-repository'
import { keptList } from '../services/kept-lists'
import { linkDirectory } from '../services/links'
import { drivers, useTestApp, type TestApp } from './build'

describe.each(drivers)('kept lists on %s', (driver) => {
  const t: TestApp = useTestApp(driver)

  const get = (url: string, token: string, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({ url, headers: { authorization: token, ...headers } })
  const send = (method: 'POST' | 'DELETE' | 'PUT', url: string, token: string, payload: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, payload })

  /** The answer, then a 304 for its ETag, then the same bytes compressed. */
  async function expectKept(url: string, token: string) {
    const first = await get(url, token)
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"/)
    const again = await get(url, token)
    expect(again.headers.etag).toBe(etag)
    expect(again.body).toBe(first.body)
    expect((await get(url, token, { 'if-none-match': etag })).statusCode).toBe(304)
    const gzipped = await get(url, token, { 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.headers.etag).toBe(etag)
    return first
  }

  it('keeps the links list, with visit counts written by this process and by another', async () => {
    const teacher = await t.signedIn('teacher')
    const short = `k${randomUUID().slice(0, 8)}`
    expect(
      (await send('POST', '/api/links/', teacher.token, { url: 'https://example.org/', short })).statusCode,
    ).toBe(201)
    const first = await expectKept('/api/links', teacher.token)
    const visits = (res: { json(): { links: { short: string; visits: number }[] } }) =>
      res.json().links.find((link) => link.short === short)?.visits
    expect(visits(first)).toBe(0)

    // A visit answered here: its buffered count is written before the list is read.
    expect((await t.app.inject({ url: `/s/${short}` })).statusCode).toBe(302)
    const afterVisit = await get('/api/links', teacher.token)
    expect(visits(afterVisit)).toBe(1)
    expect(afterVisit.headers.etag).not.toBe(first.headers.etag)

    // A visit answered by another process: seen here once that process writes its counts (within a second).
    const other = await t.secondApp()
    expect((await other.inject({ url: `/s/${short}` })).statusCode).toBe(302)
    await linkDirectory(other).flush()
    expect(visits(await get('/api/links', teacher.token))).toBe(2)
  })

  it('keeps the block list and the feed; one domain added answers the whole list from the kept one', async () => {
    const admin = await t.signedIn('admin')
    for (const domain of ['b.example', 'd.example'])
      expect((await send('POST', '/api/proxy/block', admin.token, { domain })).statusCode).toBe(201)
    const list = await expectKept('/api/proxy/block', admin.token)
    const feed = await expectKept('/api/proxy/block.txt', admin.token)
    expect(feed.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(feed.body).toContain('.b.example\n')

    const added = await send('POST', '/api/proxy/block', admin.token, { domain: 'C.example', comment: 'hm' })
    expect(added.statusCode).toBe(201)
    const after = await get('/api/proxy/block', admin.token)
    expect(after.headers.etag).not.toBe(list.headers.etag)
    // The write's answer is the list a GET now answers, with its code and message.
    const { code: _code, ...state } = after.json()
    expect(added.json()).toEqual({ ...state, code: 201, message: added.json().message })
    expect(after.json().blockedDomains.filter((d: string) => d.endsWith('.example'))).toEqual([
      'b.example',
      'c.example',
      'd.example',
    ])
    expect(after.json().comments['c.example']).toBe('hm')

    const duplicate = await send('POST', '/api/proxy/block', admin.token, { domain: 'b.example' })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().blockedDomains).toEqual(after.json().blockedDomains)
    expect((await get('/api/proxy/block.txt', admin.token)).body).toContain('.c.example\n')

    const removed = await send('DELETE', '/api/proxy/block', admin.token, { domain: 'c.example' })
    expect(removed.statusCode).toBe(200)
    const afterDelete = (await get('/api/proxy/block', admin.token)).json()
    expect(removed.json()).toEqual({ ...afterDelete, code: 200, message: removed.json().message })
    expect(afterDelete.comments['c.example']).toBeUndefined()
    const missing = await send('DELETE', '/api/proxy/block', admin.token, { domain: 'c.example' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().blockedDomains).toEqual(afterDelete.blockedDomains)
  })

  it("keeps every group for an administrator, current after a member's rename; a teacher gets their own", async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.signedIn('teacher')
    const student = await t.user('student', { name: 'Régi Név' })
    const created = await send('POST', '/api/groups/create', teacher.token, {
      groupName: 'Kept csoport',
      groupDay: 2,
      students: [student.username],
      classroom: '',
      startTime: '08:00',
      endTime: '08:45',
    })
    expect(created.statusCode, created.body).toBe(201)
    const first = await expectKept('/api/groups', admin.token)
    expect(first.json().groups.map((g: { groupName: string }) => g.groupName)).toContain('Kept csoport')
    await t.handle.db.execute(sql`update users set name = 'Új Név' where id = ${student.user.id}`)
    const renamed = await get('/api/groups', admin.token)
    expect(renamed.headers.etag).not.toBe(first.headers.etag)
    expect(JSON.stringify(renamed.json())).toContain('Új Név')
    const own = (await get('/api/groups', teacher.token)).json().groups
    expect(own.map((g: { groupName: string }) => g.groupName)).toEqual(['Kept csoport'])
  })

  it("keeps the classrooms, current after another process's change and after a change made outside the API", async () => {
    const teacher = await t.signedIn('teacher')
    const layout = { size: [2, 1], objects: [{ x: 0, y: 0, type: 'student' }] }
    const name = `Kept terem ${randomUUID().slice(0, 6)}`
    expect((await send('POST', '/api/classrooms', teacher.token, { name, layout })).statusCode).toBe(201)
    const first = await expectKept('/api/classrooms', teacher.token)
    const names = (res: { json(): { classrooms: { name: string }[] } }) =>
      res.json().classrooms.map((c) => c.name)
    expect(names(first)).toContain(name)

    // Another process creates one: the next request here has it.
    const other = await t.secondApp()
    const created = await other.inject({
      method: 'POST',
      url: '/api/classrooms',
      headers: { authorization: teacher.token },
      payload: { name: `${name} B`, layout },
    })
    expect(created.statusCode, created.body).toBe(201)
    const second = await get('/api/classrooms', teacher.token)
    expect(names(second)).toContain(`${name} B`)
    expect(second.headers.etag).not.toBe(first.headers.etag)

    // A rename in the database (a restore, the CLI): the triggers count it.
    await t.handle.db.execute(sql`update classrooms set name = ${`${name} C`} where name = ${name}`)
    expect(names(await get('/api/classrooms', teacher.token))).toContain(`${name} C`)
  })

  it("keeps the accounts with their last sign-in; a sign-in or a password change leaves the students list's ETag", async () => {
    const admin = await t.signedIn('admin')
    const teacher = await t.user('teacher')
    const students = await get('/api/students/', admin.token)
    const first = await expectKept('/api/users', admin.token)
    const lastSignIn = (res: { json(): { users: { username: string; lastSignIn: string | null }[] } }) =>
      res.json().users.find((u) => u.username === teacher.username)?.lastSignIn
    expect(lastSignIn(first)).toBeNull()

    const signedInFrom = Math.floor(t.clock.now().getTime() / 1000) * 1000
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: teacher.username, password: teacher.password },
      remoteAddress: '10.9.0.1',
    })
    expect(login.statusCode).toBe(200)
    const after = await get('/api/users', admin.token)
    expect(after.headers.etag).not.toBe(first.headers.etag)
    expect(Date.parse(lastSignIn(after)!)).toBeGreaterThanOrEqual(signedInFrom)
    expect(Date.parse(lastSignIn(after)!)).toBeLessThanOrEqual(t.clock.now().getTime())

    // A student's password reset changes users, but nothing the students list shows.
    const pupil = await t.user('student')
    const withPupil = await get('/api/students/', admin.token)
    expect(withPupil.headers.etag).not.toBe(students.headers.etag)
    const reset = await send('POST', '/api/students/password', admin.token, {
      username: pupil.username,
      password: 'Uj-jelszo-2026!',
    })
    expect(reset.statusCode).toBe(200)
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: teacher.username, password: teacher.password },
      remoteAddress: '10.9.0.2',
    })
    expect(later.statusCode).toBe(200)
    expect((await get('/api/students/', admin.token)).headers.etag).toBe(withPupil.headers.etag)
    expect(
      (await get('/api/students/', admin.token, { 'if-none-match': withPupil.headers.etag as string }))
        .statusCode,
    ).toBe(304)
  })

  it('a build superseded by a newer counter stops, and its requests get the newer list', async () => {
    const db = t.handle.db
    const gates: (() => void)[] = []
    let builds = 0
    let finished = 0
    const list = keptList(db, 'links', async (stillWanted) => {
      const build = ++builds
      await new Promise<void>((resolve) => gates.push(resolve))
      stillWanted()
      finished++
      return { body: `build ${build}`, value: undefined }
    })
    const waitFor = async (n: number) => {
      while (gates.length < n) await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const early = list.get()
    await waitFor(1)
    await db.execute(sql`update short_links set visits = visits`)
    const late = list.get()
    await waitFor(2)
    gates[0]!()
    gates[1]!()
    expect((await early).bytes.toString()).toBe('build 2')
    expect((await late).bytes.toString()).toBe('build 2')
    expect(finished).toBe(1)
    // Unchanged counter: no build.
    expect((await list.get()).bytes.toString()).toBe('build 2')
    expect(builds).toBe(2)
  })

  it.runIf(driver === 'postgres')(
    "a write does not wait for another writer's open transaction on the change counter",
    async () => {
      const db = t.handle.db
      const before = await dataVersion(db, 'blocked_domains')
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let entered!: () => void
      const inside = new Promise<void>((resolve) => (entered = resolve))
      const first = db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into blocked_domains (domain, created_at) values ('first.example', now())`,
        )
        entered()
        await held
      })
      await inside
      // Until issue 21 every writer updated the one counter row, so this waited for the first to commit.
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`)
        await tx.execute(
          sql`insert into blocked_domains (domain, created_at) values ('second.example', now())`,
        )
      })
      // Counted once committed: the open transaction's change is not seen yet.
      expect(await dataVersion(db, 'blocked_domains')).toBe(before + 1)
      release()
      await first
      expect(await dataVersion(db, 'blocked_domains')).toBe(before + 2)
    },
  )
})

/**
 * Proxy Manager (spec §4 Blocked domains, §5, §8; DESIGN §3; issue 9): normalisation through the API, sorted
 * answers, the 409 with the unchanged list, 404 on an unknown delete, 403 for a teacher's writes, and the Squid
 * feed — on both databases.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { DOMAIN_MESSAGES } from '../../contract/domain-name'
import { MESSAGES } from '../../contract/messages'
import { blockedDomains } from '../db/schema'
import { drivers, useTestApp } from './build'
import { auditEntries } from './queries'

describe.each(drivers)('proxy blocked domains on %s', (driver) => {
  const t = useTestApp(driver)
  // One database per file: each case starts from an empty list.
  beforeEach(async () => {
    await t.handle.db.delete(blockedDomains)
  })

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  it('normalises, sorts and answers the whole list on add', async () => {
    const { token, username } = await t.signedIn('admin')
    let res = await call(token, 'POST', '/api/proxy/block', { domain: 'HTTP://Zeta.Example.COM:8080/path' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toEqual({
      code: 201,
      message: MESSAGES.domainAdded,
      blockedDomains: ['zeta.example.com'],
    })
    res = await call(token, 'POST', '/api/proxy/block', { domain: '*.árvíztűrő.hu' })
    expect(res.statusCode, res.body).toBe(201)
    res = await call(token, 'POST', '/api/proxy/block', { domain: ' alpha.hu ' })
    expect(res.json().blockedDomains).toEqual(['alpha.hu', 'xn--rvztr-wqa0gx3bwi.hu', 'zeta.example.com'])
    res = await call(token, 'GET', '/api/proxy/block')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      code: 200,
      blockedDomains: ['alpha.hu', 'xn--rvztr-wqa0gx3bwi.hu', 'zeta.example.com'],
    })
    // No audit type exists for the proxy in the spec's catalogue.
    expect(await auditEntries(t.handle.db, username)).toEqual([])
  })

  it('answers an invalid domain with 400 and the normalisation message', async () => {
    const { token } = await t.signedIn('admin')
    for (const [domain, message] of [
      ['', DOMAIN_MESSAGES.required],
      ['localhost', DOMAIN_MESSAGES.invalid],
      ['192.168.0.1', DOMAIN_MESSAGES.ipAddress],
      ['bad_name.hu', DOMAIN_MESSAGES.invalid],
    ]) {
      const res = await call(token, 'POST', '/api/proxy/block', { domain })
      expect(res.statusCode, domain).toBe(400)
      expect(res.json()).toEqual({ code: 400, message })
    }
    const res = await call(token, 'POST', '/api/proxy/block', { domain: 'a.hu', comment: 'x' })
    expect(res.statusCode).toBe(400)
    expect((await call(token, 'GET', '/api/proxy/block')).json().blockedDomains).toEqual([])
  })

  it('answers a duplicate (after normalisation) with 409 and the unchanged list', async () => {
    const { token } = await t.signedIn('admin')
    await call(token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    await call(token, 'POST', '/api/proxy/block', { domain: 'masik.hu' })
    const res = await call(token, 'POST', '/api/proxy/block', { domain: 'https://PELDA.hu/' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 409,
      message: MESSAGES.domainDuplicate,
      blockedDomains: ['masik.hu', 'pelda.hu'],
    })
  })

  it('deletes with a JSON body on DELETE, and answers an unknown domain with 404 and the list', async () => {
    const { token } = await t.signedIn('admin')
    await call(token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    await call(token, 'POST', '/api/proxy/block', { domain: 'masik.hu' })
    let res = await call(token, 'DELETE', '/api/proxy/block', { domain: 'Pelda.HU' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ code: 200, message: MESSAGES.domainDeleted, blockedDomains: ['masik.hu'] })
    res = await call(token, 'DELETE', '/api/proxy/block', { domain: 'pelda.hu' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 404, message: MESSAGES.domainNotFound, blockedDomains: ['masik.hu'] })
  })

  it('lets a teacher read but answers 403 with the spec message on add and delete', async () => {
    const admin = await t.signedIn('admin')
    await call(admin.token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    const { token } = await t.signedIn('teacher')
    expect((await call(token, 'GET', '/api/proxy/block')).json().blockedDomains).toEqual(['pelda.hu'])
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(token, method, '/api/proxy/block', { domain: 'pelda.hu' })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ code: 403, message: 'Nincs jogosultságod a művelet végrehajtásához.' })
    }
    expect((await call(token, 'GET', '/api/proxy/block')).json().blockedDomains).toEqual(['pelda.hu'])
  })

  it('serves the Squid dstdomain feed without a session, with an ETag and 304', async () => {
    const { token } = await t.signedIn('admin')
    await call(token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    await call(token, 'POST', '/api/proxy/block', { domain: 'abc.example.com' })
    const res = await t.app.inject({ url: '/api/proxy/block.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toBe('.abc.example.com\n.pelda.hu\n')
    const etag = res.headers.etag as string
    expect(etag).toBeTruthy()
    const again = await t.app.inject({ url: '/api/proxy/block.txt', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    await call(token, 'DELETE', '/api/proxy/block', { domain: 'pelda.hu' })
    const changed = await t.app.inject({ url: '/api/proxy/block.txt', headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.body).toBe('.abc.example.com\n')
  })
})

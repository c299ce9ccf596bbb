/**
 * Proxy Manager (spec §4 Blocked domains, §5, §8; DESIGN §3; issue 9): normalisation through the API, sorted
 * answers, the 409 with the unchanged list, 404 on an unknown delete, 403 for a teacher's writes, and the Squid
 * feed — on both databases.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import {
  BULK_DOMAINS_MAX,
  COMMENT_MAX,
  DOMAIN_MESSAGES,
  PROXY_MESSAGES,
  bulkAddedMessage,
} from '@contract/domain-name'
import { MESSAGES } from '@contract/messages'
import { blockedDomains } from '../db/schema'
import { drivers, useTestApp } from './build'
import { auditEntries } from './queries'

describe.each(drivers)('proxy blocked domains on %s', (driver) => {
  const t = useTestApp(driver)
  // One database per file: each case starts from an empty list.
  beforeEach(async () => {
    await t.handle.db.delete(blockedDomains)
  })

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
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
      comments: {},
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
      comments: {},
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
    const res = await call(token, 'POST', '/api/proxy/block', { domain: 'a.hu', note: 'x' })
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
      comments: {},
    })
  })

  it('deletes with a JSON body on DELETE, and answers an unknown domain with 404 and the list', async () => {
    const { token } = await t.signedIn('admin')
    await call(token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    await call(token, 'POST', '/api/proxy/block', { domain: 'masik.hu' })
    let res = await call(token, 'DELETE', '/api/proxy/block', { domain: 'Pelda.HU' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      code: 200,
      message: MESSAGES.domainDeleted,
      blockedDomains: ['masik.hu'],
      comments: {},
    })
    res = await call(token, 'DELETE', '/api/proxy/block', { domain: 'pelda.hu' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      code: 404,
      message: MESSAGES.domainNotFound,
      blockedDomains: ['masik.hu'],
      comments: {},
    })
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

  it('leaves a subdomain out of the feed when its parent is blocked, and keeps it in the list (issue 18)', async () => {
    const { token } = await t.signedIn('admin')
    const res = await call(token, 'POST', '/api/proxy/block/bulk', {
      domains: [
        'sub.alvideo.example',
        'alvideo.example',
        'a.b.alvideo.example',
        'xalvideo.example',
        'ábécé.hu',
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await call(token, 'GET', '/api/proxy/block')).json().blockedDomains).toEqual([
      'a.b.alvideo.example',
      'alvideo.example',
      'sub.alvideo.example',
      'xalvideo.example',
      'xn--bc-lia7ab.hu',
    ])
    const feed = await t.app.inject({ url: '/api/proxy/block.txt' })
    expect(feed.body).toBe('.alvideo.example\n.xalvideo.example\n.xn--bc-lia7ab.hu\n')
  })

  it('stores a trimmed one-line comment on add, returns it beside the list, and keeps it on a 409', async () => {
    const { token } = await t.signedIn('admin')
    let res = await call(token, 'POST', '/api/proxy/block', {
      domain: 'pelda.hu',
      comment: '  Játék\noldal,\t  tanórán  tilos  ',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().comments).toEqual({ 'pelda.hu': 'Játék oldal, tanórán tilos' })
    res = await call(token, 'POST', '/api/proxy/block', { domain: 'masik.hu', comment: '   ' })
    expect(res.json().comments).toEqual({ 'pelda.hu': 'Játék oldal, tanórán tilos' })
    res = await call(token, 'POST', '/api/proxy/block', { domain: 'PELDA.hu', comment: 'felülírná' })
    expect(res.statusCode).toBe(409)
    expect(res.json().comments).toEqual({ 'pelda.hu': 'Játék oldal, tanórán tilos' })
    res = await call(token, 'GET', '/api/proxy/block')
    expect(res.json()).toEqual({
      code: 200,
      blockedDomains: ['masik.hu', 'pelda.hu'],
      comments: { 'pelda.hu': 'Játék oldal, tanórán tilos' },
    })
  })

  it('refuses a comment longer than the limit with a Hungarian 400 and adds nothing', async () => {
    const { token } = await t.signedIn('admin')
    const exact = 'é'.repeat(COMMENT_MAX)
    let res = await call(token, 'POST', '/api/proxy/block', { domain: 'a.hu', comment: `${exact}x` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 400, message: PROXY_MESSAGES.commentTooLong })
    expect(PROXY_MESSAGES.commentTooLong).toBe('A megjegyzés legfeljebb 200 karakter lehet.')
    res = await call(token, 'POST', '/api/proxy/block/bulk', { domains: ['b.hu'], comment: `${exact}x` })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(PROXY_MESSAGES.commentTooLong)
    expect((await call(token, 'GET', '/api/proxy/block')).json().blockedDomains).toEqual([])
    res = await call(token, 'POST', '/api/proxy/block', { domain: 'a.hu', comment: ` ${exact} ` })
    expect(res.statusCode).toBe(201)
    expect(res.json().comments).toEqual({ 'a.hu': exact })
  })

  it('edits and removes a comment with PUT /proxy/block/comment; an unknown domain is a 404 with the list', async () => {
    const { token } = await t.signedIn('admin')
    await call(token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    let res = await call(token, 'PUT', '/api/proxy/block/comment', {
      domain: 'HTTPS://Pelda.hu/x',
      comment: ' Közösségi ',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      code: 200,
      message: PROXY_MESSAGES.commentSaved,
      blockedDomains: ['pelda.hu'],
      comments: { 'pelda.hu': 'Közösségi' },
    })
    res = await call(token, 'PUT', '/api/proxy/block/comment', {
      domain: 'pelda.hu',
      comment: 'x'.repeat(COMMENT_MAX + 1),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(PROXY_MESSAGES.commentTooLong)
    res = await call(token, 'PUT', '/api/proxy/block/comment', { domain: 'pelda.hu', comment: '' })
    expect(res.statusCode).toBe(200)
    expect(res.json().comments).toEqual({})
    res = await call(token, 'PUT', '/api/proxy/block/comment', { domain: 'nincs.hu', comment: 'x' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      code: 404,
      message: MESSAGES.domainNotFound,
      blockedDomains: ['pelda.hu'],
      comments: {},
    })
    res = await call(token, 'PUT', '/api/proxy/block/comment', { domain: 'pelda.hu' })
    expect(res.statusCode).toBe(400)
    // A deleted domain takes its comment with it.
    await call(token, 'PUT', '/api/proxy/block/comment', { domain: 'pelda.hu', comment: 'régi' })
    await call(token, 'DELETE', '/api/proxy/block', { domain: 'pelda.hu' })
    res = await call(token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    expect(res.json().comments).toEqual({})
  })

  it('bulk-adds in one request with a per-entry report (added, duplicate, invalid) and the batch comment', async () => {
    const { token, username } = await t.signedIn('admin')
    await call(token, 'POST', '/api/proxy/block', { domain: 'mar.hu', comment: 'régi' })
    const res = await call(token, 'POST', '/api/proxy/block/bulk', {
      domains: ['Uj.hu', 'mar.hu', 'https://uj.hu/x', 'rossz_nev.hu', '10.0.0.1', '*.reklam.pelda.hu'],
      comment: ' Hirdetések ',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      code: 200,
      message: bulkAddedMessage(2, 2, 2),
      added: 2,
      duplicates: 2,
      invalid: 2,
      report: [
        { input: 'Uj.hu', status: 'added', domain: 'uj.hu' },
        { input: 'mar.hu', status: 'duplicate', domain: 'mar.hu' },
        { input: 'https://uj.hu/x', status: 'duplicate', domain: 'uj.hu' },
        { input: 'rossz_nev.hu', status: 'invalid', error: DOMAIN_MESSAGES.invalid },
        { input: '10.0.0.1', status: 'invalid', error: DOMAIN_MESSAGES.ipAddress },
        { input: '*.reklam.pelda.hu', status: 'added', domain: 'reklam.pelda.hu' },
      ],
      blockedDomains: ['mar.hu', 'reklam.pelda.hu', 'uj.hu'],
      comments: { 'mar.hu': 'régi', 'reklam.pelda.hu': 'Hirdetések', 'uj.hu': 'Hirdetések' },
    })
    expect(bulkAddedMessage(2, 2, 2)).toBe(
      '2 domain hozzáadva a tiltólistához (2 már szerepelt rajta, 2 érvénytelen).',
    )
    expect(await auditEntries(t.handle.db, username)).toEqual([])
    // An empty batch, or one past the limit, is refused by the schema.
    expect((await call(token, 'POST', '/api/proxy/block/bulk', { domains: [] })).statusCode).toBe(400)
  })

  it('bulk-adds 100,000 domains in one request and serves them in the list and the feed', async () => {
    const { token } = await t.signedIn('admin')
    const domains = Array.from({ length: BULK_DOMAINS_MAX }, (_, i) => `tiltott-${i}.pelda${i % 97}.hu`)
    const started = performance.now()
    const res = await call(token, 'POST', '/api/proxy/block/bulk', { domains })
    const ms = performance.now() - started
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    const body = res.json()
    expect([body.added, body.duplicates, body.invalid]).toEqual([BULK_DOMAINS_MAX, 0, 0])
    expect(body.blockedDomains).toHaveLength(BULK_DOMAINS_MAX)
    console.log(`bulk add of ${BULK_DOMAINS_MAX} domains on ${driver}: ${Math.round(ms)} ms`)
    const again = await call(token, 'POST', '/api/proxy/block/bulk', { domains: domains.slice(0, 10) })
    expect(again.json().duplicates).toBe(10)
    const feed = await t.app.inject({ url: '/api/proxy/block.txt' })
    expect(feed.body.split('\n')).toHaveLength(BULK_DOMAINS_MAX + 1)
    const tooMany = await call(token, 'POST', '/api/proxy/block/bulk', { domains: [...domains, 'egy.hu'] })
    expect(tooMany.statusCode).toBe(400)
  }, 120_000)

  it('answers 403 with the spec message to a teacher on bulk add and comment edit, and changes nothing', async () => {
    const admin = await t.signedIn('admin')
    await call(admin.token, 'POST', '/api/proxy/block', { domain: 'pelda.hu' })
    const { token } = await t.signedIn('teacher')
    for (const [method, url, payload] of [
      ['POST', '/api/proxy/block/bulk', { domains: ['uj.hu'] }],
      ['PUT', '/api/proxy/block/comment', { domain: 'pelda.hu', comment: 'x' }],
    ] as const) {
      const res = await call(token, method, url, payload)
      expect(res.statusCode, url).toBe(403)
      expect(res.json()).toEqual({ code: 403, message: 'Nincs jogosultságod a művelet végrehajtásához.' })
    }
    expect((await call(token, 'GET', '/api/proxy/block')).json()).toEqual({
      code: 200,
      blockedDomains: ['pelda.hu'],
      comments: {},
    })
  })
})

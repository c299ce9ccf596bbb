/**
 * Hostile spreadsheets (issue 18): a 2 KB .xlsx declaring the whole sheet (`A1:XFD1048576`) and zip bombs froze
 * every request for minutes. Built here by hand (test/zip-writer.ts): each is refused with 413 and a Hungarian message
 * naming the limit, read off the event loop: /api/health answers before the import does.
 */
import { describe, expect, it } from 'vitest'
import { USERS_MESSAGES } from '@contract/api'
import { SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@contract/spreadsheet'
import { HttpError } from '../lib/http-error'
import { readSpreadsheet } from '../lib/spreadsheet'
import { drivers, useTestApp } from './build'
import { sheetXml, workbookWithSheet } from './zip-writer'

const HEADER = ['type', 'name', 'username', 'password']
const upload = (bytes: Buffer) => ({ fileName: 'diakok.xlsx', content: bytes.toString('base64') })

/** About `megabytes` MB of sheet XML: the same row again and again, so it deflates ~1000:1. */
function bombXml(megabytes: number): string {
  const row = (r: number) =>
    `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>student</t></is></c><c r="B${r}" t="inlineStr"><is><t>Bomba Béla</t></is></c></row>`
  const filler = `<!--${'x'.repeat(1024 * 1024 - 8)}-->`
  return sheetXml([HEADER], 'A1:D1').replace(
    '</sheetData>',
    `${row(2)}</sheetData>${filler.repeat(megabytes)}`,
  )
}

describe.each(drivers)('hostile spreadsheets on %s', (driver) => {
  const t = useTestApp(driver)

  it('a tiny file claiming the whole sheet: 413 naming the limit, while /api/health answers first', async () => {
    const admin = await t.signedIn('admin')
    const evil = workbookWithSheet(
      sheetXml([HEADER, ['student', 'Kiss Anna', 'kiss.anna', 'Jelszo-123']], 'A1:XFD1048576'),
    )
    expect(evil.length).toBeLessThan(2500)
    const order: string[] = []
    const preview = t.app
      .inject({
        method: 'POST',
        url: '/api/users/import/preview',
        headers: { authorization: admin.token },
        payload: upload(evil),
      })
      .then((res) => (order.push('preview'), res))
    const health = await t.app
      .inject({ method: 'GET', url: '/api/health' })
      .then((res) => (order.push('health'), res))
    expect(health.statusCode).toBe(200)
    const res = await preview
    expect(order).toEqual(['health', 'preview'])
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(SPREADSHEET_MESSAGES.tooManyRows)

    // Wide only: the column limit is named.
    const wide = workbookWithSheet(sheetXml([HEADER], 'A1:XFD3'))
    const wideRes = await t.app.inject({
      method: 'POST',
      url: '/api/users/import/preview',
      headers: { authorization: admin.token },
      payload: upload(wide),
    })
    expect(wideRes.statusCode).toBe(413)
    expect(wideRes.json().message).toBe(SPREADSHEET_MESSAGES.tooManyColumns)

    // The same file with an honest range still reads.
    const fine = workbookWithSheet(sheetXml([HEADER, ['student', 'Kiss Anna', 'kiss.anna2', 'Jelszo-123']]))
    const fineRes = await t.app.inject({
      method: 'POST',
      url: '/api/users/import/preview',
      headers: { authorization: admin.token },
      payload: upload(fine),
    })
    expect(fineRes.statusCode, fineRes.body).toBe(200)
    expect(fineRes.json().rows).toMatchObject([{ line: 2, username: 'kiss.anna2', outcome: 'new' }])
  })

  it('a zip bomb: 413 naming the unpacked limit (import and preview), before anything is inflated', async () => {
    const admin = await t.signedIn('admin')
    const bomb = workbookWithSheet(bombXml(40))
    expect(bomb.length).toBeLessThan(200 * 1024)
    for (const url of ['/api/users/import/preview', '/api/users/import']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: admin.token, 'idempotency-key': crypto.randomUUID() },
        payload: upload(bomb),
      })
      expect(res.statusCode, url).toBe(413)
      expect(res.json().message).toBe(SPREADSHEET_MESSAGES.tooLargeUnpacked)
    }
  })

  it('NUL characters in a row: the preview names the row (200), the import refuses with 400, never 500', async () => {
    const admin = await t.signedIn('admin')
    const csv =
      'type,name,username,password\nstudent,Kiss\u0000Anna,kiss.nul,Jelszo-123\nstudent,Jó Béla,jo.nul,Jelszo-123\n'
    const payload = { fileName: 'diakok.csv', content: Buffer.from(csv).toString('base64') }
    const headers = { authorization: admin.token }
    const preview = await t.app.inject({ method: 'POST', url: '/api/users/import/preview', headers, payload })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().rows).toMatchObject([
      { line: 2, outcome: 'invalid', reason: USERS_MESSAGES.rowNulCharacter },
      { line: 3, outcome: 'new' },
    ])
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      payload,
    })
    expect(write.statusCode, write.body).toBe(400)
    expect(write.json().message).toBe(USERS_MESSAGES.importInvalid)
  })

  // A header line and 5,000 pupils was refused (the bench's seed file): the limit counts the rows under the header.
  it("reads a header and the limit's rows; one row more is named; a read that outlasts its time is terminated", async () => {
    const pupils = (count: number) =>
      Array.from({ length: count }, (_, i) => ['student', `Diák ${i}`, `diak${i}`, 'Jelszo-123'])
    const full = workbookWithSheet(sheetXml([HEADER, ...pupils(SPREADSHEET_LIMITS.rows)]))
    const read = await readSpreadsheet({ bytes: full, kind: 'xlsx' as const, unreadable: '-' })
    expect(read).toHaveLength(SPREADSHEET_LIMITS.rows + 1)
    const rows = pupils(SPREADSHEET_LIMITS.rows + 1)
    const job = {
      bytes: workbookWithSheet(sheetXml([HEADER, ...rows])),
      kind: 'xlsx' as const,
      unreadable: '-',
    }
    await expect(readSpreadsheet(job)).rejects.toEqual(new HttpError(413, SPREADSHEET_MESSAGES.tooManyRows))
    // (SheetJS inflates no more than an entry declares, so a bomb that lies about its size reads as a cut file.)
    // A time shorter than a worker's start: the worker is terminated and the limit named.
    await expect(readSpreadsheet(job, { seconds: 0.01, memoryMb: 256 })).rejects.toEqual(
      new HttpError(413, SPREADSHEET_MESSAGES.tooSlow),
    )
  })
})

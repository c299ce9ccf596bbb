/**
 * Files (spec §4 Files; DESIGN §6; issue 9): listing order and fields, downloads with their headers and ranges, and
 * every traversal case refused without reading outside FILES_ROOT — on both databases.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { isInside, pathSegments } from '../lib/safe-path'
import { contentDisposition, parseRange } from '../services/files'
import { drivers, useTestApp } from './build'

const SECRET = 'TITOK-a-gyokeren-kivul'
const ACCENTED = 'Órarend – ősz.pdf'
const PDF = Buffer.from('%PDF-1.4 órarend ősz\n'.repeat(50))

const base = mkdtempSync(join(tmpdir(), 'portal-files-'))
const root = join(base, 'files')
mkdirSync(join(root, 'Mappa', 'Almappa'), { recursive: true })
mkdirSync(join(root, 'ábécé'))
mkdirSync(join(base, 'files-evil'))
writeFileSync(join(base, 'files-evil', 'secret.txt'), SECRET)
writeFileSync(join(base, 'outside.txt'), SECRET)
writeFileSync(join(root, ACCENTED), PDF)
writeFileSync(join(root, 'alma.txt'), 'alma')
writeFileSync(join(root, 'Ébresztő.txt'), 'ébresztő')
writeFileSync(join(root, 'zene.mp3'), '')
writeFileSync(join(root, '.rejtett'), 'rejtett')
writeFileSync(join(root, 'Mappa', 'beágyazott.txt'), 'beágyazott')
symlinkSync(join(base, 'outside.txt'), join(root, 'link-ki.txt'))
symlinkSync(join(base, 'files-evil'), join(root, 'files-evil-link'))
symlinkSync(join(root, 'alma.txt'), join(root, 'link-be.txt'))
const modified = new Date('2026-09-01T08:00:00.000Z')
utimesSync(join(root, 'alma.txt'), modified, modified)

afterAll(() => rmSync(base, { recursive: true, force: true }))

/** Query values as a client (or an attacker) would put them in the URL, already encoded where it matters. */
const TRAVERSALS = [
  '..',
  '../outside.txt',
  '%2e%2e/outside.txt',
  '%2E%2E%2Foutside.txt',
  '%252e%252e%252foutside.txt',
  'Mappa%2F..%2F..%2Foutside.txt',
  'Mappa/../../outside.txt',
  './alma.txt',
  'Mappa//beágyazott.txt',
  '..%5Coutside.txt',
  'Mappa%5C..%5C..%5Coutside.txt',
  '%00',
  'alma.txt%00.pdf',
  '/etc/passwd',
  encodeURIComponent(join(base, 'outside.txt')),
  'C:%5CWindows%5Cwin.ini',
  '../files-evil/secret.txt',
  'link-ki.txt',
  'files-evil-link/secret.txt',
  'files-evil-link',
]

describe('path checks', () => {
  it('refuses every text that is not a plain relative path', () => {
    for (const raw of [
      '..',
      'a/../b',
      './a',
      'a//b',
      'a\\b',
      '/etc',
      'C:x',
      'a\0b',
      '%2e%2e',
      'a%2Fb',
      'a%5cb',
    ]) {
      expect(pathSegments(raw), raw).toBeNull()
    }
    expect(pathSegments('')).toEqual([])
    expect(pathSegments('/')).toEqual([])
    expect(pathSegments('Mappa/Almappa/')).toEqual(['Mappa', 'Almappa'])
    expect(pathSegments('100% kész.txt')).toEqual(['100% kész.txt'])
  })

  it('a sibling with the root as a prefix is outside', () => {
    expect(isInside('/srv/files', '/srv/files-evil/secret.txt')).toBe(false)
    expect(isInside('/srv/files', '/srv/files')).toBe(true)
    expect(isInside('/srv/files', '/srv/files/a')).toBe(true)
  })

  it('parses single byte ranges', () => {
    expect(parseRange(undefined, 10)).toBeNull()
    expect(parseRange('bytes=0-3', 10)).toEqual({ start: 0, end: 3 })
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 })
    expect(parseRange('bytes=-4', 10)).toEqual({ start: 6, end: 9 })
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 })
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull()
    expect(parseRange('items=0-1', 10)).toBeNull()
    expect(parseRange('bytes=5-2', 10)).toBeNull()
  })

  it('names a Hungarian file in Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition(ACCENTED)).toBe(
      `attachment; filename="Orarend _ osz.pdf"; filename*=UTF-8''%C3%93rarend%20%E2%80%93%20%C5%91sz.pdf`,
    )
    expect(contentDisposition(`a"b\\c'(1).txt`)).toBe(
      `attachment; filename="a_b_c'(1).txt"; filename*=UTF-8''a%22b%5Cc%27%281%29.txt`,
    )
  })
})

describe.each(drivers)('files on %s', (driver) => {
  const t = useTestApp(driver, { env: { FILES_ROOT: root } })

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const teacher = await t.signedIn('teacher')
    return t.app.inject({ method: 'GET', url, headers: { authorization: teacher.token, ...headers } })
  }

  it('lists a folder: folders first, then names in Hungarian order, with size and time', async () => {
    const response = await get('/api/files?path=')
    expect(response.statusCode, response.body).toBe(200)
    const files = response.json().files as {
      fileName: string
      type: string
      size: number
      modifiedAt: string
    }[]
    expect(files.map((file) => [file.fileName, file.type])).toEqual([
      ['ábécé', 'Directory'],
      ['Mappa', 'Directory'],
      ['.rejtett', 'File'],
      ['alma.txt', 'File'],
      ['Ébresztő.txt', 'File'],
      ['link-be.txt', 'File'],
      [ACCENTED, 'File'],
      ['zene.mp3', 'File'],
    ])
    expect(files.find((file) => file.fileName === 'alma.txt')).toEqual({
      fileName: 'alma.txt',
      type: 'File',
      size: 4,
      modifiedAt: modified.toISOString(),
    })
    expect(files.find((file) => file.fileName === ACCENTED)?.size).toBe(PDF.length)
    // '/' is the root too; a subfolder by its relative path, with or without a trailing slash.
    expect((await get('/api/files?path=%2F')).json().files).toHaveLength(8)
    expect((await get('/api/files')).json().files).toHaveLength(8)
    const sub = await get(`/api/files?path=${encodeURIComponent('Mappa')}`)
    expect(sub.json().files.map((file: { fileName: string }) => file.fileName)).toEqual([
      'Almappa',
      'beágyazott.txt',
    ])
    expect((await get('/api/files?path=Mappa%2FAlmappa%2F')).json()).toEqual({ files: [] })
  })

  it('answers 404 for a missing folder or file, and for a file listed as a folder', async () => {
    for (const url of ['/api/files?path=Nincs', '/api/files?path=alma.txt']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toEqual({ code: 404, message: MESSAGES.folderNotFound })
    }
    for (const url of [
      '/api/files/file?path=nincs.txt',
      '/api/files/file?path=Mappa',
      '/api/files/file?path=',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toEqual({ code: 404, message: MESSAGES.fileNotFound })
    }
  })

  it.each(TRAVERSALS)('refuses %s on both routes without reading outside the root', async (raw) => {
    for (const route of ['/api/files', '/api/files/file']) {
      const response = await get(`${route}?path=${raw}`)
      expect(response.statusCode, `${route} ${raw}`).toBe(400)
      expect(response.body).not.toContain(SECRET)
      expect(response.json().message).toMatch(/^(Érvénytelen elérési út\.|Hibás kérés\.)$/)
    }
  })

  it('does not list a link that points outside the root', async () => {
    const names = (await get('/api/files')).json().files.map((file: { fileName: string }) => file.fileName)
    expect(names).not.toContain('link-ki.txt')
    expect(names).not.toContain('files-evil-link')
  })

  it('downloads an accented file with its headers and exact bytes', async () => {
    const response = await get(`/api/files/file?path=${encodeURIComponent(ACCENTED)}`, {
      'accept-encoding': 'br, gzip',
    })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(PDF)).toBe(true)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-length']).toBe(String(PDF.length))
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(response.headers['content-disposition']).toBe(contentDisposition(ACCENTED))
    expect(response.headers['cache-control']).toBe('no-store')

    const nested = await get(`/api/files/file?path=${encodeURIComponent('Mappa/beágyazott.txt')}`)
    expect(nested.body).toBe('beágyazott')
    expect(nested.headers['content-type']).toBe('text/plain; charset=utf-8')
    const empty = await get('/api/files/file?path=zene.mp3')
    expect(empty.statusCode).toBe(200)
    expect(empty.headers['content-length']).toBe('0')
    // A link inside the root is served as its target.
    expect((await get('/api/files/file?path=link-be.txt')).body).toBe('alma')
  })

  it('answers a Range with 206 and the bytes, an unsatisfiable one with 416', async () => {
    const url = `/api/files/file?path=${encodeURIComponent(ACCENTED)}`
    const part = await get(url, { range: 'bytes=10-19' })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload.equals(PDF.subarray(10, 20))).toBe(true)
    expect(part.headers['content-range']).toBe(`bytes 10-19/${PDF.length}`)
    expect(part.headers['content-length']).toBe('10')
    const tail = await get(url, { range: 'bytes=-5' })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(PDF.subarray(PDF.length - 5))).toBe(true)

    const beyond = await get(url, { range: `bytes=${PDF.length}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${PDF.length}`)
    expect(beyond.json()).toEqual({ code: 416, message: MESSAGES.fileRangeInvalid })
  })
})

describe.each(drivers)('files without a FILES_ROOT on %s', (driver) => {
  const t = useTestApp(driver, { env: { FILES_ROOT: join(base, 'nincs-ilyen') } })

  it('lists the root as empty, not a 500', async () => {
    const teacher = await t.signedIn('teacher')
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/files',
      headers: { authorization: teacher.token },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ files: [] })
    const sub = await t.app.inject({
      method: 'GET',
      url: '/api/files?path=a',
      headers: { authorization: teacher.token },
    })
    expect(sub.statusCode).toBe(404)
  })
})

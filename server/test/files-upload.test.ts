/**
 * Upload and create folder under FILES_ROOT (issue 9) on both databases: the feature (administrators), streaming to
 * disk through a temp file (memory stays flat for 100 MB), the UPLOAD_MAX_MB limit (413, nothing left behind), an
 * aborted upload leaving nothing, no overwrite without `overwrite=1` (409), names checked like paths (400), and
 * traversal in the target folder refused without writing outside the root.
 */
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MESSAGES, uploadTooLargeMessage } from '@contract/messages'
import { isSafeName } from '../lib/safe-path'
import { UPLOAD_TEMP_PREFIX } from '../services/file-writes'
import { drivers, useTestApp, type TestApp } from './build'

const base = mkdtempSync(join(tmpdir(), 'portal-upload-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

const BOUNDARY = '----portal-teszt-hatar'
const MB = 1024 * 1024

/** One multipart/form-data body with a single file part named `fileName`. */
function multipartBody(fileName: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
      'utf8',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
}

const multipartHeaders = (token: string) => ({
  authorization: token,
  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
})

/** Every entry under `dir`, recursively, relative to it. */
function tree(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() && !entry.isSymbolicLink()
      ? [`${prefix}${entry.name}/`, ...tree(join(dir, entry.name), `${prefix}${entry.name}/`)]
      : [`${prefix}${entry.name}`],
  )
}

const tempFiles = (dir: string) =>
  tree(dir).filter((name) => name.split('/').pop()!.startsWith(UPLOAD_TEMP_PREFIX))

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The app listening on a real port (streaming and aborts need a socket, not inject). */
async function listening(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  return (t.app.server.address() as AddressInfo).port
}

describe('names', () => {
  it('accepts one plain name and refuses anything a path could hide in', () => {
    for (const name of [
      'jegyzet.txt',
      'Órarend – ősz.pdf',
      '.rejtett',
      'a..b',
      '100% kész',
      'x'.repeat(255),
    ]) {
      expect(isSafeName(name, 255), name).toBe(true)
    }
    for (const name of [
      '',
      '.',
      '..',
      '...',
      'a/b',
      '/a',
      'a\\b',
      'a\0b',
      'a\u0001b',
      'a\u007fb',
      '%2e%2e',
      'a%2fb',
      'C:x',
      'x'.repeat(256),
      'ő'.repeat(128),
    ]) {
      expect(isSafeName(name, 255), JSON.stringify(name)).toBe(false)
    }
  })
})

describe.each(drivers)('upload and create folder on %s', (driver) => {
  const root = join(base, driver, 'files')
  mkdirSync(join(root, 'Mappa'), { recursive: true })
  mkdirSync(join(base, driver, 'files-evil'))
  writeFileSync(join(root, 'meglevo.txt'), 'régi tartalom')
  symlinkSync(join(base, driver, 'files-evil'), join(root, 'kifele'))
  const t = useTestApp(driver, { env: { FILES_ROOT: root } })

  const upload = async (
    query: string,
    fileName: string,
    content: Buffer,
    role: 'admin' | 'teacher' | 'student' = 'admin',
  ) => {
    const { token } = await t.signedIn(role)
    return t.app.inject({
      method: 'POST',
      url: `/api/files/upload?${query}`,
      headers: multipartHeaders(token),
      payload: multipartBody(fileName, content),
    })
  }

  const newFolder = async (body: object, role: 'admin' | 'teacher' = 'admin') => {
    const { token } = await t.signedIn(role)
    return t.app.inject({
      method: 'POST',
      url: '/api/files/folder',
      headers: { authorization: token },
      payload: body,
    })
  }

  it('stores an accented file in a subfolder byte for byte and answers its entry', async () => {
    const content = randomBytes(300_000)
    const name = 'Jegyzőkönyv – ősz.bin'
    const response = await upload('path=Mappa', name, content)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ fileName: name, type: 'File', size: content.length })
    expect(readFileSync(join(root, 'Mappa', name)).equals(content)).toBe(true)
    expect(tempFiles(root)).toEqual([])
    // The listing shows it at once.
    const { token } = await t.signedIn('admin')
    const list = await t.app.inject({ url: '/api/files?path=Mappa', headers: { authorization: token } })
    expect(list.json().files.map((file: { fileName: string }) => file.fileName)).toContain(name)
  })

  it('uploads to the root, which is created when it does not exist yet', async () => {
    const response = await upload('path=', 'gyoker.txt', Buffer.from('gyökér'))
    expect(response.statusCode, response.body).toBe(201)
    expect(readFileSync(join(root, 'gyoker.txt'), 'utf8')).toBe('gyökér')
  })

  it('never overwrites without overwrite=1 (409), replaces a file with it, and never replaces a folder', async () => {
    const refused = await upload('path=', 'meglevo.txt', Buffer.from('új tartalom'))
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ code: 409, message: MESSAGES.fileNameTaken })
    expect(readFileSync(join(root, 'meglevo.txt'), 'utf8')).toBe('régi tartalom')

    const replaced = await upload('path=&overwrite=1', 'meglevo.txt', Buffer.from('új tartalom'))
    expect(replaced.statusCode, replaced.body).toBe(201)
    expect(readFileSync(join(root, 'meglevo.txt'), 'utf8')).toBe('új tartalom')

    const folder = await upload('path=&overwrite=1', 'Mappa', Buffer.from('nem mappa'))
    expect(folder.statusCode).toBe(409)
    expect(statSync(join(root, 'Mappa')).isDirectory()).toBe(true)
    expect(tempFiles(root)).toEqual([])
  })

  it.each([
    '..',
    '.',
    '...',
    'al/fajl.txt',
    '../kint.txt',
    'a\\b.txt',
    'vezérlő\u0001.txt',
    '%2e%2e',
    'x'.repeat(256),
  ])('refuses the file name %j with 400 and writes nothing', async (name) => {
    const before = tree(join(base, driver))
    const response = await upload('path=', name, Buffer.from('x'))
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({ code: 400, message: MESSAGES.fileNameInvalid })
    expect(tree(join(base, driver))).toEqual(before)
  })

  it('answers 400 when the request has no file part', async () => {
    const { token } = await t.signedIn('admin')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload?path=',
      headers: multipartHeaders(token),
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mezo"\r\n\r\nérték\r\n--${BOUNDARY}--\r\n`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 400, message: MESSAGES.uploadMissingFile })
  })

  it('answers 415 for a body that is not multipart', async () => {
    const { token } = await t.signedIn('admin')
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload?path=',
      headers: { authorization: token },
      payload: { file: 'x' },
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ code: 415, message: MESSAGES.uploadNotMultipart })
  })

  it.each(['..', '..%2Ffiles-evil', '%2e%2e', 'Mappa%2F..%2F..', 'kifele', '%2Ftmp', 'Mappa%5C..'])(
    'refuses the target folder %s without writing outside the root',
    async (path) => {
      const response = await upload(`path=${path}`, 'betoro.txt', Buffer.from('x'))
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toMatch(/^(Érvénytelen elérési út\.|Hibás kérés\.)$/)
      expect(readdirSync(join(base, driver, 'files-evil'))).toEqual([])
      expect(existsSync(join(base, driver, 'betoro.txt'))).toBe(false)
    },
  )

  it('answers 404 for a missing target folder and for a file as a folder', async () => {
    for (const path of ['Nincs', 'meglevo.txt']) {
      const response = await upload(`path=${path}`, 'a.txt', Buffer.from('x'))
      expect(response.statusCode, path).toBe(404)
      expect(response.json()).toEqual({ code: 404, message: MESSAGES.folderNotFound })
    }
  })

  it('refuses a teacher and a student (no uploadFile) with 403 and the Hungarian message', async () => {
    for (const role of ['teacher', 'student'] as const) {
      const response = await upload('path=', `${role}.txt`, Buffer.from('x'), role)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ code: 403, message: MESSAGES.forbidden })
      expect(existsSync(join(root, `${role}.txt`))).toBe(false)
    }
    const folder = await newFolder({ path: '', name: 'tanari' }, 'teacher')
    expect(folder.statusCode).toBe(403)
    expect(folder.json()).toEqual({ code: 403, message: MESSAGES.forbidden })
    expect(existsSync(join(root, 'tanari'))).toBe(false)
  })

  it('streams 100 MB to disk with memory staying flat', { timeout: 120_000 }, async () => {
    const port = await listening(t)
    const { token } = await t.signedIn('admin')
    const size = 100 * MB
    const chunk = randomBytes(64 * 1024)
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="nagy.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    )
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
    global.gc?.()
    const before = process.memoryUsage()
    let peakRss = before.rss
    let peakBuffers = before.arrayBuffers
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peakRss = Math.max(peakRss, now.rss)
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers)
    }, 10)
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/files/upload?path=Mappa',
          headers: { ...multipartHeaders(token), 'content-length': head.length + size + tail.length },
        },
        (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (text: string) => (body += text))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      let sent = 0
      const pump = () => {
        while (sent < size) {
          sent += chunk.length
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        req.end(tail)
      }
      req.write(head)
      pump()
    })
    clearInterval(sampler)
    expect(answer.status, answer.body).toBe(201)
    expect(statSync(join(root, 'Mappa', 'nagy.bin')).size).toBe(size)
    const rssGrowth = (peakRss - before.rss) / MB
    const bufferGrowth = (peakBuffers - before.arrayBuffers) / MB
    console.info(
      `100 MB upload: rss +${rssGrowth.toFixed(1)} MB, arrayBuffers +${bufferGrowth.toFixed(1)} MB`,
    )
    // Buffering the file whole would add ≥ 100 MB to both; garbage not yet collected (client and server share this
    // process) accounts for the few tens of MB a streamed upload shows.
    expect(rssGrowth).toBeLessThan(50)
    expect(bufferGrowth).toBeLessThan(50)
    rmSync(join(root, 'Mappa', 'nagy.bin'))
  })

  it('leaves nothing behind when the client aborts mid-upload', { timeout: 60_000 }, async () => {
    const port = await listening(t)
    const { token } = await t.signedIn('admin')
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/files/upload?path=',
      headers: { ...multipartHeaders(token), 'content-length': 50 * MB },
    })
    req.on('error', () => {})
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="felbe.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    )
    for (let i = 0; i < 40; i++) req.write(randomBytes(64 * 1024))
    await waitFor(() => tempFiles(root).length === 1)
    req.destroy()
    await waitFor(() => tempFiles(root).length === 0)
    expect(existsSync(join(root, 'felbe.bin'))).toBe(false)
  })

  it('creates a folder (201), refuses a taken name (409), bad names (400) and bad places (400/404)', async () => {
    const created = await newFolder({ path: 'Mappa', name: 'Új mappa – ősz' })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ fileName: 'Új mappa – ősz', type: 'Directory', size: 0 })
    expect(statSync(join(root, 'Mappa', 'Új mappa – ősz')).isDirectory()).toBe(true)

    for (const name of ['Új mappa – ősz']) {
      const again = await newFolder({ path: 'Mappa', name })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ code: 409, message: MESSAGES.fileNameTaken })
    }
    expect((await newFolder({ path: '', name: 'meglevo.txt' })).statusCode).toBe(409)

    for (const name of ['', '.', '..', 'a/b', 'a\\b', 'x\u0000y', 'x\u001fy', 'x'.repeat(256)]) {
      const bad = await newFolder({ path: '', name })
      expect(bad.statusCode, JSON.stringify(name)).toBe(400)
    }
    expect((await newFolder({ path: '', name: '..' })).json()).toEqual({
      code: 400,
      message: MESSAGES.fileNameInvalid,
    })
    for (const path of ['..', '../files-evil', 'kifele', '/tmp', 'Mappa/../..']) {
      const bad = await newFolder({ path, name: 'betoro' })
      expect(bad.statusCode, path).toBe(400)
    }
    expect(readdirSync(join(base, driver, 'files-evil'))).toEqual([])
    expect((await newFolder({ path: 'Nincs', name: 'x' })).statusCode).toBe(404)
    expect((await newFolder({ path: '', name: 'x', extra: 1 })).statusCode).toBe(400)
  })
})

describe.each(drivers)('upload limit on %s', (driver) => {
  const root = join(base, `limit-${driver}`)
  mkdirSync(root, { recursive: true })
  const t = useTestApp(driver, { env: { FILES_ROOT: root, UPLOAD_MAX_MB: '1' } })

  const upload = async (name: string, content: Buffer) => {
    const { token } = await t.signedIn('admin')
    return t.app.inject({
      method: 'POST',
      url: '/api/files/upload?path=',
      headers: multipartHeaders(token),
      payload: multipartBody(name, content),
    })
  }

  it('takes a file of exactly UPLOAD_MAX_MB', async () => {
    const response = await upload('pont.bin', randomBytes(MB))
    expect(response.statusCode, response.body).toBe(201)
    expect(statSync(join(root, 'pont.bin')).size).toBe(MB)
  })

  it('answers 413 with the limit in Hungarian over it, leaving no file and no temp file', async () => {
    const response = await upload('tul-nagy.bin', randomBytes(MB + 1))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ code: 413, message: uploadTooLargeMessage(1) })
    expect(response.json().message).toBe('A fájl túl nagy: legfeljebb 1 MB tölthető fel.')
    expect(tree(root)).toEqual(['pont.bin'])
  })

  it('answers 413 for a much larger file over a real socket', { timeout: 60_000 }, async () => {
    const port = await listening(t)
    const { token } = await t.signedIn('admin')
    const body = multipartBody('sokkal-nagyobb.bin', randomBytes(8 * MB))
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/files/upload?path=',
          headers: { ...multipartHeaders(token), 'content-length': body.length },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (part: string) => (text += part))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ code: 413, message: uploadTooLargeMessage(1) })
    await waitFor(() => tempFiles(root).length === 0)
    expect(tree(root)).toEqual(['pont.bin'])
  })
})

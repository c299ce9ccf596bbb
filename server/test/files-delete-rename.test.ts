/**
 * Delete and rename under FILES_ROOT (issue 18) on both databases: only for uploadFile (403 otherwise, nothing
 * touched), a file or an empty folder removed and a non-empty folder refused (409), a rename with the upload's name
 * rules (400) that never replaces (409), paths that escape the root ('..', absolute, a symlink leading out) or name an
 * upload's part refused without touching anything, and an audit entry for each change and none for a refusal.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { drivers, useTestApp } from './build'
import { auditEntries } from './queries'

const base = mkdtempSync(join(tmpdir(), 'portal-file-changes-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

describe.each(drivers)('delete and rename files on %s', (driver) => {
  const root = join(base, driver, 'files')
  const outside = join(base, driver, 'files-evil')
  mkdirSync(join(root, 'Tananyagok'), { recursive: true })
  mkdirSync(outside)
  writeFileSync(join(outside, 'titok.txt'), 'titok')
  symlinkSync(outside, join(root, 'kifele'))
  symlinkSync(join(outside, 'titok.txt'), join(root, 'titok-link.txt'))
  const t = useTestApp(driver, { env: { FILES_ROOT: root } })

  const remove = async (path: string, role: 'admin' | 'teacher' | 'student' = 'admin') => {
    const { token, username } = await t.signedIn(role)
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/files?path=${encodeURIComponent(path)}`,
      headers: { authorization: token },
    })
    return { response, username }
  }
  const rename = async (body: object, role: 'admin' | 'teacher' | 'student' = 'admin') => {
    const { token, username } = await t.signedIn(role)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/rename',
      headers: { authorization: token },
      payload: body,
    })
    return { response, username }
  }

  it('deletes a file and an empty folder, each with its audit entry', async () => {
    writeFileSync(join(root, 'Tananyagok', 'régi jegyzet.txt'), 'x')
    const file = await remove('Tananyagok/régi jegyzet.txt')
    expect(file.response.statusCode, file.response.body).toBe(200)
    expect(file.response.json()).toEqual({ code: 200, message: MESSAGES.fileDeleted })
    expect(existsSync(join(root, 'Tananyagok', 'régi jegyzet.txt'))).toBe(false)
    const [fileEntry] = await auditEntries(t.handle.db, file.username, 'deleteFile')
    expect(fileEntry.extras).toEqual({ filePath: 'Tananyagok/régi jegyzet.txt', isFolder: 'false' })

    mkdirSync(join(root, 'Üres'))
    const folder = await remove('Üres/')
    expect(folder.response.statusCode, folder.response.body).toBe(200)
    expect(folder.response.json()).toEqual({ code: 200, message: MESSAGES.folderDeleted })
    expect(existsSync(join(root, 'Üres'))).toBe(false)
    const [folderEntry] = await auditEntries(t.handle.db, folder.username, 'deleteFile')
    expect(folderEntry.extras).toEqual({ filePath: 'Üres', isFolder: 'true' })
  })

  it('refuses a folder with anything in it (a hidden file too) with 409, and a missing entry with 404', async () => {
    mkdirSync(join(root, 'Teli'))
    writeFileSync(join(root, 'Teli', '.rejtett'), 'x')
    const full = await remove('Teli')
    expect(full.response.statusCode).toBe(409)
    expect(full.response.json()).toEqual({ code: 409, message: MESSAGES.folderNotEmpty })
    expect(existsSync(join(root, 'Teli', '.rejtett'))).toBe(true)
    expect(await auditEntries(t.handle.db, full.username)).toEqual([])

    const missing = await remove('Tananyagok/nincs.txt')
    expect(missing.response.statusCode).toBe(404)
    expect(missing.response.json()).toEqual({ code: 404, message: MESSAGES.fileNotFound })
    expect(await auditEntries(t.handle.db, missing.username)).toEqual([])
  })

  it('refuses paths that leave the root, the root itself and upload parts, touching nothing', async () => {
    writeFileSync(join(root, '.feltoltes-1234.part'), 'fél fájl')
    const cases: [string, number][] = [
      ['', 400],
      ['/', 400],
      ['../files-evil/titok.txt', 400],
      ['Tananyagok/../../files-evil/titok.txt', 400],
      [join(outside, 'titok.txt'), 400],
      ['%2e%2e/files-evil/titok.txt', 400],
      ['Tananyagok\\..\\..\\files-evil', 400],
      ['kifele/titok.txt', 400],
      ['.feltoltes-1234.part', 404],
    ]
    for (const [path, status] of cases) {
      const { response, username } = await remove(path)
      expect(response.statusCode, path).toBe(status)
      expect(await auditEntries(t.handle.db, username)).toEqual([])
      const renamed = await rename({ path, name: 'elvitt.txt' })
      expect(renamed.response.statusCode, path).toBe(status)
    }
    expect(readFileSync(join(outside, 'titok.txt'), 'utf8')).toBe('titok')
    expect(existsSync(join(root, '.feltoltes-1234.part'))).toBe(true)
    expect(existsSync(join(outside, 'elvitt.txt'))).toBe(false)
  })

  it('treats a symlink leading out of the root as missing, and never deletes what a link points to', async () => {
    for (const path of ['kifele', 'titok-link.txt']) {
      expect((await remove(path)).response.statusCode, path).toBe(404)
      expect((await rename({ path, name: 'mas.txt' })).response.statusCode, path).toBe(404)
    }
    expect(existsSync(join(root, 'kifele'))).toBe(true)
    writeFileSync(join(root, 'Tananyagok', 'cel.txt'), 'cél')
    symlinkSync(join(root, 'Tananyagok', 'cel.txt'), join(root, 'belso-link.txt'))
    const link = await remove('belso-link.txt')
    expect(link.response.statusCode, link.response.body).toBe(200)
    expect(existsSync(join(root, 'belso-link.txt'))).toBe(false)
    expect(readFileSync(join(root, 'Tananyagok', 'cel.txt'), 'utf8')).toBe('cél')
  })

  it('renames a file and a folder, with the audit entry naming the old path and the new name', async () => {
    writeFileSync(join(root, 'Tananyagok', 'vazlat.txt'), 'tartalom')
    const file = await rename({ path: 'Tananyagok/vazlat.txt', name: 'Témazáró – ősz.txt' })
    expect(file.response.statusCode, file.response.body).toBe(200)
    expect(file.response.json()).toMatchObject({ fileName: 'Témazáró – ősz.txt', type: 'File', size: 8 })
    expect(existsSync(join(root, 'Tananyagok', 'vazlat.txt'))).toBe(false)
    expect(readFileSync(join(root, 'Tananyagok', 'Témazáró – ősz.txt'), 'utf8')).toBe('tartalom')
    const [entry] = await auditEntries(t.handle.db, file.username, 'renameFile')
    expect(entry.extras).toEqual({
      filePath: 'Tananyagok/vazlat.txt',
      isFolder: 'false',
      newFileName: 'Témazáró – ősz.txt',
    })

    mkdirSync(join(root, 'Mappa 1'))
    writeFileSync(join(root, 'Mappa 1', 'benne.txt'), 'b')
    const folder = await rename({ path: 'Mappa 1', name: 'Mappa 2' })
    expect(folder.response.statusCode, folder.response.body).toBe(200)
    expect(folder.response.json()).toMatchObject({ fileName: 'Mappa 2', type: 'Directory', size: 0 })
    expect(readFileSync(join(root, 'Mappa 2', 'benne.txt'), 'utf8')).toBe('b')
    const [folderEntry] = await auditEntries(t.handle.db, folder.username, 'renameFile')
    expect(folderEntry.extras).toMatchObject({ filePath: 'Mappa 1', isFolder: 'true' })
  })

  it('refuses a taken name (409) and a bad name (400) without changing anything', async () => {
    writeFileSync(join(root, 'a.txt'), 'a')
    writeFileSync(join(root, 'b.txt'), 'b')
    mkdirSync(join(root, 'Foglalt'))
    for (const name of ['b.txt', 'Foglalt']) {
      const { response, username } = await rename({ path: 'a.txt', name })
      expect(response.statusCode, name).toBe(409)
      expect(response.json()).toEqual({ code: 409, message: MESSAGES.fileNameTaken })
      expect(await auditEntries(t.handle.db, username)).toEqual([])
    }
    for (const name of [
      '',
      '..',
      'al/mappa.txt',
      'x\\y.txt',
      'a\u0001.txt',
      '.feltoltes-x.part',
      'é'.repeat(200),
    ]) {
      const { response } = await rename({ path: 'a.txt', name })
      expect(response.statusCode, name).toBe(400)
    }
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('a')
    expect(readFileSync(join(root, 'b.txt'), 'utf8')).toBe('b')
  })

  it('refuses a teacher and a student (no uploadFile) with 403, touching nothing', async () => {
    writeFileSync(join(root, 'marad.txt'), 'm')
    for (const role of ['teacher', 'student'] as const) {
      const removed = await remove('marad.txt', role)
      expect(removed.response.statusCode).toBe(403)
      expect(removed.response.json()).toEqual({ code: 403, message: MESSAGES.forbidden })
      const renamed = await rename({ path: 'marad.txt', name: 'elment.txt' }, role)
      expect(renamed.response.statusCode).toBe(403)
      expect(await auditEntries(t.handle.db, removed.username)).toEqual([])
    }
    expect(existsSync(join(root, 'marad.txt'))).toBe(true)
  })
})

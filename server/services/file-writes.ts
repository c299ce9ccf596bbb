/**
 * Writes under FILES_ROOT (issue 9): an uploaded file streamed to disk and a new folder. The target folder goes
 * through `resolveInside` like every read, and a new name must be one safe segment (`isSafeName`), so nothing is ever
 * written outside the root. An upload is written to a part file (`isUploadPart`) in the target folder and moved to
 * its name only when complete: a refused, oversized or aborted upload leaves nothing behind, a part is never listed
 * or served, and parts a crash left are removed at start (`removeStaleUploadParts`). Without `overwrite` the move is a hard link, which fails atomically when the name exists (no check-then-write
 * race); with it, a rename replaces the old file in one step. A folder is never replaced.
 *
 * Delete and rename (issue 18) are `runWrite` changes: the file system step runs inside the transaction that records
 * its audit entry, so a refused step (404, 409) writes no entry. The entry is found by its parent folder's real path
 * and its own name (`lstat`): a symlink is removed or renamed itself, never what it points to, and one pointing
 * outside the root (never listed) is not found.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream, type Dirent } from 'node:fs'
import { link, lstat, mkdir, readdir, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FILE_NAME_MAX_BYTES, type FileEntry, type MessageBody } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '../lib/http-error'
import {
  isInside,
  isSafeName,
  pathSegments,
  realRoot,
  resolveInside,
  UnsafePathError,
} from '../lib/safe-path'
import type { Change } from './write'

/** Prefix of the temp files (parts) of uploads in progress. */
export const UPLOAD_TEMP_PREFIX = '.feltoltes-'

/** A part older than this was left by a crash (a part being written is touched with every chunk). */
export const STALE_PART_MS = 60 * 60 * 1000

/**
 * True for the name of an upload's part (`.feltoltes-<uuid>.part`): never listed, downloaded or taken as a new name.
 * A part lives in its target folder so that the final move is one atomic link or rename on the same file system.
 */
export function isUploadPart(name: string): boolean {
  return name.startsWith(UPLOAD_TEMP_PREFIX) && name.endsWith('.part')
}

/**
 * Removes the parts under `root` not written to for STALE_PART_MS (left by a crash: a kill -9 never runs the
 * clean-up in `saveUpload`). Run at start; a fresh part may be another process's upload in progress and stays.
 */
export async function removeStaleUploadParts(root: string, now = Date.now()): Promise<number> {
  let removed = 0
  let entries: Dirent[]
  try {
    entries = await readdir(root, { withFileTypes: true })
  } catch {
    return 0 // no root yet, or a folder removed meanwhile
  }
  for (const entry of entries) {
    const path = join(root, entry.name)
    if (entry.isDirectory()) removed += await removeStaleUploadParts(path, now)
    else if (entry.isFile() && isUploadPart(entry.name)) {
      const info = await stat(path).catch(() => null)
      if (
        info &&
        now - info.mtimeMs > STALE_PART_MS &&
        (await unlink(path).then(
          () => true,
          () => false,
        ))
      ) {
        removed += 1
      }
    }
  }
  return removed
}

/** The real folder `raw` names under `root`, for a write. The root itself is created on the first write. */
export async function folderForWrite(root: string, raw: string): Promise<string> {
  const segments = pathSegments(raw)
  if (segments === null) throw new HttpError(400, MESSAGES.filePathInvalid)
  if (segments.length === 0 && !(await realRoot(root))) await mkdir(root, { recursive: true })
  let folder: string
  try {
    folder = await resolveInside(root, raw)
  } catch (error) {
    if (error instanceof UnsafePathError) {
      throw error.problem === 'invalid'
        ? new HttpError(400, MESSAGES.filePathInvalid)
        : new HttpError(404, MESSAGES.folderNotFound)
    }
    throw error
  }
  if (!(await stat(folder)).isDirectory()) throw new HttpError(404, MESSAGES.folderNotFound)
  return folder
}

/** A new entry's name in NFC (a Mac sends 'á' decomposed), or a 400 when it is not one safe name. */
export function checkedName(raw: string | undefined): string {
  const name = (raw ?? '').normalize('NFC')
  if (!isSafeName(name, FILE_NAME_MAX_BYTES) || isUploadPart(name))
    throw new HttpError(400, MESSAGES.fileNameInvalid)
  return name
}

async function exists(path: string): Promise<'file' | 'other' | null> {
  try {
    return (await lstat(path)).isFile() ? 'file' : 'other'
  } catch {
    return null
  }
}

async function entryOf(path: string, fileName: string): Promise<FileEntry> {
  const info = await stat(path)
  return {
    fileName,
    type: info.isDirectory() ? 'Directory' : 'File',
    size: info.isDirectory() ? 0 : info.size,
    modifiedAt: info.mtime.toISOString(),
  }
}

/** Refuses a taken name before any byte is written: 409, unless an existing plain file may be replaced. */
export async function checkFree(folder: string, name: string, overwrite: boolean): Promise<void> {
  const existing = await exists(join(folder, name))
  if (existing === 'other' || (existing === 'file' && !overwrite)) {
    throw new HttpError(409, MESSAGES.fileNameTaken)
  }
}

/** An upload's bytes: a multipart file stream, `truncated` when it stopped at the size limit. */
export type UploadSource = Readable & { truncated?: boolean }

/**
 * Streams `source` into `folder/name` through a temp file. A stream cut at the size limit throws `tooLarge`; any
 * error of the stream (an aborted request) is rethrown; either way the temp file is removed first.
 */
export async function saveUpload(
  folder: string,
  name: string,
  source: UploadSource,
  options: { overwrite: boolean; tooLarge: () => Error },
): Promise<FileEntry> {
  const { overwrite } = options
  const target = join(folder, name)
  const temp = join(folder, `${UPLOAD_TEMP_PREFIX}${randomUUID()}.part`)
  try {
    await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o644 }))
    if (source.truncated) throw options.tooLarge()
    if (overwrite && (await exists(target)) !== 'other') {
      await rename(temp, target)
    } else {
      try {
        await link(temp, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new HttpError(409, MESSAGES.fileNameTaken)
        throw error
      }
      await unlink(temp)
    }
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
  return entryOf(target, name)
}

/** POST /files/folder: the new folder's entry; 409 when the name is taken. */
export async function createFolder(root: string, raw: string, rawName: string): Promise<FileEntry> {
  const folder = await folderForWrite(root, raw)
  const name = checkedName(rawName)
  const target = join(folder, name)
  try {
    await mkdir(target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new HttpError(409, MESSAGES.fileNameTaken)
    throw error
  }
  return entryOf(target, name)
}

/** An existing entry a delete or rename is about: its real parent folder, its name and what it is. */
interface ExistingEntry {
  folder: string
  name: string
  full: string
  /** The path under the root as the audit log names it ('Tananyagok/jegyzet.txt'). */
  relative: string
  isFolder: boolean
  isLink: boolean
}

/** The path's segments for a delete or rename, or a 400: not the root, nothing an upload's part. */
export function entrySegments(raw: string): string[] {
  const segments = pathSegments(raw)
  if (segments === null || segments.length === 0) throw new HttpError(400, MESSAGES.filePathInvalid)
  return segments
}

async function existingEntry(root: string, segments: readonly string[]): Promise<ExistingEntry> {
  const name = segments[segments.length - 1]!
  if (segments.some(isUploadPart)) throw new HttpError(404, MESSAGES.fileNotFound)
  const base = await realRoot(root)
  if (!base) throw new HttpError(404, MESSAGES.fileNotFound)
  let folder: string
  try {
    folder = await resolveInside(base, segments.slice(0, -1).join('/'))
  } catch (error) {
    if (error instanceof UnsafePathError) {
      throw error.problem === 'invalid'
        ? new HttpError(400, MESSAGES.filePathInvalid)
        : new HttpError(404, MESSAGES.fileNotFound)
    }
    throw error
  }
  const full = join(folder, name)
  const own = await lstat(full).catch(() => null)
  if (!own || !(await stat(folder)).isDirectory()) throw new HttpError(404, MESSAGES.fileNotFound)
  let info = own
  if (own.isSymbolicLink()) {
    // As the listing: a broken link or one leading out of the root is not there.
    const target = await realpath(full).catch(() => null)
    if (!target || !isInside(base, target)) throw new HttpError(404, MESSAGES.fileNotFound)
    info = await stat(target)
  }
  if (!info.isFile() && !info.isDirectory()) throw new HttpError(404, MESSAGES.fileNotFound)
  return {
    folder,
    name,
    full,
    relative: segments.join('/'),
    isFolder: info.isDirectory(),
    isLink: own.isSymbolicLink(),
  }
}

/** DELETE /files?path=: one file, link or empty folder; a folder with anything in it (hidden files too) is 409. */
export function deleteEntry(root: string, raw: string): Change<MessageBody> {
  const segments = entrySegments(raw)
  return async () => {
    const entry = await existingEntry(root, segments)
    try {
      if (entry.isFolder && !entry.isLink) await rmdir(entry.full)
      else await unlink(entry.full)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOTEMPTY' || code === 'EEXIST') throw new HttpError(409, MESSAGES.folderNotEmpty)
      if (code === 'ENOENT') throw new HttpError(404, MESSAGES.fileNotFound)
      throw error
    }
    return {
      body: { code: 200, message: entry.isFolder ? MESSAGES.folderDeleted : MESSAGES.fileDeleted },
      audit: { type: 'deleteFile', extras: { filePath: entry.relative, isFolder: String(entry.isFolder) } },
    }
  }
}

/**
 * POST /files/rename: the entry's new name in the same folder; 409 when the name is taken. A file moves by a hard
 * link and an unlink, which fails atomically when the name appeared meanwhile; a folder or link by a rename after
 * the check (Node has no rename that refuses to replace).
 */
export function renameEntry(root: string, raw: string, rawName: string): Change<FileEntry> {
  const segments = entrySegments(raw)
  const name = checkedName(rawName)
  return async () => {
    const entry = await existingEntry(root, segments)
    const target = join(entry.folder, name)
    if (name !== entry.name) {
      // A name differing only in case or accents' form may be the same entry on some file systems: then rename.
      const taken = await lstat(target).catch(() => null)
      const same = taken && (await lstat(entry.full)).ino === taken.ino
      if (taken && !same) throw new HttpError(409, MESSAGES.fileNameTaken)
      try {
        if (!entry.isFolder && !entry.isLink && !same) {
          await link(entry.full, target)
          await unlink(entry.full)
        } else {
          await rename(entry.full, target)
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'EEXIST' || code === 'ENOTEMPTY') throw new HttpError(409, MESSAGES.fileNameTaken)
        if (code === 'ENOENT') throw new HttpError(404, MESSAGES.fileNotFound)
        throw error
      }
    }
    const info = await stat(target)
    const changed = name !== entry.name
    return {
      body: {
        fileName: name,
        type: info.isDirectory() ? 'Directory' : 'File',
        size: info.isDirectory() ? 0 : info.size,
        modifiedAt: info.mtime.toISOString(),
      },
      // The same name again changes nothing, and nothing is recorded.
      audit: changed
        ? {
            type: 'renameFile',
            extras: { filePath: entry.relative, isFolder: String(entry.isFolder), newFileName: name },
          }
        : undefined,
    }
  }
}

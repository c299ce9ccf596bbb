/**
 * Files under FILES_ROOT (spec §4 Files; DESIGN §3, §6; issue 9): the listing of one folder and the file a download
 * streams, with its headers and an optional single byte range. Every path goes through `resolveInside`, so nothing
 * outside the root is listed or read; a missing root is an empty listing.
 */
import { readdir, realpath, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { FileEntry } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { HttpError } from '../lib/http-error'
import { isInside, pathSegments, realRoot, resolveInside, UnsafePathError } from '../lib/safe-path'
import { isUploadPart } from './file-writes'

const collator = new Intl.Collator('hu', { numeric: true, sensitivity: 'base' })

function refused(error: unknown, missing: string): never {
  if (error instanceof UnsafePathError) {
    throw new HttpError(
      error.problem === 'invalid' ? 400 : 404,
      error.problem === 'invalid' ? MESSAGES.filePathInvalid : missing,
    )
  }
  throw error
}

/** Folders first, then by name in Hungarian order ('Ábel' beside 'Abel', 'fájl2' before 'fájl10'). */
export function compareEntries(a: FileEntry, b: FileEntry): number {
  if (a.type !== b.type) return a.type === 'Directory' ? -1 : 1
  return (
    collator.compare(a.fileName, b.fileName) ||
    (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0)
  )
}

/** GET /files?path=: the entries of one folder. Entries whose real location is outside the root are left out. */
export async function listFiles(root: string, raw: string): Promise<FileEntry[]> {
  const base = await realRoot(root)
  if (!base) {
    if (pathSegments(raw) === null) throw new HttpError(400, MESSAGES.filePathInvalid)
    if (pathSegments(raw)!.length === 0) return []
    throw new HttpError(404, MESSAGES.folderNotFound)
  }
  let folder: string
  try {
    folder = await resolveInside(base, raw)
  } catch (error) {
    refused(error, MESSAGES.folderNotFound)
  }
  if (!(await stat(folder)).isDirectory()) throw new HttpError(404, MESSAGES.folderNotFound)
  // An upload's part (file-writes.ts) is half a file: never listed.
  const dirents = (await readdir(folder, { withFileTypes: true })).filter(
    (dirent) => !isUploadPart(dirent.name),
  )
  const entries = await Promise.all(
    dirents.map(async (dirent): Promise<FileEntry | null> => {
      const full = join(folder, dirent.name)
      try {
        if (dirent.isSymbolicLink() && !isInside(base, await realpath(full))) return null
        const info = await stat(full)
        if (!info.isDirectory() && !info.isFile()) return null
        return {
          fileName: dirent.name,
          type: info.isDirectory() ? 'Directory' : 'File',
          size: info.isDirectory() ? 0 : info.size,
          modifiedAt: info.mtime.toISOString(),
        }
      } catch {
        return null // a broken link or an entry removed meanwhile
      }
    }),
  )
  return entries.filter((entry): entry is FileEntry => entry !== null).sort(compareEntries)
}

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
}

/** The Content-Type by extension; anything unknown is application/octet-stream (always sent as an attachment). */
export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * `attachment` with an ASCII fallback (accents dropped, anything else `_`) and the exact UTF-8 name (RFC 5987/6266):
 * 'Órarend – ősz.pdf' → `filename="Orarend _ osz.pdf"; filename*=UTF-8''%C3%93rarend%20%E2%80%93%20%C5%91sz.pdf`.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

export type ByteRange = { start: number; end: number }

/**
 * One `bytes=` range of a file of `size` bytes: the range, 'unsatisfiable' (416), or null to send the whole file
 * (no header, a malformed one, or several ranges — RFC 9110 lets a server ignore Range).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, from, to] = match
  if (from === '' && to === '') return null
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (to !== '' && Number(to) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

export interface DownloadPlan {
  file: string
  fileName: string
  size: number
  modifiedAt: Date
  range: ByteRange | 'unsatisfiable' | null
}

/** GET /files/file?path=: the real file to stream and the range asked for. */
export async function fileForDownload(
  root: string,
  raw: string,
  rangeHeader: string | undefined,
): Promise<DownloadPlan> {
  const segments = pathSegments(raw)
  if (segments === null) throw new HttpError(400, MESSAGES.filePathInvalid)
  if (segments.length === 0 || segments.some(isUploadPart)) throw new HttpError(404, MESSAGES.fileNotFound)
  let file: string
  try {
    file = await resolveInside(root, raw)
  } catch (error) {
    refused(error, MESSAGES.fileNotFound)
  }
  const info = await stat(file)
  if (!info.isFile()) throw new HttpError(404, MESSAGES.fileNotFound)
  return {
    file,
    fileName: segments[segments.length - 1]!,
    size: info.size,
    modifiedAt: info.mtime,
    range: parseRange(rangeHeader, info.size),
  }
}

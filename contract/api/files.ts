/**
 * Files (spec §3 File entry, §4 Files, §7; DESIGN §3, §6; issue 9). Every path is relative to the server's
 * `FILES_ROOT`; '' or '/' is the root. Listing and download are read-only; nothing outside the root is ever read.
 */
import { Type, type Static } from '@sinclair/typebox'

/** Longest accepted `path` query value (characters). */
export const FILE_PATH_MAX = 4096

export const FileEntryType = Type.Union([Type.Literal('Directory'), Type.Literal('File')])
export type FileEntryType = Static<typeof FileEntryType>

export const FileEntry = Type.Object({
  fileName: Type.String(),
  type: FileEntryType,
  /** Bytes; 0 for a folder. */
  size: Type.Integer({ minimum: 0 }),
  /** ISO timestamp of the last change. */
  modifiedAt: Type.String(),
})
export type FileEntry = Static<typeof FileEntry>

/** GET /files?path=: folders first, then by name in Hungarian order. */
export const FilesResponse = Type.Object({ files: Type.Array(FileEntry) })
export type FilesResponse = Static<typeof FilesResponse>

/** The query of GET /files and GET /files/file. */
export const FilesQuery = Type.Object({ path: Type.Optional(Type.String({ maxLength: FILE_PATH_MAX })) })
export type FilesQuery = Static<typeof FilesQuery>

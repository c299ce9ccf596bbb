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

/**
 * Longest file or folder name in UTF-8 bytes (ext4 and most file systems allow 255). Names are checked like one
 * path segment: no `/`, `\`, NUL or control characters, not `.`, `..` or dots only.
 */
export const FILE_NAME_MAX_BYTES = 255

/** Default of the server's UPLOAD_MAX_MB: the largest file one upload may carry. */
export const UPLOAD_MAX_MB_DEFAULT = 200

/**
 * POST /files/upload?path=<folder>[&overwrite=1]: one multipart file part (its filename is the new file's name),
 * streamed to disk. An existing name is 409 unless `overwrite=1` (sent after the user confirmed); a folder is never
 * replaced. Answers 201 with the new entry; 413 over UPLOAD_MAX_MB.
 */
export const UploadQuery = Type.Object({
  path: Type.Optional(Type.String({ maxLength: FILE_PATH_MAX })),
  overwrite: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
})
export type UploadQuery = Static<typeof UploadQuery>

/** POST /files/folder: a new folder `name` inside `path` ('' is the root). 201 with the entry; 409 when taken. */
export const CreateFolderBody = Type.Object(
  {
    path: Type.String({ maxLength: FILE_PATH_MAX }),
    name: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
)
export type CreateFolderBody = Static<typeof CreateFolderBody>

/**
 * DELETE /files?path=<entry> (issue 18, uploadFile): removes one file, or one empty folder (a non-empty folder is
 * 409). The root, an upload's part and anything outside FILES_ROOT cannot be removed; a symlink is removed itself,
 * never what it points to. Answers 200 `{code, message}`; audited as 'deleteFile'.
 */
export const DeleteFileQuery = Type.Object({ path: Type.String({ minLength: 1, maxLength: FILE_PATH_MAX }) })
export type DeleteFileQuery = Static<typeof DeleteFileQuery>

/**
 * POST /files/rename (issue 18, uploadFile): gives the entry at `path` the new `name` in the same folder (the same
 * name rules as upload and new folder). 409 when the name is taken; answers 200 with the renamed entry; audited as
 * 'renameFile'.
 */
export const RenameFileBody = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: FILE_PATH_MAX }),
    name: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
)
export type RenameFileBody = Static<typeof RenameFileBody>

/**
 * The client's check of a new folder's name, the server's rules (server/lib/safe-path.ts `isSafeName`) in short:
 * not empty or dots only, no `/`, `\` or control characters, at most FILE_NAME_MAX_BYTES UTF-8 bytes.
 */
export function isValidEntryName(name: string): boolean {
  if (name === '' || /^\.+$/.test(name) || /[/\\]/.test(name)) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return false
  return new TextEncoder().encode(name).length <= FILE_NAME_MAX_BYTES
}

/**
 * Fájlok (issue 9, 18): GET /files?path= (the listing of one folder) and GET /files/file?path= (one file as a Blob);
 * the writes, all online-only, after each of which the folder listings refetch: POST /files/upload?path= (multipart,
 * one file a request, XHR for progress; the screen's queue of uploads is use-uploads.ts), POST /files/folder,
 * DELETE /files?path= and POST /files/rename.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { CreateFolderBody, FileEntry, FilesResponse, MessageBody, RenameFileBody } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { MESSAGES } from '@contract/messages'
import { ApiError, apiDownload, apiRequest, apiUpload } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-file'
import { writeMutation } from '@/lib/write-mutation'

export interface FilesData {
  files: FileEntry[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

export async function getFiles(path: string, signal?: AbortSignal): Promise<FilesData> {
  const { data, date } = await apiRequest<FilesResponse>(`/files?path=${encodeURIComponent(path)}`, {
    signal,
  })
  return { files: Array.isArray(data?.files) ? data.files : [], date }
}

export const filesQuery = (path: string) =>
  queryOptions({
    queryKey: queryKeyOf('files', path),
    queryFn: ({ signal }) => getFiles(path, signal),
    staleTime: 60_000,
  })

export function useFiles(path: string) {
  return useQuery(filesQuery(path))
}

/** Fetches the file with the session token and hands it to the browser as a download under its own name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await apiDownload(`/files/file?path=${encodeURIComponent(path)}`)
  saveBlob(fileName, blob)
}

/** Every folder's listing (the query keys are ['files', path]). */
export const ALL_FOLDERS = queryKeyOf('files')

export function uploadPath(folder: string, overwrite: boolean): string {
  return `/files/upload?path=${encodeURIComponent(folder)}${overwrite ? '&overwrite=1' : ''}`
}

/** Sends one file into `folder`; resolves with the new entry. */
export async function uploadFile(
  folder: string,
  file: File,
  options: { overwrite: boolean; onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
): Promise<FileEntry> {
  const form = new FormData()
  form.append('file', file, file.name)
  const { data } = await apiUpload<FileEntry>(uploadPath(folder, options.overwrite), form, options)
  return data
}

/** The toast of a failed upload: the server's Hungarian message when it gave one (413 carries the limit). */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message
  return MESSAGES.uploadFailed
}

const createFolderOptions = writeMutation<FileEntry, CreateFolderBody>({
  mutationFn: async (body) => (await apiRequest<FileEntry>('/files/folder', { method: 'POST', body })).data,
  invalidates: [ALL_FOLDERS],
})

export function useCreateFolder() {
  return useMutation(createFolderOptions)
}

/** DELETE /files?path= (issue 18): one file or empty folder; online only, then the listings refetch. */
const deleteEntryOptions = writeMutation<MessageBody, { path: string }>({
  mutationFn: async ({ path }) =>
    (await apiRequest<MessageBody>(`/files?path=${encodeURIComponent(path)}`, { method: 'DELETE' })).data,
  invalidates: [ALL_FOLDERS],
})

export function useDeleteEntry() {
  return useMutation(deleteEntryOptions)
}

/** POST /files/rename (issue 18): the entry's new name in its folder; online only, then the listings refetch. */
const renameEntryOptions = writeMutation<FileEntry, RenameFileBody>({
  mutationFn: async (body) => (await apiRequest<FileEntry>('/files/rename', { method: 'POST', body })).data,
  invalidates: [ALL_FOLDERS],
})

export function useRenameEntry() {
  return useMutation(renameEntryOptions)
}

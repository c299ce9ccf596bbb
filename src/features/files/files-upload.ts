/**
 * Upload and create folder (issue 9): POST /files/upload?path= (multipart, one file a request, XHR for progress)
 * and POST /files/folder. Both are online-only writes; after each the folder listings refetch.
 *
 * `useUploads` keeps one item a file: its progress, a cancel, and — when the name is taken in the folder (seen in
 * the listing before sending, or a 409 from the server) — a question 'Felülírod?' that sends it again with
 * `overwrite=1` once the user confirms.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { CreateFolderBody, FileEntry, MessageBody, RenameFileBody } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { MESSAGES } from '@contract/messages'
import { ApiError, apiRequest, apiUpload } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { randomId } from '@/lib/random-id'
import { writeMutation } from '@/lib/write-mutation'

/** Every folder's listing (the query keys are ['files', path]). */
const ALL_FOLDERS = queryKeyOf('files')

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

export type UploadStatus = 'uploading' | 'conflict'

export interface UploadItem {
  id: string
  name: string
  folder: string
  loaded: number
  total: number
  status: UploadStatus
}

interface Running {
  file: File
  controller: AbortController | null
}

/**
 * The uploads in progress. `start(folder, files, existing)` sends each file (asking first when `existing` already
 * has its name); `cancel(id)` stops one; `confirmOverwrite(id)` / `skip(id)` answer the question of a conflict.
 */
export function useUploads() {
  const client = useQueryClient()
  const [items, setItems] = useState<UploadItem[]>([])
  const running = useRef(new Map<string, Running>())

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)))
  }, [])
  const remove = useCallback((id: string) => {
    running.current.delete(id)
    setItems((current) => current.filter((item) => item.id !== id))
  }, [])

  const send = useCallback(
    async (id: string, folder: string, overwrite: boolean) => {
      const entry = running.current.get(id)
      if (!entry) return
      const controller = new AbortController()
      entry.controller = controller
      patch(id, { status: 'uploading', loaded: 0 })
      try {
        await uploadFile(folder, entry.file, {
          overwrite,
          signal: controller.signal,
          onProgress: (loaded, total) => patch(id, { loaded, total }),
        })
        remove(id)
        notify.success(`${MESSAGES.uploadSucceeded} (${entry.file.name})`)
        void client.invalidateQueries({ queryKey: ALL_FOLDERS })
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          remove(id)
          notify.info(`${MESSAGES.uploadCancelled} (${entry.file.name})`)
        } else if (error instanceof ApiError && error.status === 409 && !overwrite) {
          entry.controller = null
          patch(id, { status: 'conflict' })
        } else {
          remove(id)
          notify.error(uploadErrorMessage(error))
          // A 409 even with overwrite (a folder of that name appeared): the listing shows why.
          if (error instanceof ApiError) void client.invalidateQueries({ queryKey: ALL_FOLDERS })
        }
      }
    },
    [client, patch, remove],
  )

  const start = useCallback(
    (folder: string, files: readonly File[], existing: readonly FileEntry[]) => {
      for (const file of files) {
        const id = randomId()
        const taken = existing.find((entry) => entry.fileName === file.name)
        if (taken?.type === 'Directory') {
          notify.error(MESSAGES.fileNameTaken)
          continue
        }
        running.current.set(id, { file, controller: null })
        const item: UploadItem = {
          id,
          name: file.name,
          folder,
          loaded: 0,
          total: file.size,
          status: taken ? 'conflict' : 'uploading',
        }
        setItems((current) => [...current, item])
        if (!taken) void send(id, folder, false)
      }
    },
    [send],
  )

  const cancel = useCallback((id: string) => running.current.get(id)?.controller?.abort(), [])

  const confirmOverwrite = useCallback(
    (id: string) => {
      const item = items.find((candidate) => candidate.id === id)
      if (item) void send(id, item.folder, true)
    },
    [items, send],
  )

  return { items, start, cancel, confirmOverwrite, skip: remove }
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

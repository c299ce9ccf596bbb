/**
 * The uploads of Fájlok (issue 9): one item a file, with its progress, a cancel, and — when the name is taken in the
 * folder (seen in the listing before sending, or a 409 from the server) — a question 'Felülírod?' that sends it again
 * with `overwrite=1` once the user confirms. The requests are in api/files.ts.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { FileEntry } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { randomId } from '@/lib/random-id'
import { ALL_FOLDERS, uploadErrorMessage, uploadFile } from './api/files'

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

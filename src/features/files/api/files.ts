/** GET /files?path= (the listing of one folder) and GET /files/file?path= (one file as a Blob). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FileEntry, FilesResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiDownload, apiRequest } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-file'

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

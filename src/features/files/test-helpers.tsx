/** Test-only helpers of the Fájlok screen tests: an entry, a root listing that can change, the screen as a user type. */
import { http, HttpResponse } from 'msw'
import type { FileEntry } from '@contract/api'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import FilesScreen from './files-screen'

export const entry = (fileName: string, type: FileEntry['type'] = 'File'): FileEntry => ({
  fileName,
  type,
  size: type === 'Directory' ? 0 : 10,
  modifiedAt: '2026-09-01T08:00:00.000Z',
})

/** Serves a root listing that `files` can change; returns how often it was asked. */
export function serveRoot(files: FileEntry[]) {
  const state = { files, asked: 0 }
  server.use(
    http.get(`${API}/files`, () => {
      state.asked++
      return HttpResponse.json({ files: state.files })
    }),
  )
  return state
}

/** Fájlok as an administrator (with uploadFile) or a teacher (without). */
export function renderAs(type: 'admin' | 'teacher') {
  server.use(dashboardHandler(buildDashboard({ type })), userSettingsHandler())
  return renderWithProviders(<FilesScreen />, { withSettings: true })
}

import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FileEntry } from '@contract/api'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import { formatSize, parentPath } from './file-format'
import FilesScreen from './files-screen'

stubScrollArea()
// A teacher: listing and download only (upload and create folder: files-upload.test.tsx). The screen renders inside
// the SettingsProvider, as in the app: useFeature applies the preview settings.
beforeEach(() => server.use(dashboardHandler(buildDashboard({ type: 'teacher' })), userSettingsHandler()))
afterEach(() => {
  vi.restoreAllMocks()
})

const entry = (fileName: string, type: FileEntry['type'] = 'File', size = 1536): FileEntry => ({
  fileName,
  type,
  size: type === 'Directory' ? 0 : size,
  modifiedAt: '2026-09-01T08:00:00.000Z',
})

const ROOT = [
  entry('Mappa', 'Directory'),
  entry('.rejtett'),
  entry('Órarend – ősz.pdf'),
  entry('alma.txt', 'File', 4),
]
const FOLDER = [entry('beágyazott.txt')]

/** Serves the root and 'Mappa'; returns the paths asked for. */
function serveFiles(byPath: Record<string, FileEntry[]> = { '': ROOT, Mappa: FOLDER }) {
  const asked: string[] = []
  server.use(
    http.get(`${API}/files`, ({ request }) => {
      const path = new URL(request.url).searchParams.get('path') ?? ''
      asked.push(path)
      const files = byPath[path]
      return files
        ? HttpResponse.json({ files })
        : HttpResponse.json({ code: 404, message: 'x' }, { status: 404 })
    }),
  )
  return asked
}

const names = () =>
  screen
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent)

describe('Fájlok', () => {
  it('shows "Fájlok betöltése..." while loading', async () => {
    server.use(http.get(`${API}/files`, () => new Promise<Response>(() => {})))
    renderWithProviders(<FilesScreen />, { withSettings: true })
    expect(await screen.findByText('Fájlok betöltése...')).toBeInTheDocument()
  })

  it('shows the error message when the list fails', async () => {
    server.use(
      http.get(`${API}/files`, () => HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })),
    )
    renderWithProviders(<FilesScreen />, { withSettings: true })
    expect(await screen.findByText('Hiba történt a fájlok betöltése közben.')).toBeInTheDocument()
  })

  it('shows the empty state without a search', async () => {
    serveFiles({ '': [] })
    renderWithProviders(<FilesScreen />, { withSettings: true })
    expect(await screen.findByText('Nincsenek fájlok')).toBeInTheDocument()
    expect(screen.getByText('Még nem került egyetlen fájl sem feltöltésre.')).toBeInTheDocument()
  })

  it('lists the root with hidden files off, the count, sizes in Hungarian; the toggle shows dot-files', async () => {
    const asked = serveFiles()
    const { user } = renderWithProviders(<FilesScreen />, { withSettings: true })
    await screen.findByRole('table', { name: 'Fájlok' })
    expect(asked).toEqual([''])
    expect(names()).toEqual(['Mappa', 'Órarend – ősz.pdf', 'alma.txt'])
    expect(screen.getByText('1 mappa, 2 fájl')).toBeInTheDocument()
    expect(screen.getAllByText('1,5 kB')).toHaveLength(1)
    expect(screen.getByText('4 B')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Vissza' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Letöltés: Mappa' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Rejtett fájlok' }))
    await waitFor(() => expect(names()).toContain('.rejtett'))
    expect(screen.getByText('1 mappa, 3 fájl')).toBeInTheDocument()
  })

  it('searches by file name, with the search empty state', async () => {
    serveFiles()
    const { user } = renderWithProviders(<FilesScreen />, { withSettings: true })
    await screen.findByRole('table', { name: 'Fájlok' })
    const search = screen.getByRole('searchbox', { name: 'Keresés fájlnév alapján' })
    await user.type(search, 'ÓRAREND')
    await waitFor(() => expect(names()).toEqual(['Órarend – ősz.pdf']))
    await user.clear(search)
    await user.type(search, 'nincs ilyen')
    expect(
      await screen.findByText('Nem található fájl a megadott keresési feltételekkel.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Nincsenek fájlok')).toBeInTheDocument()
  })

  it('opens a folder by appending its name, and "Vissza" returns to the parent', async () => {
    const asked = serveFiles()
    const { user } = renderWithProviders(<FilesScreen />, { withSettings: true })
    await screen.findByRole('table', { name: 'Fájlok' })
    await user.click(screen.getByRole('button', { name: 'Mappa' }))
    await waitFor(() => expect(names()).toEqual(['beágyazott.txt']))
    expect(asked).toEqual(['', 'Mappa'])
    expect(screen.getByTestId('current-folder')).toHaveTextContent('/Mappa')
    await user.click(screen.getByRole('button', { name: 'Vissza' }))
    await waitFor(() => expect(names()).toEqual(['Mappa', 'Órarend – ősz.pdf', 'alma.txt']))
    expect(screen.queryByRole('button', { name: 'Vissza' })).not.toBeInTheDocument()
  })

  it('downloads a file with the token through an object URL under its own name', async () => {
    serveFiles()
    localStorage.setItem('token', 'tok-123')
    const requests: { path: string | null; auth: string | null }[] = []
    server.use(
      http.get(`${API}/files/file`, ({ request }) => {
        requests.push({
          path: new URL(request.url).searchParams.get('path'),
          auth: request.headers.get('authorization'),
        })
        return new HttpResponse('bytes', { headers: { 'Content-Type': 'application/pdf' } })
      }),
    )
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:fajl')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download}|${this.getAttribute('href')}`)
    })
    const { user } = renderWithProviders(<FilesScreen />, { withSettings: true })
    await screen.findByRole('table', { name: 'Fájlok' })
    await user.click(screen.getByRole('button', { name: 'Letöltés: Órarend – ősz.pdf' }))
    await waitFor(() => expect(clicked).toEqual(['Órarend – ősz.pdf|blob:fajl']))
    expect(requests).toEqual([{ path: 'Órarend – ősz.pdf', auth: 'tok-123' }])
    expect(created).toHaveBeenCalledOnce()
    localStorage.removeItem('token')
  })

  it('tells the user when a download fails', async () => {
    serveFiles()
    server.use(
      http.get(`${API}/files/file`, () => HttpResponse.json({ code: 404, message: 'x' }, { status: 404 })),
    )
    const { user } = renderWithProviders(<FilesScreen />, { withSettings: true })
    await screen.findByRole('table', { name: 'Fájlok' })
    await user.click(screen.getByRole('button', { name: 'Letöltés: alma.txt' }))
    expect(await screen.findByText('Hiba történt a fájl letöltése közben.')).toBeInTheDocument()
  })
})

describe('file format helpers', () => {
  it('formats sizes and parents', () => {
    expect(formatSize(0)).toBe('0 B')
    expect(formatSize(1536)).toBe('1,5 kB')
    expect(formatSize(200 * 1024 * 1024)).toBe('200 MB')
    expect(parentPath('a/b/c')).toBe('a/b')
    expect(parentPath('a')).toBe('')
  })
})

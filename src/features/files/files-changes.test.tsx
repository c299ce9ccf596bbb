/**
 * Fájlok rename and delete (issue 18), with MSW: the row menu only for `uploadFile`, its items disabled offline with
 * the online-only hint, the rename dialog (starts from the current name, checks it, the server's 409 under the field,
 * success toast and refreshed list), and the delete confirmation naming the entry (the server's 409 for a non-empty
 * folder as a toast), all by keyboard.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { API, server } from '@/test/msw'
import { stubScrollArea } from '@/test/scroll-area'
import { RENAME_REQUIRED } from './components/rename-dialog'
import { entry, renderAs, serveRoot } from './test-helpers'

stubScrollArea()
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

async function ready() {
  await screen.findByText(/^(\d+ mappa, )?\d+ fájl$/)
}

describe('Fájlok: rename and delete', () => {
  it('shows no row menu to a teacher (no uploadFile)', async () => {
    serveRoot([entry('alma.txt'), entry('Mappa', 'Directory')])
    renderAs('teacher')
    await screen.findByRole('table', { name: 'Fájlok' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: /^Műveletek:/ })).not.toBeInTheDocument()
  })

  it('renames a file by keyboard: starts from its name, checks it, shows a 409 under the field, then succeeds', async () => {
    const root = serveRoot([entry('Mappa', 'Directory'), entry('vazlat.txt')])
    const bodies: { path: string; name: string }[] = []
    server.use(
      http.post(`${API}/files/rename`, async ({ request }) => {
        const body = (await request.json()) as { path: string; name: string }
        bodies.push(body)
        if (body.name === 'Mappa')
          return HttpResponse.json({ code: 409, message: MESSAGES.fileNameTaken }, { status: 409 })
        root.files = [entry('Mappa', 'Directory'), entry(body.name)]
        return HttpResponse.json(entry(body.name))
      }),
    )
    const { user } = renderAs('admin')
    await ready()
    screen.getByRole('button', { name: 'Műveletek: vazlat.txt' }).focus()
    await user.keyboard('{Enter}')
    const item = await screen.findByRole('menuitem', { name: /Átnevezés/ })
    // The menu opened by Enter highlights its first item; Enter chooses it.
    await waitFor(() => expect(item).toHaveAttribute('data-highlighted'))
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Fájl átnevezése' })
    const input = within(dialog).getByRole('textbox', { name: 'Új név' })
    expect(input).toHaveValue('vazlat.txt')
    // The name before the extension is selected: typing keeps '.txt'.
    await waitFor(() =>
      expect([(input as HTMLInputElement).selectionStart, (input as HTMLInputElement).selectionEnd]).toEqual([
        0, 6,
      ]),
    )
    await user.clear(input)
    await user.click(within(dialog).getByRole('button', { name: 'Átnevezés' }))
    expect(await within(dialog).findByText(RENAME_REQUIRED)).toBeInTheDocument()
    await user.type(input, 'Mappa')
    await user.keyboard('{Enter}')
    expect(await within(dialog).findByText(MESSAGES.fileNameTaken)).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'Témazáró.txt{Enter}')
    expect(await screen.findByText(MESSAGES.fileRenamed)).toBeInTheDocument()
    expect(bodies).toEqual([
      { path: 'vazlat.txt', name: 'Mappa' },
      { path: 'vazlat.txt', name: 'Témazáró.txt' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByRole('cell', { name: /Témazáró\.txt/ })).toBeInTheDocument()
  })

  it('deletes a file after a confirmation naming it, and refreshes the list', async () => {
    const root = serveRoot([entry('Mappa', 'Directory'), entry('regi.txt')])
    const deleted: (string | null)[] = []
    server.use(
      http.delete(`${API}/files`, ({ request }) => {
        const path = new URL(request.url).searchParams.get('path')
        deleted.push(path)
        root.files = [entry('Mappa', 'Directory')]
        return HttpResponse.json({ code: 200, message: MESSAGES.fileDeleted })
      }),
    )
    const { user } = renderAs('admin')
    await ready()
    await user.click(screen.getByRole('button', { name: 'Műveletek: regi.txt' }))
    await user.click(await screen.findByRole('menuitem', { name: /Törlés/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Fájl törlése' })
    expect(within(dialog).getByText('regi.txt')).toBeInTheDocument()
    expect(deleted).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Törlés' }))
    expect(await screen.findByText(MESSAGES.fileDeleted)).toBeInTheDocument()
    expect(deleted).toEqual(['regi.txt'])
    await waitFor(() => expect(screen.queryByRole('cell', { name: /regi\.txt/ })).not.toBeInTheDocument())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it("says why a non-empty folder stays (the server's 409) and sends nothing on 'Mégsem'", async () => {
    serveRoot([entry('Teli', 'Directory')])
    let calls = 0
    server.use(
      http.delete(`${API}/files`, () => {
        calls++
        return HttpResponse.json({ code: 409, message: MESSAGES.folderNotEmpty }, { status: 409 })
      }),
    )
    const { user } = renderAs('admin')
    await ready()
    await user.click(screen.getByRole('button', { name: 'Műveletek: Teli' }))
    await user.click(await screen.findByRole('menuitem', { name: /Törlés/ }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Mappa törlése' })
    await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Műveletek: Teli' }))
    await user.click(await screen.findByRole('menuitem', { name: /Törlés/ }))
    dialog = await screen.findByRole('alertdialog', { name: 'Mappa törlése' })
    await user.click(within(dialog).getByRole('button', { name: 'Törlés' }))
    expect(await screen.findByText(MESSAGES.folderNotEmpty)).toBeInTheDocument()
    expect(calls).toBe(1)
  })

  it('disables Átnevezés and Törlés offline, with the online-only hint', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    serveRoot([entry('alma.txt')])
    const { user } = renderAs('admin')
    await ready()
    expect(screen.getByText(MESSAGES.filesWritesOffline)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Műveletek: alma.txt' }))
    expect(await screen.findByRole('menuitem', { name: /Átnevezés/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(screen.getByRole('menuitem', { name: /Törlés/ })).toHaveAttribute('aria-disabled', 'true')
    await user.keyboard('{Escape}')
    act(() => {
      vi.stubGlobal('navigator', { ...navigator, onLine: true })
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(screen.queryByText(MESSAGES.filesWritesOffline)).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Műveletek: alma.txt' }))
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /Átnevezés/ })).not.toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    )
  })
})

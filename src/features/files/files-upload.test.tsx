/**
 * Fájlok upload and create folder (issue 9), with MSW: the buttons only for `uploadFile`, progress and cancel, the
 * question 'Felülírod?' before replacing (a name in the listing, or the server's 409), the toasts of success and of
 * every failure (413 with the limit, 403, other), dropping files on the list, the offline hint, and 'Új mappa'.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES, uploadTooLargeMessage } from '@contract/messages'
import { API, server } from '@/test/msw'
import { stubScrollArea } from '@/test/scroll-area'
import { FOLDER_NAME_INVALID, FOLDER_NAME_REQUIRED } from './components/new-folder-dialog'
import { entry, renderAs, serveRoot } from './test-helpers'

stubScrollArea()
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

interface Sent {
  path: string | null
  overwrite: string | null
  name: string | null
}

/** Records the uploads and answers each with `answer`. */
function serveUpload(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = []
  server.use(
    http.post(`${API}/files/upload`, async ({ request }) => {
      const url = new URL(request.url)
      const form = await request.formData()
      const file = form.get('file')
      const record = {
        path: url.searchParams.get('path'),
        overwrite: url.searchParams.get('overwrite'),
        name: file instanceof File ? file.name : null,
      }
      sent.push(record)
      return answer(record)
    }),
  )
  return sent
}

const file = (name: string, text = 'tartalom') => new File([text], name, { type: 'text/plain' })

/** The listing has arrived (its count shows) and, for an administrator, the upload button. */
async function ready() {
  await screen.findByText(/^(\d+ mappa, )?\d+ fájl$/)
  return screen.findByRole('button', { name: /Feltöltés/ })
}

describe('Fájlok: upload and create folder', () => {
  it('shows Feltöltés and Új mappa to an administrator only', async () => {
    serveRoot([entry('alma.txt')])
    renderAs('admin')
    expect(await ready()).toBeEnabled()
    expect(screen.getByRole('button', { name: /Új mappa/ })).toBeEnabled()
  })

  it('shows neither to a teacher (no uploadFile)', async () => {
    serveRoot([entry('alma.txt')])
    renderAs('teacher')
    await screen.findByRole('table', { name: 'Fájlok' })
    // The dashboard has answered once the features are known; the buttons never appear.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: /Feltöltés/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Új mappa/ })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Feltöltendő fájlok')).not.toBeInTheDocument()
  })

  it('uploads a chosen file into the current folder, toasts success and refreshes the list', async () => {
    const root = serveRoot([entry('alma.txt')])
    const sent = serveUpload(() => {
      root.files = [entry('alma.txt'), entry('uj-fajl.txt')]
      return HttpResponse.json(entry('uj-fajl.txt'), { status: 201 })
    })
    const { user } = renderAs('admin')
    await ready()
    // (happy-dom's multipart reads a file name as Latin-1, so an ASCII name here; the e2e sends an accented one.)
    await user.upload(screen.getByLabelText('Feltöltendő fájlok'), file('uj-fajl.txt'))
    expect(await screen.findByText(`${MESSAGES.uploadSucceeded} (uj-fajl.txt)`)).toBeInTheDocument()
    expect(sent).toEqual([{ path: '', overwrite: null, name: 'uj-fajl.txt' }])
    await waitFor(() => expect(screen.getByRole('cell', { name: /uj-fajl\.txt/ })).toBeInTheDocument())
    expect(root.asked).toBeGreaterThanOrEqual(2)
  })

  it('shows a progress bar per file with a cancel that stops it', async () => {
    serveRoot([])
    serveUpload(() => new Promise<Response>(() => {}))
    const { user } = renderAs('admin')
    await ready()
    await user.upload(screen.getByLabelText('Feltöltendő fájlok'), [file('egy.txt'), file('ketto.txt')])
    const uploads = await screen.findByRole('list', { name: 'Feltöltések' })
    expect(within(uploads).getByRole('progressbar', { name: 'Feltöltés: egy.txt' })).toBeInTheDocument()
    expect(within(uploads).getByRole('progressbar', { name: 'Feltöltés: ketto.txt' })).toBeInTheDocument()
    expect(within(uploads).getAllByText('0%')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Mégsem: egy.txt feltöltésének megszakítása' }))
    expect(await screen.findByText(`${MESSAGES.uploadCancelled} (egy.txt)`)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Feltöltés: egy.txt' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('progressbar', { name: 'Feltöltés: ketto.txt' })).toBeInTheDocument()
  })

  it("asks 'Felülírod?' on the server's 409 and sends again with overwrite=1 once confirmed", async () => {
    serveRoot([])
    const sent = serveUpload(({ overwrite }) =>
      overwrite === '1'
        ? HttpResponse.json(entry('alma.txt'), { status: 201 })
        : HttpResponse.json({ code: 409, message: MESSAGES.fileNameTaken }, { status: 409 }),
    )
    const { user } = renderAs('admin')
    await ready()
    await user.upload(screen.getByLabelText('Feltöltendő fájlok'), file('alma.txt'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Felülírod?' })
    expect(
      within(dialog).getByText('Ebben a mappában már van ilyen nevű fájl. Felülírod?'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('alma.txt')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Felülírás' }))
    expect(await screen.findByText(`${MESSAGES.uploadSucceeded} (alma.txt)`)).toBeInTheDocument()
    expect(sent.map((s) => s.overwrite)).toEqual([null, '1'])
  })

  it('asks before sending a name the folder already shows; Mégsem sends nothing', async () => {
    serveRoot([entry('alma.txt')])
    const sent = serveUpload(() => HttpResponse.json(entry('alma.txt'), { status: 201 }))
    const { user } = renderAs('admin')
    await ready()
    await user.upload(screen.getByLabelText('Feltöltendő fájlok'), file('alma.txt'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Felülírod?' })
    await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(sent).toEqual([])
  })

  it('refuses a file named like a folder of the listing without sending it', async () => {
    serveRoot([entry('Mappa', 'Directory')])
    const sent = serveUpload(() => HttpResponse.json(entry('Mappa'), { status: 201 }))
    const { user } = renderAs('admin')
    await ready()
    await user.upload(screen.getByLabelText('Feltöltendő fájlok'), file('Mappa'))
    expect(await screen.findByText(MESSAGES.fileNameTaken)).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it('toasts a failure when the server cannot be reached', async () => {
    serveRoot([])
    serveUpload(() => HttpResponse.error())
    const { user } = renderAs('admin')
    await ready()
    // Another test's toast of the same text can outlive it (Chakra's toast store is module state): count new ones.
    const before = screen.queryAllByText(MESSAGES.uploadFailed).length
    await user.upload(screen.getByLabelText('Feltöltendő fájlok'), file('a.txt'))
    await waitFor(() => expect(screen.queryAllByText(MESSAGES.uploadFailed).length).toBeGreaterThan(before))
  })

  it.each([
    ['413 with the limit', 413, uploadTooLargeMessage(200), uploadTooLargeMessage(200)],
    ['403', 403, MESSAGES.forbidden, MESSAGES.forbidden],
    ['400 (a bad name)', 400, MESSAGES.fileNameInvalid, MESSAGES.fileNameInvalid],
    ['500', 500, 'Belső hiba.', MESSAGES.uploadFailed],
  ])('toasts the failure of a %s', async (_label, status, message, shown) => {
    serveRoot([])
    serveUpload(() => HttpResponse.json({ code: status, message }, { status }))
    const { user } = renderAs('admin')
    await ready()
    const before = screen.queryAllByText(shown).length
    await user.upload(screen.getByLabelText('Feltöltendő fájlok'), file('nagy.bin'))
    await waitFor(() => expect(screen.queryAllByText(shown).length).toBeGreaterThan(before))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('uploads files dropped on the list', async () => {
    serveRoot([entry('alma.txt')])
    const sent = serveUpload(({ name }) => HttpResponse.json(entry(name ?? ''), { status: 201 }))
    renderAs('admin')
    await ready()
    const zone = screen.getByTestId('files-drop-zone')
    const dataTransfer = { files: [file('ejtett.txt')], types: ['Files'], dropEffect: 'none' }
    fireEvent.dragOver(zone, { dataTransfer })
    expect(zone).toHaveAttribute('data-dragging')
    fireEvent.drop(zone, { dataTransfer })
    expect(await screen.findByText(`${MESSAGES.uploadSucceeded} (ejtett.txt)`)).toBeInTheDocument()
    expect(sent.map((s) => s.name)).toEqual(['ejtett.txt'])
    expect(zone).not.toHaveAttribute('data-dragging')
  })

  it('disables upload and create folder offline, with the hint', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    serveRoot([])
    renderAs('admin')
    expect(await ready()).toBeDisabled()
    expect(screen.getByRole('button', { name: /Új mappa/ })).toBeDisabled()
    expect(screen.getByText(MESSAGES.filesWritesOffline)).toBeInTheDocument()
    act(() => {
      vi.stubGlobal('navigator', { ...navigator, onLine: true })
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(screen.getByRole('button', { name: /Feltöltés/ })).toBeEnabled())
    expect(screen.queryByText(MESSAGES.filesWritesOffline)).not.toBeInTheDocument()
  })

  it("creates a folder with 'Új mappa': checks the name, toasts success, refreshes the list", async () => {
    const root = serveRoot([])
    const bodies: unknown[] = []
    server.use(
      http.post(`${API}/files/folder`, async ({ request }) => {
        const body = (await request.json()) as { name: string }
        bodies.push(body)
        root.files = [entry(body.name, 'Directory')]
        return HttpResponse.json(entry(body.name, 'Directory'), { status: 201 })
      }),
    )
    const { user } = renderAs('admin')
    await ready()
    await user.click(screen.getByRole('button', { name: /Új mappa/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Új mappa' })
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findByText(FOLDER_NAME_REQUIRED)).toBeInTheDocument()
    const input = within(dialog).getByRole('textbox', { name: 'Mappa neve' })
    await user.type(input, '..')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findByText(FOLDER_NAME_INVALID)).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'a/b')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findByText(FOLDER_NAME_INVALID)).toBeInTheDocument()
    expect(bodies).toEqual([])
    await user.clear(input)
    await user.type(input, ' Órarendek ')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await screen.findByText(MESSAGES.folderCreated)).toBeInTheDocument()
    expect(bodies).toEqual([{ path: '', name: 'Órarendek' }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Új mappa' })).not.toBeInTheDocument())
    expect(await screen.findByRole('button', { name: 'Órarendek' })).toBeInTheDocument()
  })

  it("shows the server's 409 under the folder name and a toast for other failures", async () => {
    serveRoot([])
    let status = 409
    server.use(
      http.post(`${API}/files/folder`, () =>
        HttpResponse.json(
          { code: status, message: status === 409 ? MESSAGES.fileNameTaken : 'x' },
          { status },
        ),
      ),
    )
    const { user } = renderAs('admin')
    await ready()
    await user.click(screen.getByRole('button', { name: /Új mappa/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Új mappa' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Mappa neve' }), 'Mappa')
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await within(dialog).findByText(MESSAGES.fileNameTaken)).toBeInTheDocument()
    status = 500
    await user.click(within(dialog).getByRole('button', { name: 'Létrehozás' }))
    expect(await screen.findByText(MESSAGES.folderCreateFailed)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Új mappa' })).toBeInTheDocument()
  })
})

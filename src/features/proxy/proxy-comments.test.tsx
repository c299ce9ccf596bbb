/**
 * Proxy kezelés, beyond the spec (issue 9): a comment per blocked domain (shown in its row, edited in a small
 * dialog), and the bulk add's refusals and large pastes. MSW answers as the server does.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildDashboard, dashboardHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import ProxyScreen from './proxy-screen'

stubScrollArea()
afterEach(() => {
  vi.restoreAllMocks()
})

const FORBIDDEN = 'Nincs jogosultságod a művelet végrehajtásához.'

function serve(
  list: string[],
  comments: Record<string, string>,
  options: { admin?: boolean; comment?: (body: { domain: string; comment: string }) => Response } = {},
) {
  let state = { blockedDomains: list, comments: { ...comments } }
  const puts: unknown[] = []
  server.use(
    dashboardHandler(buildDashboard({ type: options.admin === false ? 'teacher' : 'admin' })),
    http.get(`${API}/proxy/block`, () => HttpResponse.json({ code: 200, ...state })),
    http.put(`${API}/proxy/block/comment`, async ({ request }) => {
      const body = (await request.json()) as { domain: string; comment: string }
      puts.push(body)
      if (options.comment) return options.comment(body)
      const next = { ...state.comments }
      if (body.comment) next[body.domain] = body.comment
      else delete next[body.domain]
      state = { ...state, comments: next }
      return HttpResponse.json({ code: 200, message: 'Megjegyzés mentve.', ...state })
    }),
  )
  return { puts }
}

async function renderScreen() {
  const result = renderWithProviders(<ProxyScreen />)
  await screen.findByText(/blokkolt domain$/)
  return result
}

const rowOf = (domain: string) =>
  screen.getByRole('cell', { name: domain }).closest('[role=row]') as HTMLElement

describe('Proxy kezelés comments', () => {
  it('shows each domain’s comment in its row, under a Megjegyzés column', async () => {
    serve(['a.hu', 'b.hu'], { 'a.hu': 'Játékoldal' })
    await renderScreen()
    expect(screen.getByRole('columnheader', { name: 'Megjegyzés' })).toBeInTheDocument()
    expect(within(rowOf('a.hu')).getByText('Játékoldal')).toBeInTheDocument()
    expect(within(rowOf('b.hu')).queryByText('Játékoldal')).not.toBeInTheDocument()
  })

  it('edits a comment in a dialog: sends it trimmed, toasts and shows the new comment', async () => {
    const { puts } = serve(['a.hu'], { 'a.hu': 'Régi' })
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Megjegyzés szerkesztése: a.hu' }))
    const field = await screen.findByRole('textbox', { name: 'Megjegyzés' })
    expect(field).toHaveValue('Régi')
    await user.clear(field)
    await user.type(field, '  Közösségi   oldal ')
    await user.click(screen.getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText('Megjegyzés mentve.')).toBeInTheDocument()
    expect(puts).toEqual([{ domain: 'a.hu', comment: 'Közösségi oldal' }])
    await waitFor(() => expect(within(rowOf('a.hu')).getByText('Közösségi oldal')).toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('removes a comment when the field is emptied', async () => {
    const { puts } = serve(['a.hu'], { 'a.hu': 'Régi' })
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Megjegyzés szerkesztése: a.hu' }))
    await user.clear(await screen.findByRole('textbox', { name: 'Megjegyzés' }))
    await user.click(screen.getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText('Megjegyzés mentve.')).toBeInTheDocument()
    expect(puts).toEqual([{ domain: 'a.hu', comment: '' }])
    await waitFor(() => expect(within(rowOf('a.hu')).queryByText('Régi')).not.toBeInTheDocument())
  })

  it('refuses a comment over 200 characters before sending', async () => {
    const { puts } = serve(['a.hu'], {})
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Megjegyzés szerkesztése: a.hu' }))
    const field = await screen.findByRole('textbox', { name: 'Megjegyzés' })
    await user.click(field)
    await user.paste('x'.repeat(201))
    await user.click(screen.getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText('A megjegyzés legfeljebb 200 karakter lehet.')).toBeInTheDocument()
    expect(puts).toEqual([])
  })

  it('shows the permission message on 403 and the save failure message otherwise, keeping the dialog', async () => {
    let status = 403
    serve(
      ['a.hu'],
      {},
      {
        comment: () =>
          HttpResponse.json({ code: status, message: status === 403 ? FORBIDDEN : 'x' }, { status }),
      },
    )
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Megjegyzés szerkesztése: a.hu' }))
    await user.type(await screen.findByRole('textbox', { name: 'Megjegyzés' }), 'Valami')
    await user.click(screen.getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument()
    status = 500
    await user.click(screen.getByRole('button', { name: 'Mentés' }))
    expect(await screen.findByText('Hiba történt a megjegyzés mentése közben.')).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('hides the comment-edit button from a user without addProxyDomain but still shows comments', async () => {
    serve(['a.hu'], { 'a.hu': 'Látható' }, { admin: false })
    await renderScreen()
    expect(screen.getByText('Látható')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Megjegyzés szerkesztése: a.hu' })).not.toBeInTheDocument()
  })
})

describe('Proxy kezelés bulk add', () => {
  it('shows the permission message when the bulk add is refused with 403, and keeps the dialog', async () => {
    serve([], {})
    server.use(
      http.post(`${API}/proxy/block/bulk`, () =>
        HttpResponse.json({ code: 403, message: FORBIDDEN }, { status: 403 }),
      ),
    )
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Tömeges hozzáadás' }))
    await user.click(
      await screen.findByRole('textbox', { name: 'Domainek (soronként egy, vagy hosts fájl)' }),
    )
    await user.paste('uj.hu')
    await user.click(screen.getByRole('button', { name: 'Ellenőrzés' }))
    await user.click(await screen.findByRole('button', { name: 'Hozzáadás (1)' }))
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('shows the failure message when the network fails', async () => {
    serve([], {})
    server.use(http.post(`${API}/proxy/block/bulk`, () => HttpResponse.error()))
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Tömeges hozzáadás' }))
    await user.click(
      await screen.findByRole('textbox', { name: 'Domainek (soronként egy, vagy hosts fájl)' }),
    )
    await user.paste('uj.hu')
    await user.click(screen.getByRole('button', { name: 'Ellenőrzés' }))
    await user.click(await screen.findByRole('button', { name: 'Hozzáadás (1)' }))
    expect(await screen.findByText('Hiba történt a domainek hozzáadása közben.')).toBeInTheDocument()
  })

  it('shows at most 500 report lines for a large paste, problems first, and says how many more', async () => {
    serve(['regi.hu'], {})
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Tömeges hozzáadás' }))
    const lines = Array.from({ length: 1200 }, (_, i) => `d${i}.pelda.hu`)
    await user.click(
      await screen.findByRole('textbox', { name: 'Domainek (soronként egy, vagy hosts fájl)' }),
    )
    await user.paste([...lines, 'regi.hu', 'rossz_nev'].join('\n'))
    await user.click(screen.getByRole('button', { name: 'Ellenőrzés' }))
    expect(await screen.findByText('1200 új, 1 már a listán, 1 érvénytelen')).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: 'Soronkénti eredmény' })).getAllByRole('listitem')
    expect(items).toHaveLength(500)
    expect(items[0]).toHaveTextContent('1202. sor: rossz_nev')
    expect(items[1]).toHaveTextContent('1201. sor: regi.hu')
    expect(screen.getByText('… és további 702 új sor')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hozzáadás (1200)' })).toBeEnabled()
  })
})

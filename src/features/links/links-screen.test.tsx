import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ShortLink } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import { buildDashboard, dashboardHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import LinksScreen from './links-screen'

stubScrollArea()
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

let nextId = 1
function aLink(short: string, overrides: Partial<ShortLink> = {}): ShortLink {
  return {
    id: `id-${nextId++}`,
    url: `https://www.pelda.hu/${short}`,
    short,
    visits: 0,
    expiresAt: null,
    ...overrides,
  }
}

function serveLinks(links: ShortLink[] | (() => ShortLink[])) {
  let calls = 0
  server.use(
    http.get(`${API}/links`, () => {
      calls++
      return HttpResponse.json({ links: typeof links === 'function' ? links() : links })
    }),
  )
  return { calls: () => calls }
}

function servePost(answer: (body: unknown) => Response | Promise<Response>) {
  const bodies: unknown[] = []
  server.use(
    http.post(`${API}/links/`, async ({ request }) => {
      const body = await request.json()
      bodies.push(body)
      return answer(body)
    }),
  )
  return bodies
}

function renderScreen() {
  server.use(dashboardHandler(buildDashboard()))
  return renderWithProviders(<LinksScreen />)
}

const urlInput = () => screen.getByRole('textbox', { name: 'Eredeti URL' })
const codeInput = () => screen.getByRole('textbox', { name: /Rövid kód/ })
const createButton = () => screen.getByRole('button', { name: 'Létrehozás' })
const dataRows = () =>
  screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)

describe('Linkrövidítő: the list', () => {
  it("shows the title, the subtitle and 'URL-ek betöltése...' while loading", async () => {
    server.use(http.get(`${API}/links`, () => delay('infinite')))
    renderScreen()
    expect(screen.getByRole('heading', { name: 'Linkrövidítő' })).toBeInTheDocument()
    expect(screen.getByText('Hozz létre és kezelj rövid URL-eket')).toBeInTheDocument()
    expect(await screen.findByText('URL-ek betöltése...')).toBeInTheDocument()
  })

  it("says 'Hiba történt az URL-ek betöltése közben.' when loading fails", async () => {
    server.use(
      http.get(`${API}/links`, () => HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })),
    )
    renderScreen()
    expect(await screen.findByRole('alert')).toHaveTextContent('Hiba történt az URL-ek betöltése közben.')
  })

  it('shows the empty state and a 0 counter', async () => {
    serveLinks([])
    renderScreen()
    expect(await screen.findByText('Nincsenek rövid URL-ek')).toBeInTheDocument()
    expect(screen.getByText('Hozz létre új rövid URL-t a kezdéshez.')).toBeInTheDocument()
    expect(screen.getByText('0 rövid URL')).toBeInTheDocument()
  })

  it('lists the links with columns, full short link, visit count, and counts them', async () => {
    serveLinks([aLink('orarend', { visits: 12345 }), aLink('menza')])
    renderScreen()
    const table = await screen.findByRole('table', { name: 'Rövid URL-ek' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Eredeti URL', 'Rövid URL', 'Látogatások', 'Műveletek'])
    expect(screen.getByText('2 rövid URL')).toBeInTheDocument()
    const [first] = dataRows()
    expect(within(first).getByRole('link', { name: 'https://www.pelda.hu/orarend' })).toBeInTheDocument()
    // The code first; the whole short link is its name and opens the QR-kód view (issue 18).
    expect(
      within(first).getByRole('button', { name: 'Teljes rövid link: https://s.pelda.hu/orarend' }),
    ).toHaveTextContent(/^orarend$/)
    expect(first).toHaveTextContent(/12\s345/)
    expect(within(first).getByRole('button', { name: 'Másolás: orarend' })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'Törlés: orarend' })).toBeInTheDocument()
  })

  it('shows a stored target in its readable form: Unicode host and decoded letters (issue 18)', async () => {
    serveLinks([aLink('kobanya', { url: 'https://xn--bc-lia7ab.hu/wiki/K%C5%91b%C3%A1nya' })])
    renderScreen()
    const link = await screen.findByRole('link', { name: 'https://ábécé.hu/wiki/Kőbánya' })
    expect(link).toHaveAttribute('href', 'https://xn--bc-lia7ab.hu/wiki/K%C5%91b%C3%A1nya')
  })
})

describe('Linkrövidítő: create', () => {
  it("shows the host as prefix and 'rovid-kod' as placeholder", async () => {
    serveLinks([])
    renderScreen()
    expect(await screen.findByText('s.pelda.hu/')).toBeInTheDocument()
    expect(codeInput()).toHaveAttribute('placeholder', 'rovid-kod')
    expect(urlInput().getAttribute('placeholder')).toMatch(/^https:\/\//)
    expect(screen.getByRole('form', { name: 'Új rövid URL létrehozása' })).toBeInTheDocument()
  })

  it("says 'Kérlek töltsd ki az összes mezőt.' and sends nothing when a field is empty", async () => {
    serveLinks([])
    const posted = servePost(() => HttpResponse.json({ code: 201, message: 'ok', id: 'x' }, { status: 201 }))
    const { user } = renderScreen()
    await screen.findByText('Nincsenek rövid URL-ek')
    await user.type(urlInput(), 'https://pelda.hu')
    await user.click(createButton())
    expect(await screen.findByText('Kérlek töltsd ki az összes mezőt.')).toBeInTheDocument()
    expect(posted).toEqual([])
  })

  it("says 'Érvénytelen URL formátum.' for a URL that does not parse", async () => {
    serveLinks([])
    const posted = servePost(() => HttpResponse.json({ code: 201, message: 'ok', id: 'x' }, { status: 201 }))
    const { user } = renderScreen()
    await screen.findByText('Nincsenek rövid URL-ek')
    await user.type(urlInput(), 'http://exa mple')
    await user.type(codeInput(), 'kod')
    await user.click(createButton())
    expect(await screen.findByText('Érvénytelen URL formátum.')).toBeInTheDocument()
    expect(posted).toEqual([])
  })

  it('sends the URL as typed, toasts, clears both fields, reloads the list and refocuses the URL field', async () => {
    const links: ShortLink[] = []
    const served = serveLinks(() => links)
    let answer!: () => void
    const posted = servePost(async (body) => {
      await new Promise<void>((resolve) => (answer = resolve))
      links.unshift(aLink((body as { short: string }).short, { url: (body as { url: string }).url }))
      return HttpResponse.json(
        { code: 201, message: 'Rövid URL sikeresen létrehozva.', id: 'n1' },
        { status: 201 },
      )
    })
    const { user } = renderScreen()
    await screen.findByText('Nincsenek rövid URL-ek')
    await user.type(urlInput(), 'pelda.hu/orarend')
    await user.type(codeInput(), 'orarend')
    await user.click(createButton())
    await waitFor(() => expect(createButton()).toBeDisabled())
    answer()
    expect(await screen.findByText('Rövid URL sikeresen létrehozva.')).toBeInTheDocument()
    expect(posted).toEqual([{ url: 'pelda.hu/orarend', short: 'orarend' }])
    await waitFor(() => expect(urlInput()).toHaveValue(''))
    expect(codeInput()).toHaveValue('')
    await waitFor(() => expect(urlInput()).toHaveFocus())
    expect(await screen.findByText('1 rövid URL')).toBeInTheDocument()
    expect(served.calls()).toBeGreaterThanOrEqual(2)
    expect(createButton()).toBeEnabled()
  })

  it("shows 'Hiba történt: {server message}' for a refusal and keeps what was typed", async () => {
    serveLinks([])
    servePost(() => HttpResponse.json({ code: 409, message: 'Ez a rövid kód már foglalt.' }, { status: 409 }))
    const { user } = renderScreen()
    await screen.findByText('Nincsenek rövid URL-ek')
    await user.type(urlInput(), 'https://pelda.hu')
    await user.type(codeInput(), 'foglalt')
    await user.click(createButton())
    expect(await screen.findByText('Hiba történt: Ez a rövid kód már foglalt.')).toBeInTheDocument()
    expect(codeInput()).toHaveValue('foglalt')
  })

  it("shows 'Hiba történt a létrehozás során.' when the server cannot be reached", async () => {
    serveLinks([])
    servePost(() => HttpResponse.error())
    const { user } = renderScreen()
    await screen.findByText('Nincsenek rövid URL-ek')
    await user.type(urlInput(), 'https://pelda.hu')
    await user.type(codeInput(), 'kod')
    await user.click(createButton())
    expect(await screen.findByText('Hiba történt a létrehozás során.')).toBeInTheDocument()
  })
})

describe('Linkrövidítő: expiry', () => {
  it('sends the optional expiry as the end of the chosen day and shows it in the list', async () => {
    serveLinks([aLink('menza', { expiresAt: '2026-12-24T22:59:59.000Z' })])
    const posted = servePost(() => HttpResponse.json({ code: 201, message: 'ok', id: 'n' }, { status: 201 }))
    const { user } = renderScreen()
    expect(await screen.findByText(/^Lejár: 2026\. dec/)).toBeInTheDocument()
    await user.type(urlInput(), 'https://pelda.hu')
    await user.type(codeInput(), 'nyar')
    await user.type(screen.getByLabelText('Lejárat (nem kötelező)'), '2026-12-31')
    await user.click(createButton())
    await waitFor(() => expect(posted).toHaveLength(1))
    const { expiresAt } = posted[0] as { expiresAt: string }
    expect(new Date(expiresAt).getDate()).toBe(31)
    await waitFor(() => expect(screen.getByLabelText('Lejárat (nem kötelező)')).toHaveValue(''))
  })
})

describe('Linkrövidítő: copy and delete', () => {
  it("copies the full short link: 'URL kimásolva a vágólapra!'", async () => {
    serveLinks([aLink('orarend')])
    const { user } = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Másolás: orarend' }))
    expect(await screen.findByText('URL kimásolva a vágólapra!')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe('https://s.pelda.hu/orarend')
  })

  it("says 'Hiba történt a másolás során.' when the clipboard refuses", async () => {
    serveLinks([aLink('orarend')])
    const { user } = renderScreen()
    const button = await screen.findByRole('button', { name: 'Másolás: orarend' })
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    await user.click(button)
    expect(await screen.findByText('Hiba történt a másolás során.')).toBeInTheDocument()
  })

  it('over plain http (no Clipboard API) shows the full short link selected in a read-only field', async () => {
    serveLinks([aLink('orarend')])
    const { user } = renderScreen()
    const button = await screen.findByRole('button', { name: 'Másolás: orarend' })
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Másolás' })
    const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Másolandó szöveg' })
    expect(field).toHaveValue('https://s.pelda.hu/orarend')
    await waitFor(() => expect(field).toHaveFocus())
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length])
    expect(within(dialog).getByText(/^Másold ki a kijelölt szöveget/)).toBeInTheDocument()
    expect(screen.queryByText('Hiba történt a másolás során.')).not.toBeInTheDocument()
  })

  it('asks before deleting; Mégsem keeps the link, confirming deletes it and toasts', async () => {
    let links = [aLink('orarend'), aLink('menza')]
    serveLinks(() => links)
    const deleted: string[] = []
    server.use(
      http.delete(`${API}/links/:id`, ({ params }) => {
        deleted.push(String(params.id))
        links = links.filter((link) => link.id !== params.id)
        return HttpResponse.json({ code: 200, message: 'Rövid URL sikeresen törölve.' })
      }),
    )
    const { user } = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Törlés: orarend' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Rövid URL törlése' })
    expect(dialog).toHaveTextContent(
      'Biztosan törölni szeretnéd ezt a rövid URL-t? A művelet nem vonható vissza.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(deleted).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Törlés: orarend' }))
    const again = await screen.findByRole('alertdialog')
    await user.click(within(again).getByRole('button', { name: 'Törlés megerősítése' }))
    expect(await screen.findByText('Rövid URL sikeresen törölve.')).toBeInTheDocument()
    expect(deleted).toHaveLength(1)
    expect(links.map((link) => link.short)).toEqual(['menza'])
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Törlés: orarend' })).not.toBeInTheDocument(),
    )
    expect(screen.getByText('1 rövid URL')).toBeInTheDocument()
  })

  it("shows 'Hiba történt: {server message}' or 'Hiba történt a törlés során.' and keeps the link", async () => {
    serveLinks([aLink('orarend')])
    let calls = 0
    server.use(
      http.delete(`${API}/links/:id`, () => {
        calls++
        return calls === 1
          ? HttpResponse.json({ code: 404, message: 'Nem található ilyen rövid URL.' }, { status: 404 })
          : HttpResponse.error()
      }),
    )
    const { user } = renderScreen()
    for (const message of ['Hiba történt: Nem található ilyen rövid URL.', 'Hiba történt a törlés során.']) {
      await user.click(await screen.findByRole('button', { name: 'Törlés: orarend' }))
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Törlés megerősítése' }),
      )
      expect(await screen.findByText(message)).toBeInTheDocument()
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    }
    expect(await screen.findByRole('button', { name: 'Törlés: orarend' })).toBeInTheDocument()
  })
})

describe('Linkrövidítő: QR-kód', () => {
  it('shows the full short link as a QR code with PNG and SVG downloads, and closes', async () => {
    serveLinks([aLink('orarend')])
    const { user } = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'QR-kód: orarend' }))
    const dialog = await screen.findByRole('dialog', { name: 'QR-kód: orarend' })
    const image = await within(dialog).findByRole('img', { name: 'QR-kód: https://s.pelda.hu/orarend' })
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    expect(within(dialog).getByRole('link', { name: 'PNG letöltése' })).toHaveAttribute(
      'download',
      'orarend.png',
    )
    const svg = within(dialog).getByRole('link', { name: 'SVG letöltése' })
    expect(svg).toHaveAttribute('download', 'orarend.svg')
    expect(decodeURIComponent(svg.getAttribute('href') ?? '')).toMatch(
      /^data:image\/svg\+xml;charset=utf-8,<svg/,
    )
    await user.click(within(dialog).getAllByRole('button', { name: 'Bezárás' })[0])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

describe('Linkrövidítő offline (issue 18)', () => {
  it('disables Létrehozás and Törlés and says why; copying still works', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    serveLinks([aLink('orarend')])
    renderScreen()
    await screen.findByRole('table', { name: 'Rövid URL-ek' })
    expect(screen.getByText(MESSAGES.linksWritesOffline)).toBeInTheDocument()
    expect(createButton()).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Törlés: orarend' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Másolás: orarend' })).toBeEnabled()
  })
})

describe('Linkrövidítő: the server rule in the form (issue 18)', () => {
  it.each(['ht tp://rossz url', 'https://pelda.hu/a\u202Eb'])(
    "says 'Érvénytelen URL formátum.' for %j inline and sends nothing",
    async (typed) => {
      serveLinks([])
      const posted = servePost(() =>
        HttpResponse.json({ code: 201, message: 'ok', id: 'x' }, { status: 201 }),
      )
      const { user } = renderScreen()
      await screen.findByText('Nincsenek rövid URL-ek')
      await user.click(urlInput())
      await user.paste(typed)
      await user.type(codeInput(), 'kod')
      await user.click(createButton())
      expect(await screen.findByText('Érvénytelen URL formátum.')).toBeInTheDocument()
      expect(posted).toEqual([])
    },
  )
})

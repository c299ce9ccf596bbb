import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@contract/messages'
import { buildDashboard, dashboardHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import { proxyBlockKey } from './api/blocked-domains'
import ProxyScreen from './proxy-screen'

stubScrollArea()
afterEach(() => {
  // Toasts live in a module-level store: a message of one case must not be found by the next.
  vi.restoreAllMocks()
})

type Respond = (domain: string) => Response | Promise<Response>

/** GET answers `list`; POST / DELETE answer with `respond` (default: the server's success with the new list). */
function serve(initial: string[], options: { add?: Respond; remove?: Respond; admin?: boolean } = {}) {
  let list = [...initial]
  const posts: unknown[] = []
  const deletes: unknown[] = []
  server.use(
    dashboardHandler(buildDashboard({ type: options.admin === false ? 'teacher' : 'admin' })),
    http.get(`${API}/proxy/block`, () => HttpResponse.json({ code: 200, blockedDomains: list })),
    http.post(`${API}/proxy/block`, async ({ request }) => {
      const body = (await request.json()) as { domain: string }
      posts.push(body)
      if (options.add) return options.add(body.domain)
      list = [...list, body.domain, 'mashol.hu'].sort()
      return HttpResponse.json(
        { code: 201, message: 'Domain sikeresen hozzáadva a tiltólistához.', blockedDomains: list },
        { status: 201 },
      )
    }),
    http.delete(`${API}/proxy/block`, async ({ request }) => {
      const body = (await request.json()) as { domain: string }
      deletes.push(body)
      if (options.remove) return options.remove(body.domain)
      list = list.filter((d) => d !== body.domain)
      return HttpResponse.json({
        code: 200,
        message: 'Domain sikeresen eltávolítva a tiltólistáról.',
        blockedDomains: list,
      })
    }),
  )
  return { posts, deletes }
}

const domainCells = () =>
  screen
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent)
    .filter(Boolean)

async function renderScreen() {
  const result = renderWithProviders(<ProxyScreen />)
  await screen.findByText(/blokkolt domain$/)
  return result
}

const FORBIDDEN = 'Nincs jogosultságod a művelet végrehajtásához.'

describe('Proxy kezelés', () => {
  it('shows the loading text, then the count and the sorted list', async () => {
    serve(['a.hu', 'b.hu', 'c.hu'])
    renderWithProviders(<ProxyScreen />)
    expect(screen.getByText('Blokkolt domainek betöltése...')).toBeInTheDocument()
    expect(await screen.findByText('3 blokkolt domain')).toBeInTheDocument()
    expect(domainCells()).toEqual(['a.hu', 'b.hu', 'c.hu'])
  })

  it('shows the list failure message on a 500', async () => {
    server.use(
      dashboardHandler(buildDashboard({ type: 'admin' })),
      http.get(`${API}/proxy/block`, () => HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })),
    )
    renderWithProviders(<ProxyScreen />)
    expect(
      await screen.findByText('Hiba történt a blokkolt domainek lekérdezése közben.'),
    ).toBeInTheDocument()
  })

  it('shows the list failure message when the body code is not 200', async () => {
    server.use(
      dashboardHandler(buildDashboard({ type: 'admin' })),
      http.get(`${API}/proxy/block`, () => HttpResponse.json({ code: 404, blockedDomains: [] })),
    )
    renderWithProviders(<ProxyScreen />)
    expect(
      await screen.findByText('Hiba történt a blokkolt domainek lekérdezése közben.'),
    ).toBeInTheDocument()
  })

  it("shows 'Nincsenek blokkolt domainek' for an empty list", async () => {
    serve([])
    await renderScreen()
    expect(screen.getByText('Nincsenek blokkolt domainek')).toBeInTheDocument()
  })

  it("searches fuzzily and shows 'Nincs találat' when nothing matches", async () => {
    serve(['facebook.com', 'pelda.hu', 'tiktok.com'])
    const { user } = await renderScreen()
    const box = screen.getByRole('searchbox', { name: 'Keresés a blokkolt domainek között' })
    await user.type(box, 'tiktk')
    expect(await screen.findByText('1 találat / 3 blokkolt domain')).toBeInTheDocument()
    expect(domainCells()).toEqual(['tiktok.com'])
    await user.clear(box)
    await user.type(box, 'zzzzqqq')
    expect(await screen.findByText('Nincs találat')).toBeInTheDocument()
  })

  describe('add', () => {
    it("refuses an empty domain with 'Kérlek adj meg egy domaint.' and sends nothing", async () => {
      const { posts } = serve([])
      const { user } = await renderScreen()
      await user.click(screen.getByRole('button', { name: 'Hozzáadás' }))
      expect(await screen.findByText('Kérlek adj meg egy domaint.')).toBeInTheDocument()
      await user.type(screen.getByPlaceholderText('pelda.hu'), '   ')
      await user.keyboard('{Enter}')
      expect(posts).toEqual([])
    })

    it('refuses an invalid domain with its reason and sends nothing', async () => {
      const { posts } = serve([])
      const { user } = await renderScreen()
      await user.type(screen.getByPlaceholderText('pelda.hu'), '192.168.0.1{Enter}')
      expect(
        await screen.findByText('IP-cím nem tiltható, kérlek adj meg egy domainnevet.'),
      ).toBeInTheDocument()
      expect(posts).toEqual([])
    })

    it('sends the normalised domain, toasts, clears the field and replaces the list with the answer', async () => {
      const { posts } = serve(['b.hu'])
      const { user } = await renderScreen()
      const input = screen.getByPlaceholderText('pelda.hu')
      await user.type(input, 'HTTPS://Pelda.HU:8080/x{Enter}')
      expect(await screen.findByText('Domain sikeresen hozzáadva a tiltólistához.')).toBeInTheDocument()
      expect(posts).toEqual([{ domain: 'pelda.hu' }])
      // The answer's list, including a domain another admin added meanwhile.
      expect(await screen.findByText('3 blokkolt domain')).toBeInTheDocument()
      expect(domainCells()).toEqual(['b.hu', 'mashol.hu', 'pelda.hu'])
      expect(input).toHaveValue('')
    })

    it("keeps the add's answer when a list fetch that left before the write was applied lands after it", async () => {
      // CI once showed the list without the domain just added, for good: a GET in flight while the POST was
      // answered came back later with the older list and replaced the answer's.
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => (release = resolve))
      const { posts } = serve(['b.hu'], {
        add: async (domain) => {
          // The older list is fetched while this POST is under way, and answered only after it.
          void queryClient.refetchQueries({ queryKey: proxyBlockKey })
          await delay(20)
          return HttpResponse.json(
            {
              code: 201,
              message: 'Domain sikeresen hozzáadva a tiltólistához.',
              blockedDomains: ['b.hu', domain],
            },
            { status: 201 },
          )
        },
      })
      server.use(
        http.get(`${API}/proxy/block`, async () => {
          if (posts.length === 0) return HttpResponse.json({ code: 200, blockedDomains: ['b.hu'] })
          await held
          return HttpResponse.json({ code: 200, blockedDomains: ['b.hu'] })
        }),
      )
      const { user, queryClient } = await renderScreen()
      await user.type(screen.getByPlaceholderText('pelda.hu'), 'uj.hu{Enter}')
      expect(await screen.findByText('Domain sikeresen hozzáadva a tiltólistához.')).toBeInTheDocument()
      expect(await screen.findByText('2 blokkolt domain')).toBeInTheDocument()
      release()
      await delay(50)
      expect(domainCells()).toEqual(['b.hu', 'uj.hu'])
    })

    it('shows the permission message on 403', async () => {
      serve([], { add: () => HttpResponse.json({ code: 403, message: 'x' }, { status: 403 }) })
      const { user } = await renderScreen()
      await user.type(screen.getByPlaceholderText('pelda.hu'), 'pelda.hu{Enter}')
      expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument()
    })

    it('shows the add failure message and the reason on 409, with the list replaced by the answer', async () => {
      serve(['a.hu'], {
        add: () =>
          HttpResponse.json(
            {
              code: 409,
              message: 'Ez a domain már szerepel a tiltólistán.',
              blockedDomains: ['a.hu', 'pelda.hu'],
            },
            { status: 409 },
          ),
      })
      const { user } = await renderScreen()
      const input = screen.getByPlaceholderText('pelda.hu')
      await user.type(input, 'pelda.hu{Enter}')
      expect(await screen.findByText('Hiba történt a domain hozzáadása közben.')).toBeInTheDocument()
      expect(screen.getByText('Ez a domain már szerepel a tiltólistán.')).toBeInTheDocument()
      expect(await screen.findByText('2 blokkolt domain')).toBeInTheDocument()
      expect(input).toHaveValue('pelda.hu')
    })

    it('shows the add failure message when the network fails', async () => {
      serve([], { add: () => HttpResponse.error() })
      const { user } = await renderScreen()
      await user.type(screen.getByPlaceholderText('pelda.hu'), 'pelda.hu{Enter}')
      expect(await screen.findByText('Hiba történt a domain hozzáadása közben.')).toBeInTheDocument()
    })
  })

  describe('delete', () => {
    it('asks first; Mégsem sends nothing', async () => {
      const { deletes } = serve(['a.hu'])
      const { user } = await renderScreen()
      await user.click(screen.getByRole('button', { name: 'Törlés: a.hu' }))
      const dialog = await screen.findByRole('alertdialog')
      expect(
        within(dialog).getByText('Biztosan eltávolítod ezt a domaint a tiltólistáról?'),
      ).toBeInTheDocument()
      await user.click(within(dialog).getByRole('button', { name: 'Mégsem' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
      expect(deletes).toEqual([])
    })

    it('deletes after the confirmation, toasts and replaces the list', async () => {
      const { deletes } = serve(['a.hu', 'b.hu'])
      const { user } = await renderScreen()
      await user.click(screen.getByRole('button', { name: 'Törlés: a.hu' }))
      await user.click(await screen.findByRole('button', { name: 'Eltávolítás' }))
      expect(await screen.findByText('Domain sikeresen eltávolítva a tiltólistáról.')).toBeInTheDocument()
      expect(deletes).toEqual([{ domain: 'a.hu' }])
      expect(await screen.findByText('1 blokkolt domain')).toBeInTheDocument()
      expect(domainCells()).toEqual(['b.hu'])
    })

    it('shows the permission message on 403', async () => {
      serve(['a.hu'], { remove: () => HttpResponse.json({ code: 403, message: 'x' }, { status: 403 }) })
      const { user } = await renderScreen()
      await user.click(screen.getByRole('button', { name: 'Törlés: a.hu' }))
      await user.click(await screen.findByRole('button', { name: 'Eltávolítás' }))
      expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument()
    })

    it('shows the delete failure message otherwise', async () => {
      serve(['a.hu'], { remove: () => HttpResponse.json({ code: 500, message: 'x' }, { status: 500 }) })
      const { user } = await renderScreen()
      await user.click(screen.getByRole('button', { name: 'Törlés: a.hu' }))
      await user.click(await screen.findByRole('button', { name: 'Eltávolítás' }))
      expect(await screen.findByText('Hiba történt a domain eltávolítása közben.')).toBeInTheDocument()
    })

    it('shows the button as loading while the delete is under way', async () => {
      serve(['a.hu'], {
        remove: async () => {
          await delay('infinite')
          return HttpResponse.json({})
        },
      })
      const { user } = await renderScreen()
      await user.click(screen.getByRole('button', { name: 'Törlés: a.hu' }))
      const confirm = await screen.findByRole('button', { name: 'Eltávolítás' })
      await user.click(confirm)
      await waitFor(() => expect(confirm).toBeDisabled())
    })
  })

  it('bulk-adds pasted and hosts-file lines after a per-line report, in one request with the batch comment', async () => {
    const { posts } = serve(['regi.hu'])
    const bulks: unknown[] = []
    server.use(
      http.post(`${API}/proxy/block/bulk`, async ({ request }) => {
        const body = (await request.json()) as { domains: string[] }
        bulks.push(body)
        return HttpResponse.json({
          code: 200,
          message: '2 domain hozzáadva a tiltólistához.',
          added: 2,
          duplicates: 0,
          invalid: 0,
          report: body.domains.map((d) => ({ input: d, status: 'added', domain: d })),
          blockedDomains: ['reklam.pelda.hu', 'regi.hu', 'uj.hu'],
          comments: { 'reklam.pelda.hu': 'Reklám', 'uj.hu': 'Reklám' },
        })
      }),
    )
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Tömeges hozzáadás' }))
    const box = await screen.findByRole('textbox', { name: 'Domainek (soronként egy, vagy hosts fájl)' })
    await user.click(box)
    await user.paste('uj.hu\n0.0.0.0 reklam.pelda.hu\nregi.hu\nlocalhost')
    await user.click(screen.getByRole('button', { name: 'Ellenőrzés' }))
    expect(await screen.findByText('2 új, 1 már a listán, 1 érvénytelen')).toBeInTheDocument()
    expect(
      screen.getByText(
        '4. sor: localhost — Érvénytelen domain. Kérlek adj meg egy érvényes domainnevet (például pelda.hu).',
      ),
    ).toBeInTheDocument()
    await user.type(
      screen.getByRole('textbox', { name: 'Megjegyzés a hozzáadott domainekhez (nem kötelező)' }),
      ' Reklám ',
    )
    await user.click(screen.getByRole('button', { name: 'Hozzáadás (2)' }))
    expect(await screen.findByText('2 domain hozzáadva a tiltólistához.')).toBeInTheDocument()
    expect(bulks).toEqual([{ domains: ['uj.hu', 'reklam.pelda.hu'], comment: 'Reklám' }])
    expect(posts).toEqual([])
    expect(await screen.findByText('3 blokkolt domain')).toBeInTheDocument()
    expect(screen.getAllByText('Reklám')).toHaveLength(2)
  })

  it('hides the add form and the delete buttons from a user without the write features', async () => {
    serve(['a.hu'], { admin: false })
    await renderScreen()
    expect(screen.queryByPlaceholderText('pelda.hu')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Törlés: a.hu' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Tömeges hozzáadás' })).not.toBeInTheDocument()
  })

  it('exports blocked_domains.csv with one domain a line', async () => {
    serve(['a.hu', 'b.hu'])
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:x'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Exportálás CSV-be' }))
    expect(names).toEqual(['blocked_domains.csv'])
    expect(await blobs[0].text()).toBe('a.hu\nb.hu\n')
  })
})

describe('Proxy kezelés offline (issue 18)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('disables adding, bulk add, comments and delete and says why; export still works', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    serve(['a.hu'])
    await renderScreen()
    expect(screen.getByText(MESSAGES.proxyWritesOffline)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hozzáadás' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Tömeges hozzáadás' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Törlés: a.hu' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Megjegyzés szerkesztése: a.hu' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Exportálás CSV-be' })).toBeEnabled()
  })
})

describe('Proxy kezelés: www. and accented domains (issue 18)', () => {
  it('suggests blocking the whole domain for a www. name, and blocks only that host when unticked', async () => {
    const { posts } = serve([])
    const { user } = await renderScreen()
    const input = screen.getByPlaceholderText('pelda.hu')
    await user.type(input, 'https://www.TikTok.com/foryou')
    const whole = screen.getByRole('checkbox', { name: /Az egész domain tiltása \(tiktok\.com/ })
    expect(whole).toBeChecked()
    await user.type(input, '{Enter}')
    expect(await screen.findByText('Domain sikeresen hozzáadva a tiltólistához.')).toBeInTheDocument()
    await user.type(input, 'www.pelda.hu')
    await user.click(screen.getByRole('checkbox', { name: /Az egész domain tiltása/ }))
    await user.type(input, '{Enter}')
    await waitFor(() => expect(posts).toEqual([{ domain: 'tiktok.com' }, { domain: 'www.pelda.hu' }]))
    await user.type(input, 'm.pelda.hu')
    expect(screen.queryByRole('checkbox', { name: /Az egész domain tiltása/ })).not.toBeInTheDocument()
  })

  it('bulk add offers the whole domain for www. names, on by default', async () => {
    serve([])
    const bulks: { domains: string[] }[] = []
    server.use(
      http.post(`${API}/proxy/block/bulk`, async ({ request }) => {
        const body = (await request.json()) as { domains: string[] }
        bulks.push(body)
        return HttpResponse.json({
          code: 200,
          message: 'kész',
          added: body.domains.length,
          duplicates: 0,
          invalid: 0,
          report: [],
          blockedDomains: body.domains,
          comments: {},
        })
      }),
    )
    const { user } = await renderScreen()
    await user.click(screen.getByRole('button', { name: 'Tömeges hozzáadás' }))
    const box = await screen.findByRole('textbox', { name: 'Domainek (soronként egy, vagy hosts fájl)' })
    await user.click(box)
    await user.paste('www.tiktok.com\nabc.hu\nwww.ábécé.hu')
    expect(screen.getByRole('checkbox', { name: /az egész domain tiltása/ })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Ellenőrzés' }))
    expect(await screen.findByText('1. sor: tiktok.com')).toBeInTheDocument()
    expect(screen.getByText('3. sor: ábécé.hu')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /az egész domain tiltása/ }))
    expect(await screen.findByText('1. sor: www.tiktok.com')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /az egész domain tiltása/ }))
    await user.click(screen.getByRole('button', { name: 'Hozzáadás (3)' }))
    await waitFor(() =>
      expect(bulks.map((b) => b.domains)).toEqual([['tiktok.com', 'abc.hu', 'xn--bc-lia7ab.hu']]),
    )
  })

  it('shows and searches an accented domain in its Unicode form', async () => {
    serve(['abc.hu', 'xn--bc-lia7ab.hu'])
    const { user } = await renderScreen()
    expect(domainCells()).toEqual(['abc.hu', 'ábécé.hu'])
    expect(screen.getByRole('button', { name: 'Törlés: ábécé.hu' })).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Keresés a blokkolt domainek között' }), 'ábécé')
    await waitFor(() => expect(domainCells()).toEqual(['ábécé.hu']))
  })
})

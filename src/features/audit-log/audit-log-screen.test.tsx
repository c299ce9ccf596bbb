import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUDIT_TYPES } from '@contract/audit'
import { dayInZone } from '@contract/features'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import { stubScrollArea } from '@/test/scroll-area'
import AuditLogScreen from './audit-log-screen'

stubScrollArea()
beforeEach(() => localStorage.setItem('token', 'tok-audit'))
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

type Raw = Record<string, unknown>

// 2025-03-10 14:05:09 in Budapest, minus i minutes.
const BASE = Date.UTC(2025, 2, 10, 13, 5, 9) / 1000

/** `count` entries, newest first: short links by anna and bela, every seventh a classroom change by cecil. */
function fixture(count: number): Raw[] {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i
    if (n % 7 === 0)
      return {
        _id: `e${n}`,
        user: 'cecil',
        action: { type: 'updateClassroom', timestamp: BASE - i * 60 },
        classroomId: `c${n}`,
        classroomName: `Terem ${n}`,
      }
    return {
      _id: `e${n}`,
      user: n % 2 ? 'anna' : 'bela',
      action: { type: 'createShortUrl', timestamp: BASE - i * 60 },
      urlDocId: `u${n}`,
      short: `kod${n}`,
    }
  })
}

interface Asked {
  page: string | null
  limit: string | null
  cursor: string | null
  q: string | null
  user: string | null
  types: string | null
  from: string | null
  auth: string | null
}

/**
 * A small GET /auditlog over `entries`: q (user or extras, case-insensitive), user, types, from (by Budapest day),
 * keyset `cursor` (the last _id of the previous page) or `page`, and `total`. Returns the requests it answered.
 */
function serveLog(entries: Raw[], options: { estimate?: boolean; users?: string[] } = {}) {
  const asked: Asked[] = []
  server.use(
    http.get(`${API}/auditlog`, ({ request }) => {
      const url = new URL(request.url)
      const get = (key: string) => url.searchParams.get(key)
      asked.push({
        page: get('page'),
        limit: get('limit'),
        cursor: get('cursor'),
        q: get('q'),
        user: get('user'),
        types: get('types'),
        from: get('from'),
        auth: request.headers.get('Authorization'),
      })
      const q = get('q')?.toLowerCase()
      const types = get('types')?.split(',')
      const from = get('from')
      const matching = entries.filter((entry) => {
        const action = entry.action as { type: string; timestamp: number }
        if (
          q &&
          !Object.values(entry).some((value) => typeof value === 'string' && value.toLowerCase().includes(q))
        )
          return false
        if (get('user') && entry.user !== get('user')) return false
        if (types && !types.includes(action.type)) return false
        if (from && dayInZone(new Date(action.timestamp * 1000)) < from) return false
        return true
      })
      const limit = Number(get('limit') ?? 20)
      const cursor = get('cursor')
      const start = cursor
        ? matching.findIndex((entry) => entry._id === cursor) + 1
        : (Number(get('page') ?? 1) - 1) * limit
      const logs = matching.slice(start, start + limit)
      return HttpResponse.json({
        logs,
        total: options.estimate ? 10000 : matching.length,
        totalIsEstimate: options.estimate ?? false,
        nextCursor: logs.length === limit ? (logs.at(-1)?._id ?? null) : null,
      })
    }),
    http.get(`${API}/auditlog/users`, () =>
      HttpResponse.json({ users: options.users ?? ['anna', 'bela', 'cecil'] }),
    ),
  )
  return asked
}

const feed = () => screen.findByRole('feed', { name: 'Események' })
const articles = () => within(screen.getByRole('feed', { name: 'Események' })).queryAllByRole('article')
const shownIds = () =>
  articles().map((article) =>
    within(article)
      .queryByText(/^Azonosító:/)
      ?.textContent?.replace('Azonosító: ', ''),
  )

/** Scrolls the list to its end, as a finger would: the virtualiser reads scrollTop on the scroll event. */
function scrollToEnd() {
  const region = screen.getByRole('region', { name: 'Eseménylista' })
  const feedHeight = parseFloat(screen.getByRole('feed').style.height)
  Object.defineProperty(region, 'scrollTop', { configurable: true, value: Math.max(0, feedHeight - 600) })
  fireEvent.scroll(region)
}

async function openMenu(user: ReturnType<typeof renderWithProviders>['user'], name: RegExp) {
  await user.click(screen.getByRole('button', { name }))
  return screen.findByRole('menu')
}

describe('Rendszernapló', () => {
  it('shows "Események betöltése..." while the first page loads', async () => {
    server.use(
      http.get(`${API}/auditlog`, () => new Promise<Response>(() => {})),
      http.get(`${API}/auditlog/users`, () => HttpResponse.json({ users: [] })),
    )
    renderWithProviders(<AuditLogScreen />)
    expect(await screen.findByText('Események betöltése...')).toBeInTheDocument()
  })

  it('shows the failure inline and as a toast when the log cannot be loaded, and retries', async () => {
    let fail = true
    server.use(
      http.get(`${API}/auditlog`, () =>
        fail
          ? HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })
          : HttpResponse.json({ logs: [], total: 0, totalIsEstimate: false, nextCursor: null }),
      ),
      http.get(`${API}/auditlog/users`, () => HttpResponse.json({ users: [] })),
    )
    const { user } = renderWithProviders(<AuditLogScreen />)
    await waitFor(() =>
      expect(screen.getAllByText('Hiba történt az audit napló betöltése közben.')).toHaveLength(2),
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Hiba történt az audit napló betöltése közben.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
    expect(await screen.findByText('Nincs esemény')).toBeInTheDocument()
  })

  it('treats an answer without a logs array as a failure', async () => {
    server.use(
      http.get(`${API}/auditlog`, () => HttpResponse.json({ total: 3 })),
      http.get(`${API}/auditlog/users`, () => HttpResponse.json({ users: [] })),
    )
    renderWithProviders(<AuditLogScreen />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hiba történt az audit napló betöltése közben.',
    )
  })

  it('says "Nincs esemény" / "Még nem történt naplózott esemény a rendszerben." for an empty log', async () => {
    serveLog([], { users: [] })
    renderWithProviders(<AuditLogScreen />)
    expect(await screen.findByText('Nincs esemény')).toBeInTheDocument()
    expect(screen.getByText('Még nem történt naplózott esemény a rendszerben.')).toBeInTheDocument()
    expect(screen.getByText('0 esemény')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Szűrők törlése' })).not.toBeInTheDocument()
  })

  it('says "Nincs találat" / "A keresési feltételeknek megfelelő esemény nem található." for a search without match', async () => {
    const asked = serveLog(fixture(5))
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    await user.type(screen.getByRole('searchbox', { name: 'Keresés a naplóban' }), 'semmi ilyen')
    expect(await screen.findByText('Nincs találat')).toBeInTheDocument()
    expect(screen.getByText('A keresési feltételeknek megfelelő esemény nem található.')).toBeInTheDocument()
    // The search is sent when typing pauses, not per keystroke (on a loaded machine a keystroke can itself take
    // longer than the pause, so the count is bounded rather than exact: a CI run saw [null, 'sem', 'semmi ilyen']).
    const searches = asked.map((request) => request.q)
    expect(searches[0]).toBeNull()
    expect(searches.at(-1)).toBe('semmi ilyen')
    expect(searches.length).toBeLessThan(1 + 'semmi ilyen'.length)
  })

  it('shows each entry with its type badge, user, Hungarian time, description and id, and the count', async () => {
    const asked = serveLog(fixture(3))
    renderWithProviders(<AuditLogScreen />)
    await feed()
    expect(await screen.findByText('3 esemény')).toBeInTheDocument()
    const [first, second] = articles()
    expect(within(first).getByText('Rövid link létrehozása')).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'anna' })).toBeInTheDocument()
    expect(within(first).getByText('2025. március 10. 14:05:09')).toBeInTheDocument()
    expect(within(first).getByText(/Létrehozta a rövid linket/)).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'kod3' })).toBeInTheDocument()
    expect(within(first).getByText('Azonosító: e3')).toBeInTheDocument()
    expect(within(second).getByText('2025. március 10. 14:04:09')).toBeInTheDocument()
    expect(asked[0]).toMatchObject({ page: '1', limit: '20', cursor: null, auth: 'tok-audit' })
    expect(screen.getByText('Nincs több esemény.')).toBeInTheDocument()
  })

  it("says 'több mint N esemény' when the server's total is an estimate", async () => {
    serveLog(fixture(3), { estimate: true })
    renderWithProviders(<AuditLogScreen />)
    expect(await screen.findByText(/^több mint 10\s000 esemény$/)).toBeInTheDocument()
  })

  it("shows 'Hibás napló bejegyzés', 'Ismeretlen művelet', 'Ismeretlen időpont' and 'Érvénytelen időpont'", async () => {
    serveLog([
      { _id: 'x1', user: 'anna', action: { type: 'launchRocket', timestamp: BASE } },
      { _id: 'x2', user: 'anna', action: { type: 'createNote' }, groupName: '9.A' },
      { _id: 'x3', user: 'anna', action: { type: 'createNote', timestamp: 'tegnap' }, groupName: '9.B' },
      { user: 'anna', nonsense: true },
    ])
    renderWithProviders(<AuditLogScreen />)
    await feed()
    const [unknown, noTime, badTime, malformed] = articles()
    expect(within(unknown).getAllByText('Ismeretlen művelet')).toHaveLength(2)
    expect(within(noTime).getByText('Ismeretlen időpont')).toBeInTheDocument()
    expect(within(badTime).getByText('Érvénytelen időpont')).toBeInTheDocument()
    expect(within(malformed).getByText('Hibás napló bejegyzés')).toBeInTheDocument()
  })

  it('loads the next page when the last entry shows, merges by _id, and ends with "Nincs több esemény."', async () => {
    const entries = fixture(45)
    const asked = serveLog(entries)
    renderWithProviders(<AuditLogScreen />)
    await feed()
    expect(asked).toHaveLength(1)
    expect(screen.queryByText('Nincs több esemény.')).not.toBeInTheDocument()

    scrollToEnd()
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toMatchObject({ page: '2', cursor: 'e26' })
    await waitFor(() => expect(parseFloat(screen.getByRole('feed').style.height)).toBeGreaterThan(20 * 92))
    scrollToEnd()
    await waitFor(() => expect(asked).toHaveLength(3))
    expect(asked[2]).toMatchObject({ page: '3', cursor: 'e6' })
    expect(await screen.findByText('Nincs több esemény.')).toBeInTheDocument()
    scrollToEnd()
    await waitFor(() => expect(shownIds()).toContain('e1'))
    expect(screen.getByRole('feed')).toHaveStyle({ height: `${45 * 92}px` })
    // Only a screenful of rows (plus overscan) is in the DOM.
    expect(articles().length).toBeLessThan(20)
    expect(asked).toHaveLength(3)
  })

  it('drops an entry that a later page repeats', async () => {
    // The second page repeats the first page's last entry (a new entry arrived between the two loads).
    const entries = fixture(25)
    let calls = 0
    server.use(
      http.get(`${API}/auditlog`, () => {
        calls++
        const logs = calls === 1 ? entries.slice(0, 20) : entries.slice(19, 25)
        return HttpResponse.json({ logs, total: 25, totalIsEstimate: false, nextCursor: 'x' })
      }),
      http.get(`${API}/auditlog/users`, () => HttpResponse.json({ users: [] })),
    )
    renderWithProviders(<AuditLogScreen />)
    await feed()
    scrollToEnd()
    await screen.findByText('Nincs több esemény.')
    expect(screen.getByRole('feed')).toHaveStyle({ height: `${25 * 92}px` })
  })

  it('says so in the footer when the next page fails, and loads it on Újrapróbálás', async () => {
    const entries = fixture(30)
    let failNext = true
    serveLog(entries)
    server.use(
      http.get(`${API}/auditlog`, ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '2' && failNext)
          return HttpResponse.json({ code: 500, message: 'x' }, { status: 500 })
        return undefined
      }),
    )
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    scrollToEnd()
    const footer = await screen.findByRole('button', { name: 'Újrapróbálás' })
    expect(
      screen.getAllByText('Hiba történt az audit napló betöltése közben.').length,
    ).toBeGreaterThanOrEqual(1)
    // The entries already shown stay.
    expect(articles().length).toBeGreaterThan(0)
    failNext = false
    await user.click(footer)
    expect(await screen.findByText('Nincs több esemény.')).toBeInTheDocument()
  })

  it('restarts at page 1 when a filter changes, with the checked types, and the chips and Szűrők törlése', async () => {
    const asked = serveLog(fixture(45))
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    scrollToEnd()
    await waitFor(() => expect(asked).toHaveLength(2))

    const menu = await openMenu(user, /^Események/)
    expect(within(menu).getByText('Tantermek')).toBeInTheDocument()
    expect(within(menu).getByText('Biztonság')).toBeInTheDocument()
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Rövid link létrehozása' }))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(asked).toHaveLength(3))
    expect(asked[2]).toMatchObject({ page: '1', cursor: null })
    expect(asked[2].types?.split(',')).toEqual(AUDIT_TYPES.filter((type) => type !== 'createShortUrl'))
    expect(await screen.findByText('6 esemény')).toBeInTheDocument()
    expect(shownIds()).toEqual(['e42', 'e35', 'e28', 'e21', 'e14', 'e7'])

    expect(
      screen.getByText(`Események: ${AUDIT_TYPES.length - 1} / ${AUDIT_TYPES.length} eseménytípus`),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Szűrők törlése' }))
    await waitFor(() => expect(screen.getByText('45 esemény')).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Szűrők törlése' })).not.toBeInTheDocument()
  })

  it('never lets the last checked event type be unchecked', async () => {
    serveLog(fixture(3))
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    const menu = await openMenu(user, /^Események/)
    for (const type of AUDIT_TYPES.slice(1)) {
      const item = within(menu)
        .getAllByRole('menuitemcheckbox')
        .find((candidate) => candidate.getAttribute('data-value') === type)!
      await user.click(item)
    }
    const last = within(menu)
      .getAllByRole('menuitemcheckbox')
      .filter((item) => item.getAttribute('aria-checked') === 'true')
    expect(last).toHaveLength(1)
    expect(last[0]).toHaveAttribute('data-value', AUDIT_TYPES[0])
    expect(last[0]).toHaveAttribute('aria-disabled', 'true')
    await user.click(last[0])
    expect(last[0]).toHaveAttribute('aria-checked', 'true')
    await waitFor(() => expect(screen.getByText('Események: Tanterem létrehozása')).toBeInTheDocument())
  })

  it('sends the user only when exactly one is selected (spec §5)', async () => {
    const asked = serveLog(fixture(14))
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    const menu = await openMenu(user, /^Felhasználók/)
    await user.click(await within(menu).findByRole('menuitemcheckbox', { name: 'cecil' }))
    await waitFor(() => expect(asked.at(-1)?.user).toBe('cecil'))
    expect(await screen.findByText('2 esemény')).toBeInTheDocument()
    expect(screen.getByText('Felhasználó: cecil')).toBeInTheDocument()

    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'anna' }))
    // Two users: no user is sent, so the unfiltered log (already loaded) shows again.
    expect(await screen.findByText('14 esemény')).toBeInTheDocument()
    expect(asked.map((request) => request.user)).toEqual([null, 'cecil'])
    expect(screen.getByText(/Több felhasználó kiválasztásakor/)).toBeInTheDocument()
    expect(screen.getByText('Felhasználó: anna')).toBeInTheDocument()

    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Szűrő eltávolítása: Felhasználó: cecil' }))
    await waitFor(() => expect(asked.at(-1)?.user).toBe('anna'))
  })

  it('sends the first day of the chosen period, in the school calendar', async () => {
    const asked = serveLog(fixture(3))
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    const menu = await openMenu(user, /^Időszak/)
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Ma', 'Utolsó 7 nap', 'Utolsó 30 nap', 'Minden'])
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Ma' }))
    await waitFor(() => expect(asked.at(-1)?.from).toBe(dayInZone(new Date())))
    // The fixture is from 2025: nothing today.
    expect(await screen.findByText('Nincs találat')).toBeInTheDocument()
    expect(screen.getByText('Időszak: Ma')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Időszak/ }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Utolsó 30 nap' }))
    await waitFor(() => expect(asked.at(-1)?.from).not.toBe(dayInZone(new Date())))
    const day = new Date(`${dayInZone(new Date())}T12:00:00Z`)
    day.setUTCDate(day.getUTCDate() - 30)
    expect(asked.at(-1)?.from).toBe(day.toISOString().slice(0, 10))
  })

  it("filters to an entity's history when it is clicked in an entry", async () => {
    const asked = serveLog(fixture(14))
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    await user.click(screen.getByRole('button', { name: 'Terem 14' }))
    await waitFor(() => expect(asked.at(-1)?.q).toBe('Terem 14'))
    expect(screen.getByRole('searchbox', { name: 'Keresés a naplóban' })).toHaveValue('Terem 14')
    expect(await screen.findByText('1 esemény')).toBeInTheDocument()

    await user.click(within(articles()[0]).getByRole('button', { name: 'cecil' }))
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ q: 'Terem 14', user: 'cecil' }))
  })

  it('exports the current view as CSV through the token-carrying download', async () => {
    serveLog(fixture(3))
    const exports: { query: string; auth: string | null }[] = []
    server.use(
      http.get(`${API}/auditlog/export.csv`, ({ request }) => {
        exports.push({ query: new URL(request.url).search, auth: request.headers.get('Authorization') })
        return new HttpResponse('_id,timestamp\r\n', { headers: { 'Content-Type': 'text/csv' } })
      }),
    )
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:naplo')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download}|${this.getAttribute('href')}`)
    })
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    await user.click(screen.getByRole('button', { name: 'kod3' }))
    await waitFor(() => expect(screen.getByText('1 esemény')).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Exportálás' }))
    await waitFor(() => expect(clicked).toEqual([`auditlog-${dayInZone(new Date())}.csv|blob:naplo`]))
    expect(exports).toEqual([{ query: '?q=kod3', auth: 'tok-audit' }])
  })

  it('tells the user when the export fails', async () => {
    serveLog(fixture(3))
    server.use(
      http.get(`${API}/auditlog/export.csv`, () =>
        HttpResponse.json({ code: 500, message: 'x' }, { status: 500 }),
      ),
    )
    const { user } = renderWithProviders(<AuditLogScreen />)
    await feed()
    await user.click(screen.getByRole('button', { name: 'Exportálás' }))
    expect(await screen.findByText('Hiba történt az exportálás közben.')).toBeInTheDocument()
  })

  it('offline, shows the cached page with the offline marker and says the next page needs the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const asked = serveLog(fixture(45))
    renderWithProviders(<AuditLogScreen />)
    await feed()
    expect(screen.getByText(/^Nincs hálózat/)).toBeInTheDocument()
    scrollToEnd()
    expect(
      await screen.findByText('A további események betöltéséhez hálózati kapcsolat szükséges.'),
    ).toBeInTheDocument()
    expect(asked).toHaveLength(1)
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE, type OutboxState } from '@/lib/outbox/outbox'
import { page } from '@/lib/page'
import { createQueryClient } from '@/lib/query-client'
import { dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { App } from '../app'

let reload: ReturnType<typeof vi.spyOn>
let networkUp = false
let posted: unknown[] = []
let logouts = 0

beforeEach(() => {
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  networkUp = false
  posted = []
  logouts = 0
  server.use(
    userSettingsHandler(),
    dashboardHandler(),
    http.get(`${API}/students/`, () => HttpResponse.json({ students: [] })),
    http.post(`${API}/work/hours`, async ({ request }) => {
      if (!networkUp) return HttpResponse.error()
      posted.push(await request.json())
      return HttpResponse.json({ code: 200, message: 'Munkaidő rögzítve.' })
    }),
    http.post(`${API}/auth/logout`, () => {
      logouts++
      return HttpResponse.json({ code: 200, message: 'Sikeres kijelentkezés.' })
    }),
  )
  signIn()
  // As after an earlier page of the same session: the outbox runs (the shell starts it too).
  outbox.start()
})

afterEach(async () => {
  outbox.stop()
  // A flush still under way (the backoff timer's, on a slow machine) ends before the store is emptied: it cannot
  // write an item back into the next test's queue.
  await outbox.idle()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
  vi.restoreAllMocks()
})

/** Settles when the outbox's state satisfies `done`: checked on each change, bounded by the test's timeout only. */
function outboxReaches(done: (state: OutboxState) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(outbox.getSnapshot())) return resolve()
    const unsubscribe = outbox.subscribe(() => {
      if (!done(outbox.getSnapshot())) return
      unsubscribe()
      resolve()
    })
  })
}

/** Two writes that could not be sent (the network is down). */
async function queueTwo() {
  await outbox.enqueue(
    {
      method: 'POST',
      url: '/work/hours',
      body: { date: '2026-11-20', hours: 8 },
      label: 'Munkaidő: november 20. – 8 óra',
    },
    ['workHours'],
  )
  await outbox.enqueue(
    {
      method: 'POST',
      url: '/work/hours',
      body: { date: '2026-11-21', hours: 4 },
      label: 'Munkaidő: november 21. – 4 óra',
    },
    ['workHours'],
  )
  // The first one was tried and failed; the second waits behind it (items go in order).
  await outboxReaches(({ items, flushing }) => (items[0]?.attempts ?? 0) > 0 && !flushing)
  expect(outbox.getSnapshot().items).toHaveLength(2)
}

function renderApp() {
  return renderWithProviders(<App queryClient={createQueryClient({ retry: false })} />)
}

async function menu() {
  return screen.findByRole('navigation', { name: 'Főmenü' })
}

describe('the outbox in the shell', () => {
  it('shows no badge while nothing waits', async () => {
    renderApp()
    const nav = await menu()
    expect(within(nav).queryByRole('button', { name: /elküldésre vár/ })).not.toBeInTheDocument()
  })

  it("shows how many writes wait; the panel lists what, when and the last error, and 'Szinkronizálás most' sends them", async () => {
    await queueTwo()
    const { user } = renderApp()
    const nav = await menu()
    const badge = await within(nav).findByRole('button', { name: '2 módosítás elküldésre vár' })
    expect(badge).toHaveTextContent('2')
    await user.click(badge)

    const list = await screen.findByRole('list', { name: 'Elküldésre vár' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Munkaidő: november 20. – 8 óra',
      'Munkaidő: november 21. – 4 óra',
    ])
    expect(rows[0]).toHaveTextContent(/\d{4}\. \p{L}+ \d{1,2}\. \d{2}:\d{2}/u)
    expect(rows[0]).toHaveTextContent('Utolsó hiba: Hiba történt a kapcsolat során.')

    networkUp = true
    await user.click(screen.getByRole('button', { name: 'Szinkronizálás most' }))
    await waitFor(() =>
      expect(within(nav).queryByRole('button', { name: /elküldésre vár/ })).not.toBeInTheDocument(),
    )
    expect(posted).toEqual([
      { date: '2026-11-20', hours: 8 },
      { date: '2026-11-21', hours: 4 },
    ])
  })

  it('lists a refused write with the server message until it is dismissed', async () => {
    server.use(
      http.post(`${API}/work/hours`, () =>
        HttpResponse.json({ code: 400, message: 'Érvénytelen dátum.' }, { status: 400 }),
      ),
    )
    await outbox.enqueue(
      {
        method: 'POST',
        url: '/work/hours',
        body: { date: '2026-02-30', hours: 8 },
        label: 'Munkaidő: február 30.',
      },
      ['workHours'],
    )
    await outboxReaches(({ rejected, flushing }) => rejected.length === 1 && !flushing)
    const { user } = renderApp()
    const nav = await menu()
    await user.click(await within(nav).findByRole('button', { name: '1 módosítást elutasított a szerver' }))
    const list = await screen.findByRole('list', { name: 'A szerver elutasította' })
    expect(list).toHaveTextContent('Elutasítva: Érvénytelen dátum.')
    await user.click(within(list).getByRole('button', { name: 'Elrejtés: Munkaidő: február 30.' }))
    await waitFor(() =>
      expect(within(nav).queryByRole('button', { name: /elutasított/ })).not.toBeInTheDocument(),
    )
  })

  describe('logging out with unsent writes', () => {
    it("asks first, and 'Maradok' keeps the session and the writes", async () => {
      await queueTwo()
      const { user } = renderApp()
      const nav = await menu()
      await within(nav).findByRole('button', { name: '2 módosítás elküldésre vár' })
      await user.click(within(nav).getByRole('button', { name: 'Kijelentkezés' }))
      const dialog = await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })
      expect(dialog).toHaveTextContent(
        '2 módosítás elküldésre vár. Ha most kijelentkezel, ezek a módosítások elvesznek.',
      )
      await user.click(within(dialog).getByRole('button', { name: 'Maradok' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
      expect(logouts).toBe(0)
      expect(reload).not.toHaveBeenCalled()
      expect(outbox.getSnapshot().items).toHaveLength(2)
    })

    it("'Kijelentkezés mégis' logs out and the writes are wiped", async () => {
      await queueTwo()
      const { user } = renderApp()
      const nav = await menu()
      await within(nav).findByRole('button', { name: '2 módosítás elküldésre vár' })
      await user.click(within(nav).getByRole('button', { name: 'Kijelentkezés' }))
      const dialog = await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })
      await user.click(within(dialog).getByRole('button', { name: 'Kijelentkezés mégis' }))
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
      expect(logouts).toBe(1)
      expect(localStorage.getItem('token')).toBeNull()
      expect(posted).toEqual([])
      const { entries } = await import('idb-keyval')
      expect(await entries(createStore(OUTBOX_DATABASE, OUTBOX_STORE))).toEqual([])
    })

    it("'Küldés most' sends the writes, then logs out", async () => {
      await queueTwo()
      const { user } = renderApp()
      const nav = await menu()
      await within(nav).findByRole('button', { name: '2 módosítás elküldésre vár' })
      await user.click(within(nav).getByRole('button', { name: 'Kijelentkezés' }))
      const dialog = await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })
      networkUp = true
      await user.click(within(dialog).getByRole('button', { name: 'Küldés most' }))
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
      expect(posted).toHaveLength(2)
      expect(logouts).toBe(1)
    })

    it("'Küldés most' without network says so and stays", async () => {
      await queueTwo()
      const { user } = renderApp()
      const nav = await menu()
      await within(nav).findByRole('button', { name: '2 módosítás elküldésre vár' })
      await user.click(within(nav).getByRole('button', { name: 'Kijelentkezés' }))
      const dialog = await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })
      await user.click(within(dialog).getByRole('button', { name: 'Küldés most' }))
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Nem sikerült mindent elküldeni: Hiba történt a kapcsolat során.',
      )
      expect(reload).not.toHaveBeenCalled()
    })

    it('logs out without asking when nothing waits', async () => {
      const { user } = renderApp()
      const nav = await menu()
      await user.click(within(nav).getByRole('button', { name: 'Kijelentkezés' }))
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    })
  })
})

/**
 * The 401 rule when the account was revoked (issue 17): whatever brings the 401, the signed-in app leaves the screen
 * at once (it may be showing cached data), the session's unsent writes are parked for the same account, and the rest
 * of the user's data is wiped.
 */
import { screen, waitFor } from '@testing-library/react'
import { clear, createStore, entries } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiCacheName } from '@contract/api-cache-name'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '../lib/outbox/outbox'
import { PARKED_DATABASE, PARKED_STORE, readOutboxKey, rememberOutboxKey } from '../lib/outbox/parked-writes'
import { page } from '../lib/page'
import { createQueryClient } from '../lib/query-client'
import { handleUnauthorized } from '../session/session-actions'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '../test/factories'
import { API, server } from '../test/msw'
import { renderWithProviders, signIn } from '../test/render'
import { App } from './app'

const parkedStore = createStore(PARKED_DATABASE, PARKED_STORE)
const outboxStore = createStore(OUTBOX_DATABASE, OUTBOX_STORE)
let reload: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
  server.use(
    userSettingsHandler(),
    // A student's app: the fewest requests at start (the rule is the same for every role).
    dashboardHandler(buildDashboard({ type: 'student' })),
    http.post(`${API}/work/hours`, () => HttpResponse.error()),
  )
  signIn('visszavont-token')
})

afterEach(async () => {
  outbox.stop()
  await clear(parkedStore)
  await clear(outboxStore)
  vi.restoreAllMocks()
})

describe('a revoked session', () => {
  it('takes the signed-in app off the screen as soon as the 401 rule starts, before the reload', async () => {
    renderWithProviders(<App queryClient={createQueryClient({ retry: false })} />)
    await screen.findByRole('navigation', { name: 'Főmenü' })

    await handleUnauthorized()
    // The reload is a no-op here: what left the screen was taken off by the rule itself.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Főmenü' })).not.toBeInTheDocument())
    expect(reload).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('parks the waiting writes for the same account, sealed, and wipes the queue and the key', async () => {
    rememberOutboxKey({
      owner: await apiCacheName('visszavont-token'),
      username: 'tanar.visszavont',
      key: 'k'.repeat(42) + 'A',
    })
    outbox.start()
    await outbox.enqueue(
      {
        method: 'POST',
        url: '/work/hours',
        body: { date: '2026-11-20', hours: 8 },
        label: 'Munkaidő: Kovács',
      },
      ['workHours'],
    )
    await waitFor(() => expect(outbox.getSnapshot().items[0]?.attempts).toBeGreaterThan(0))

    await handleUnauthorized()

    const bundles = await entries<IDBValidKey, { username: string; count: number; sealed: boolean }>(
      parkedStore,
    )
    expect(bundles.map(([, bundle]) => [bundle.username, bundle.count, bundle.sealed])).toEqual([
      ['tanar.visszavont', 1, true],
    ])
    expect(JSON.stringify(bundles)).not.toContain('Kovács')
    expect(await entries(outboxStore)).toEqual([])
    expect(readOutboxKey()).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
  })
})

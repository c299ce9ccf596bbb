import { screen, waitFor, within } from '@testing-library/react'
import { clear, createStore, entries } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiCacheName } from '@contract/api-cache-name'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '../lib/outbox/outbox'
import type { OutboxItem } from '../lib/outbox/outbox-item'
import {
  OUTBOX_KEY_STORAGE,
  PARKED_DATABASE,
  PARKED_STORE,
  parkWrites,
  readOutboxKey,
  rememberOutboxKey,
} from '../lib/outbox/parked-writes'
import { API, server } from '../test/msw'
import { renderWithProviders, signIn } from '../test/render'
import { ParkedWritesOffer } from './parked-writes-offer'

const KEY_A = 'a'.repeat(42) + 'A'
const KEY_B = 'b'.repeat(42) + 'A'
const parkedStore = createStore(PARKED_DATABASE, PARKED_STORE)
const outboxStore = createStore(OUTBOX_DATABASE, OUTBOX_STORE)

let posted: { body: unknown; key: string | null }[] = []

function item(id: string, date: string, hours: number): OutboxItem {
  return {
    id,
    method: 'POST',
    url: '/work/hours',
    body: { date, hours },
    label: `Munkaidő: ${date} – ${hours} óra`,
    createdAt: Date.parse(date),
    attempts: 1,
    lastError: null,
    queryKey: ['workHours'],
    owner: 'api-of-the-old-session',
    status: 'waiting',
  }
}

/** What the 401 rule left on the device for `username`: two writes sealed with `key`. */
async function parkedBy(username: string, key: string) {
  rememberOutboxKey({ owner: 'api-of-the-old-session', username, key })
  await parkWrites([item('w1', '2026-11-20', 8), item('w2', '2026-11-21', 4)], 'api-of-the-old-session')
}

function signedInAs(username: string, key: string) {
  signIn('uj-token')
  server.use(http.get(`${API}/auth/outbox-key`, () => HttpResponse.json({ username, key })))
}

beforeEach(() => {
  posted = []
  // As in the signed-in app, where the shell runs the outbox.
  outbox.start()
  server.use(
    http.post(`${API}/work/hours`, async ({ request }) => {
      posted.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') })
      return HttpResponse.json({ code: 200, message: 'Munkaidő rögzítve.' })
    }),
  )
})

afterEach(async () => {
  outbox.stop()
  await clear(parkedStore)
  await clear(outboxStore)
})

describe('the parked-writes offer at sign-in', () => {
  it("offers the same account's parked writes; 'Küldés' sends each once, with its own key, as this session's", async () => {
    await parkedBy('tanar.a', KEY_A)
    signedInAs('tanar.a', KEY_A)
    const { user } = renderWithProviders(<ParkedWritesOffer />)

    const dialog = await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })
    expect(dialog).toHaveTextContent('2 elküldetlen módosítás vár: elküldöd?')
    expect(dialog).toHaveTextContent('Munkaidő: 2026-11-20 – 8 óra')
    // The session's key is kept for a later 401 of this session.
    expect(readOutboxKey()).toEqual({
      owner: await apiCacheName('uj-token'),
      username: 'tanar.a',
      key: KEY_A,
    })

    await user.click(within(dialog).getByRole('button', { name: 'Küldés' }))
    await waitFor(() => expect(posted).toHaveLength(2))
    expect(posted).toEqual([
      { body: { date: '2026-11-20', hours: 8 }, key: 'w1' },
      { body: { date: '2026-11-21', hours: 4 }, key: 'w2' },
    ])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(await entries(parkedStore)).toEqual([])
  })

  it("'Elvetés' asks first; 'Mégsem' keeps them, the confirmation deletes them unsent", async () => {
    await parkedBy('tanar.a', KEY_A)
    signedInAs('tanar.a', KEY_A)
    const { user } = renderWithProviders(<ParkedWritesOffer />)

    const offer = await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })
    await user.click(within(offer).getByRole('button', { name: 'Elvetés' }))
    let confirm = await screen.findByRole('alertdialog', { name: 'Módosítások elvetése' })
    expect(confirm).toHaveTextContent('Biztosan elveted a(z) 2 elküldetlen módosítást?')
    await user.click(within(confirm).getByRole('button', { name: 'Mégsem' }))
    expect(await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })).toBeInTheDocument()
    expect(await entries(parkedStore)).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Elvetés' }))
    confirm = await screen.findByRole('alertdialog', { name: 'Módosítások elvetése' })
    await user.click(within(confirm).getByRole('button', { name: 'Elvetés' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(await entries(parkedStore)).toEqual([])
    expect(posted).toEqual([])
  })

  it("another account on the device sees and sends only its own: the first account's stay, unread", async () => {
    await parkedBy('tanar.a', KEY_A)
    rememberOutboxKey({ owner: 'api-of-b', username: 'tanar.b', key: KEY_B })
    await parkWrites([item('b1', '2026-11-23', 2)], 'api-of-b')
    signedInAs('tanar.b', KEY_B)
    const { user } = renderWithProviders(<ParkedWritesOffer />)

    const dialog = await screen.findByRole('alertdialog', { name: 'Elküldetlen módosítások' })
    expect(dialog).toHaveTextContent('1 elküldetlen módosítás vár: elküldöd?')
    expect(dialog).not.toHaveTextContent('2026-11-20')
    await user.click(within(dialog).getByRole('button', { name: 'Küldés' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({ body: { date: '2026-11-23', hours: 2 }, key: 'b1' })
    await waitFor(async () => expect(await entries(parkedStore)).toHaveLength(1))
    const [[, left]] = await entries<IDBValidKey, { username: string }>(parkedStore)
    expect(left.username).toBe('tanar.a')
  })

  it('nothing parked for the account: no question', async () => {
    await parkedBy('tanar.a', KEY_A)
    signedInAs('tanar.b', KEY_B)
    renderWithProviders(<ParkedWritesOffer />)
    await waitFor(() => expect(localStorage.getItem(OUTBOX_KEY_STORAGE)).toContain('tanar.b'))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(posted).toEqual([])
  })
})

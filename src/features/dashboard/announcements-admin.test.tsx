/**
 * Announcements managed on Kezdőlap (issue 11, feature createAdminAlert), over MSW with the outbox running: the empty
 * state, the form's rules, creating and deleting through the outbox, a queued announcement offline, a refusal.
 * The reader's side (close, closedAlerts) is in dashboard-screen.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Alert } from '@contract/api'
import { LIMITS } from '@contract/limits'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { ALERT_MESSAGES } from './api/alerts'
import { Announcements } from './components/announcements'
import { ALERT_TOO_LONG, EMPTY_ALERT } from './components/alert-dialog'

function App() {
  useOutboxRunner()
  return <Announcements />
}

interface Calls {
  posted: unknown[]
  deleted: string[]
}

/** GET /alerts answers `alerts` as they stand; POST and DELETE change them unless `answer` says otherwise. */
function serve(
  initial: Alert[],
  {
    post,
    remove,
    type = 'admin',
  }: { post?: () => Response; remove?: () => Response; type?: 'admin' | 'teacher' } = {},
): Calls {
  let alerts = [...initial]
  const calls: Calls = { posted: [], deleted: [] }
  server.use(
    dashboardHandler(buildDashboard({ type })),
    userSettingsHandler(),
    http.get(`${API}/alerts`, () => HttpResponse.json({ code: 200, alerts })),
    http.post(`${API}/alerts`, async ({ request }) => {
      const body = (await request.json()) as { message: string }
      calls.posted.push(body)
      if (post) return post()
      alerts = [
        ...alerts,
        { id: `a${alerts.length + 1}`, _id: `a${alerts.length + 1}`, message: body.message },
      ]
      return HttpResponse.json({ code: 201, alerts }, { status: 201 })
    }),
    http.delete(`${API}/alerts/:id`, ({ params }) => {
      calls.deleted.push(String(params.id))
      if (remove) return remove()
      alerts = alerts.filter((alert) => alert.id !== params.id)
      return HttpResponse.json({ code: 200, message: 'Értesítés törölve.' })
    }),
  )
  return calls
}

function renderAnnouncements() {
  signIn()
  return renderWithProviders(<App />, { withSettings: true })
}

const section = () => screen.findByRole('region', { name: 'Értesítések' })

afterEach(async () => {
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
})

describe('Értesítések for an administrator', () => {
  it("shows the section with 'Új értesítés' and 'Nincs közzétett értesítés.' when there is none", async () => {
    serve([])
    renderAnnouncements()
    const region = await section()
    expect(await within(region).findByText('Nincs közzétett értesítés.')).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Új értesítés' })).toBeInTheDocument()
  })

  it('a teacher without createAdminAlert sees neither the section nor a delete button', async () => {
    serve([{ id: 'a1', _id: 'a1', message: 'Szünet lesz.' }], { type: 'teacher' })
    renderAnnouncements()
    const region = await section()
    expect(await within(region).findByText('Szünet lesz.')).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: 'Új értesítés' })).not.toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: 'Értesítés törlése' })).not.toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Értesítés bezárása' })).toBeInTheDocument()
  })

  it('refuses an empty and a too long text and sends nothing', async () => {
    const calls = serve([])
    const { user } = renderAnnouncements()
    await user.click(within(await section()).getByRole('button', { name: 'Új értesítés' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új értesítés' })
    await user.type(within(dialog).getByLabelText('Értesítés szövege'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Közzététel' }))
    expect(await within(dialog).findByText(EMPTY_ALERT)).toBeInTheDocument()

    const field = within(dialog).getByLabelText('Értesítés szövege')
    await user.clear(field)
    await user.click(field)
    await user.paste('x'.repeat(LIMITS.alertMax + 1))
    await user.click(within(dialog).getByRole('button', { name: 'Közzététel' }))
    expect(await within(dialog).findByText(ALERT_TOO_LONG)).toBeInTheDocument()
    expect(calls.posted).toEqual([])
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it("publishes the trimmed text through the outbox once and says 'Értesítés sikeresen közzétéve.'", async () => {
    const calls = serve([])
    const { user } = renderAnnouncements()
    await user.click(within(await section()).getByRole('button', { name: 'Új értesítés' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új értesítés' })
    await user.type(within(dialog).getByLabelText('Értesítés szövege'), '  Holnap tűzriadó-gyakorlat.  ')
    await user.click(within(dialog).getByRole('button', { name: 'Közzététel' }))

    expect(await screen.findByText(ALERT_MESSAGES.created)).toBeInTheDocument()
    expect(calls.posted).toEqual([{ message: 'Holnap tűzriadó-gyakorlat.' }])
    const region = await section()
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1))
    expect(within(region).getByText('Holnap tűzriadó-gyakorlat.')).toBeInTheDocument()
    expect(within(region).queryByText('Elküldésre vár')).not.toBeInTheDocument()
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it("without network, keeps the announcement queued and shows it with 'Elküldésre vár'", async () => {
    const calls = serve([], { post: () => HttpResponse.error() })
    const { user } = renderAnnouncements()
    await user.click(within(await section()).getByRole('button', { name: 'Új értesítés' }))
    const dialog = await screen.findByRole('dialog', { name: 'Új értesítés' })
    await user.type(within(dialog).getByLabelText('Értesítés szövege'), 'Offline értesítés')
    await user.click(within(dialog).getByRole('button', { name: 'Közzététel' }))

    expect(await screen.findByText(ALERT_MESSAGES.createQueued)).toBeInTheDocument()
    const item = within(await section()).getByRole('listitem')
    expect(item).toHaveTextContent('Offline értesítés')
    expect(item).toHaveTextContent('Elküldésre vár')
    expect(calls.posted).toHaveLength(1)
    expect(outbox.getSnapshot().items).toEqual([
      expect.objectContaining({ method: 'POST', url: '/alerts', body: { message: 'Offline értesítés' } }),
    ])
  })

  it('deletes an announcement after the confirmation, through the outbox', async () => {
    const calls = serve([
      { id: 'a1', _id: 'a1', message: 'Régi hír.' },
      { id: 'a2', _id: 'a2', message: 'Friss hír.' },
    ])
    const { user } = renderAnnouncements()
    const region = await section()
    await within(region).findByText('Régi hír.')
    const [first] = within(region).getAllByRole('button', { name: 'Értesítés törlése' })
    await user.click(first)
    const confirm = await screen.findByRole('alertdialog', { name: 'Értesítés törlése' })
    expect(confirm).toHaveTextContent('Régi hír.')
    await user.click(within(confirm).getByRole('button', { name: 'Mégsem' }))
    expect(calls.deleted).toEqual([])

    await user.click(within(region).getAllByRole('button', { name: 'Értesítés törlése' })[0])
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Értesítés törlése' })).getByRole('button', {
        name: 'Törlés',
      }),
    )
    expect(await screen.findByText(ALERT_MESSAGES.deleted)).toBeInTheDocument()
    expect(calls.deleted).toEqual(['a1'])
    await waitFor(() => expect(within(region).queryByText('Régi hír.')).not.toBeInTheDocument())
    expect(within(region).getByText('Friss hír.')).toBeInTheDocument()
  })

  it("says 'Hiba történt az értesítés törlése közben.' and shows it again when the server refuses", async () => {
    serve([{ id: 'a1', _id: 'a1', message: 'Marad.' }], {
      remove: () => HttpResponse.json({ code: 404, message: 'Nem található.' }, { status: 404 }),
    })
    const { user } = renderAnnouncements()
    const region = await section()
    await user.click(await within(region).findByRole('button', { name: 'Értesítés törlése' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Értesítés törlése' })).getByRole('button', {
        name: 'Törlés',
      }),
    )
    expect(await screen.findByText(ALERT_MESSAGES.deleteFailed)).toBeInTheDocument()
    expect(await within(region).findByText('Marad.')).toBeInTheDocument()
    expect(outbox.getSnapshot().items).toEqual([])
  })
})

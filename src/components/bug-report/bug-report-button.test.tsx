/**
 * 'Hiba bejelentése' (issue 11) over MSW with the outbox running: the button only with the
 * `featurePreview:builtinTicketForm` setting on; an empty text is refused; the screen is prefilled; the app adds its
 * version and never the token; a report filed offline shows 'Elküldésre vár' and is sent once when back online.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { clear, createStore } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { BUG_REPORT_MESSAGES } from '@/api/bug-reports'
import { APP_VERSION } from './app-version'
import { BugReportButton } from './bug-report-button'
import { EMPTY_BUG_REPORT } from './bug-report-dialog'

function App() {
  useOutboxRunner()
  return <BugReportButton screen="DiákKezdőlap" />
}

interface Calls {
  posted: { body: unknown; key: string | null; authorization: string | null }[]
  stored: unknown[]
}

/** POST /bug-reports fails as a lost network while `offline.value` is true, else stores once per Idempotency-Key. */
function serve(offline = { value: false }): Calls {
  const calls: Calls = { posted: [], stored: [] }
  const keys = new Set<string>()
  server.use(
    dashboardHandler(buildDashboard({ type: 'student' })),
    userSettingsHandler(),
    http.post(`${API}/bug-reports`, async ({ request }) => {
      const body = await request.json()
      const key = request.headers.get('idempotency-key')
      calls.posted.push({ body, key, authorization: request.headers.get('authorization') })
      if (offline.value) return HttpResponse.error()
      if (!key || !keys.has(key)) calls.stored.push(body)
      if (key) keys.add(key)
      return HttpResponse.json({ code: 201, message: 'Hibabejelentés elküldve.', id: 'r1' }, { status: 201 })
    }),
  )
  return calls
}

function renderHome(preview: boolean) {
  signIn('titkos-token')
  if (preview)
    localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:builtinTicketForm': true }))
  return renderWithProviders(<App />, { withSettings: true })
}

afterEach(async () => {
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
})

describe('Hiba bejelentése', () => {
  it('is not there while the preview setting is off', async () => {
    serve()
    const { queryClient } = renderHome(false)
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(screen.queryByRole('button', { name: 'Hiba bejelentése' })).not.toBeInTheDocument()
  })

  it('refuses an empty text and sends nothing; the screen is prefilled', async () => {
    const calls = serve()
    const { user } = renderHome(true)
    await user.click(await screen.findByRole('button', { name: 'Hiba bejelentése' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hiba bejelentése' })
    expect(within(dialog).getByLabelText('Melyik képernyőn?')).toHaveValue('DiákKezdőlap')
    await user.type(within(dialog).getByLabelText('Mi történt?'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Küldés' }))
    expect(await within(dialog).findByText(EMPTY_BUG_REPORT)).toBeInTheDocument()
    expect(calls.posted).toEqual([])
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it('sends the text, the screen and the app version — never the token in the body', async () => {
    const calls = serve()
    const { user } = renderHome(true)
    await user.click(await screen.findByRole('button', { name: 'Hiba bejelentése' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hiba bejelentése' })
    await user.type(within(dialog).getByLabelText('Mi történt?'), '  Nem látom az órarendet.  ')
    await user.click(within(dialog).getByRole('button', { name: 'Küldés' }))

    expect(await screen.findByText(BUG_REPORT_MESSAGES.sent)).toBeInTheDocument()
    expect(calls.stored).toEqual([
      { message: 'Nem látom az órarendet.', screen: 'DiákKezdőlap', appVersion: APP_VERSION },
    ])
    expect(JSON.stringify(calls.posted.map((call) => call.body))).not.toContain('titkos-token')
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it("filed offline: shows 'Elküldésre vár', then is sent once when the network is back", async () => {
    const offline = { value: true }
    const calls = serve(offline)
    const { user } = renderHome(true)
    await user.click(await screen.findByRole('button', { name: 'Hiba bejelentése' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hiba bejelentése' })
    await user.type(within(dialog).getByLabelText('Mi történt?'), 'Offline hiba')
    await user.click(within(dialog).getByRole('button', { name: 'Küldés' }))

    expect(await screen.findByText(BUG_REPORT_MESSAGES.queued)).toBeInTheDocument()
    expect(screen.getByText('Elküldésre vár')).toBeInTheDocument()
    expect(calls.stored).toEqual([])
    expect(outbox.getSnapshot().items).toEqual([
      expect.objectContaining({ method: 'POST', url: '/bug-reports' }),
    ])

    offline.value = false
    await act(() => outbox.syncNow())
    await waitFor(() => expect(screen.queryByText('Elküldésre vár')).not.toBeInTheDocument())
    expect(calls.stored).toEqual([
      { message: 'Offline hiba', screen: 'DiákKezdőlap', appVersion: APP_VERSION },
    ])
    // Every attempt carried the same Idempotency-Key: the outbox item's id.
    const keys = new Set(calls.posted.map((call) => call.key))
    expect(keys.size).toBe(1)
    expect([...keys][0]).toBeTruthy()
    expect(outbox.getSnapshot().items).toEqual([])
  })
})

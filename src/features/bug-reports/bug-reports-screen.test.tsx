/**
 * Hibabejelentések (issue 11, administrators) over MSW with the outbox running: loading, empty, load error with a
 * retry, the list newest first with text, screen, user, time and version, and 'Kész' marking one done (muted after).
 */
import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { clear, createStore } from 'idb-keyval'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { BugReport } from '@contract/api'
import { useOutboxRunner } from '@/lib/outbox'
import { outbox, OUTBOX_DATABASE, OUTBOX_STORE } from '@/lib/outbox/outbox'
import { buildDashboard, dashboardHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { BUG_REPORT_MESSAGES } from '@/api/bug-reports'
import BugReportsScreen, { formatReportTime } from './bug-reports-screen'

function App() {
  useOutboxRunner()
  return <BugReportsScreen />
}

const report = (id: string, createdAt: string, overrides: Partial<BugReport> = {}): BugReport => ({
  id,
  username: 'diak1',
  message: `Hiba ${id}`,
  screen: 'DiákKezdőlap',
  appVersion: '0.1.0',
  userAgent: null,
  createdAt,
  doneAt: null,
  doneBy: null,
  ...overrides,
})

function serve(initial: BugReport[] | 'error' | 'pending') {
  let reports = initial === 'error' || initial === 'pending' ? [] : [...initial]
  const done: string[] = []
  server.use(
    dashboardHandler(buildDashboard({ type: 'admin' })),
    http.get(`${API}/bug-reports`, async () => {
      if (initial === 'pending') await delay('infinite')
      if (initial === 'error') return HttpResponse.json({ code: 500, message: 'Hiba' }, { status: 500 })
      return HttpResponse.json({ code: 200, bugReports: reports })
    }),
    http.put(`${API}/bug-reports/:id/done`, ({ params }) => {
      done.push(String(params.id))
      reports = reports.map((r) =>
        r.id === params.id ? { ...r, doneAt: '2026-11-24T10:00:00.000Z', doneBy: 'admin1' } : r,
      )
      const bugReport = reports.find((r) => r.id === params.id)
      return HttpResponse.json({ code: 200, bugReport })
    }),
  )
  return done
}

function renderScreen() {
  signIn()
  return renderWithProviders(<App />)
}

afterEach(async () => {
  outbox.stop()
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE))
})

describe('Hibabejelentések', () => {
  it("shows 'Hibabejelentések betöltése...' while loading", async () => {
    serve('pending')
    renderScreen()
    expect(await screen.findByText('Hibabejelentések betöltése...')).toBeInTheDocument()
  })

  it("says 'Nincs hibabejelentés.' when there is none", async () => {
    serve([])
    renderScreen()
    expect(await screen.findByText('Nincs hibabejelentés.')).toBeInTheDocument()
  })

  it('says the load failed and offers a retry', async () => {
    serve('error')
    renderScreen()
    expect(await screen.findByText('Hiba történt a hibabejelentések betöltése közben.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Újrapróbálás' })).toBeInTheDocument()
  })

  it('lists the reports newest first with text, screen, user, time and version', async () => {
    serve([
      report('r1', '2026-11-20T08:00:00.000Z'),
      report('r2', '2026-11-23T09:30:00.000Z', {
        username: 'tanar2',
        screen: 'Csoportok',
        appVersion: '0.2.0',
      }),
    ])
    renderScreen()
    const list = await screen.findByRole('list', { name: 'Hibabejelentések' })
    const items = await within(list).findAllByRole('listitem')
    expect(items.map((item) => within(item).getByText(/^Hiba r/).textContent)).toEqual(['Hiba r2', 'Hiba r1'])
    expect(items[0]).toHaveTextContent('Képernyő: Csoportok')
    expect(items[0]).toHaveTextContent('Felhasználó: tanar2')
    expect(items[0]).toHaveTextContent(`Időpont: ${formatReportTime('2026-11-23T09:30:00.000Z')}`)
    expect(items[0]).toHaveTextContent('Verzió: 0.2.0')
  })

  it("'Kész' marks a report done through the outbox; it stays muted with who marked it", async () => {
    const done = serve([report('r1', '2026-11-20T08:00:00.000Z')])
    const { user } = renderScreen()
    const item = await screen.findByRole('listitem', { name: 'Nyitott hibabejelentés' })
    await user.click(within(item).getByRole('button', { name: 'Kész' }))

    expect(await screen.findByText(BUG_REPORT_MESSAGES.done)).toBeInTheDocument()
    expect(done).toEqual(['r1'])
    const marked = await screen.findByRole('listitem', { name: 'Kész hibabejelentés' })
    await waitFor(() => expect(marked).toHaveTextContent('Kész (admin1)'))
    expect(within(marked).queryByRole('button', { name: 'Kész' })).not.toBeInTheDocument()
    expect(outbox.getSnapshot().items).toEqual([])
  })

  it('has no serious or critical axe violation, with an open and a done report', async () => {
    document.documentElement.lang = 'hu'
    serve([
      report('r1', '2026-11-20T08:00:00.000Z'),
      report('r2', '2026-11-21T08:00:00.000Z', { doneAt: '2026-11-22T08:00:00.000Z', doneBy: 'admin1' }),
    ])
    const { container } = renderScreen()
    await screen.findByRole('listitem', { name: 'Kész hibabejelentés' })
    const results = await axe.run(container, { resultTypes: ['violations'] })
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([])
  })
})

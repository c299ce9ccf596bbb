import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HTTPS_NOTICE_DISMISSED_KEY, HTTPS_NOTICE_TEXT } from '@/components/https-notice'
import { createQueryClient } from '@/lib/query-client'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { App } from '../app'

vi.mock('@/lib/offline/user-data', () => ({
  wipeUserData: async () => {},
  registerQueryClientForWipe: () => {},
}))

/** As a page at http://<server-ip>:8080 has it. */
function openOverPlainHttp(insecure: boolean) {
  Object.defineProperty(window, 'isSecureContext', { value: !insecure, configurable: true })
}

beforeEach(() => {
  document.documentElement.lang = 'hu'
  document.title = 'Oktatói Portál'
  document.documentElement.className = ''
  // The shell warms the admin's screens; their data is no part of this test.
  server.use(http.get(`${API}/*`, () => HttpResponse.json({ message: 'Nem található.' }, { status: 404 })))
  server.use(
    userSettingsHandler({}),
    http.get(`${API}/students/`, () => HttpResponse.json({ students: [] })),
  )
})
afterEach(() => {
  delete (window as { isSecureContext?: boolean }).isSecureContext
  document.documentElement.className = ''
})

async function renderAs(type: 'admin' | 'teacher' | 'student') {
  signIn()
  server.use(dashboardHandler(buildDashboard({ type })))
  const rendered = renderWithProviders(<App queryClient={createQueryClient({ retry: false })} />)
  const nav = await screen.findByRole('navigation', { name: 'Főmenü' })
  return { ...rendered, nav }
}

const banner = () => screen.queryByRole('region', { name: 'HTTPS értesítés' })

async function openSettings(user: Awaited<ReturnType<typeof renderAs>>['user'], nav: HTMLElement) {
  await user.click(within(nav).getByRole('button', { name: 'Beállítások' }))
  await screen.findByRole('navigation', { name: 'Beállítás kategóriák' })
}

describe('the HTTPS notice on a plain-http page', () => {
  it('shows administrators a banner naming the README section; × hides it on this device for good', async () => {
    openOverPlainHttp(true)
    const first = await renderAs('admin')
    const shown = banner()
    expect(shown).toBeInTheDocument()
    expect(shown).toHaveTextContent(HTTPS_NOTICE_TEXT)
    expect(shown).toHaveTextContent('„On the school network” fejezet')
    await first.user.click(within(shown!).getByRole('button', { name: 'HTTPS értesítés bezárása' }))
    await waitFor(() => expect(banner()).not.toBeInTheDocument())
    expect(localStorage.getItem(HTTPS_NOTICE_DISMISSED_KEY)).toBe('1')
    first.unmount()

    // A reload (a new app on the same storage; signIn keeps the dismissal): no banner, the quiet line stays.
    const again = await renderAs('admin')
    expect(banner()).not.toBeInTheDocument()
    await openSettings(again.user, again.nav)
    expect(screen.getByRole('note')).toHaveTextContent(HTTPS_NOTICE_TEXT)
  })

  it('tells a teacher quietly: no banner, a line in Beállítások', async () => {
    openOverPlainHttp(true)
    const { user, nav } = await renderAs('teacher')
    expect(banner()).not.toBeInTheDocument()
    expect(screen.queryByText(HTTPS_NOTICE_TEXT)).not.toBeInTheDocument()
    await openSettings(user, nav)
    expect(screen.getByRole('note')).toHaveTextContent(HTTPS_NOTICE_TEXT)
  })

  it('says nothing over HTTPS (or on localhost)', async () => {
    openOverPlainHttp(false)
    const { user, nav } = await renderAs('admin')
    expect(banner()).not.toBeInTheDocument()
    await openSettings(user, nav)
    expect(screen.queryByText(HTTPS_NOTICE_TEXT)).not.toBeInTheDocument()
  })

  it.each(['light', 'dark'] as const)(
    'the banner has no serious or critical axe violation (%s)',
    async (theme) => {
      openOverPlainHttp(true)
      document.documentElement.classList.add(theme)
      server.use(userSettingsHandler({ 'lookAndFeel:theme': theme }))
      await renderAs('admin')
      expect(banner()).toBeInTheDocument()
      const results = await axe.run(document.documentElement, { resultTypes: ['violations'] })
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        )
      expect(serious).toEqual([])
    },
  )
})

import { http, HttpResponse } from 'msw'
import { screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../lib/query-client'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '../test/factories'
import { API, server } from '../test/msw'
import { renderWithProviders, signIn } from '../test/render'
import { App } from './app'

vi.mock('../lib/offline/user-data', () => ({
  wipeUserData: async () => {},
  registerQueryClientForWipe: () => {},
}))

/**
 * Serious and critical axe violations of the whole document, or of `context` (an open modal: the page behind it
 * is aria-hidden by the dialog and unreachable through the focus trap, which axe cannot see).
 */
async function seriousViolations(context: Element = document.documentElement) {
  const results = await axe.run(context, { resultTypes: ['violations'] })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

beforeEach(() => {
  // What index.html provides in the real page.
  document.documentElement.lang = 'hu'
  document.title = 'Oktatói Portál'
  document.documentElement.className = ''
})
afterEach(() => {
  document.documentElement.className = ''
})

describe.each(['light', 'dark'] as const)('accessibility in the %s theme', (theme) => {
  it('the login screen and its dialogs have no serious or critical axe violation', async () => {
    document.documentElement.classList.add(theme)
    const { user } = renderWithProviders(<App queryClient={createQueryClient({ retry: false })} />)
    await screen.findByRole('heading', { name: 'Bejelentkezés' })
    expect(await seriousViolations()).toEqual([])
    await user.click(screen.getByRole('button', { name: /\/api$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Backend beállítása' })
    expect(await seriousViolations(dialog)).toEqual([])
  })

  it('the shell and the settings screen have no serious or critical axe violation', async () => {
    signIn()
    server.use(
      userSettingsHandler({ 'lookAndFeel:theme': theme }),
      dashboardHandler(buildDashboard({ type: 'admin' })),
      // The shell prefetches the students list for a user who can open Diákok.
      http.get(`${API}/students/`, () => HttpResponse.json({ students: [] })),
    )
    const { user } = renderWithProviders(<App queryClient={createQueryClient({ retry: false })} />)
    const nav = await screen.findByRole('navigation', { name: 'Főmenü' })
    expect(await seriousViolations()).toEqual([])
    await user.click(within(nav).getByRole('button', { name: 'Beállítások' }))
    const categories = await screen.findByRole('navigation', { name: 'Beállítás kategóriák' })
    expect(document.documentElement.classList.contains('dark')).toBe(theme === 'dark')
    for (const label of ['Backend', 'Gyorsindító gombok', 'Profil', 'Megjelenés', 'Tesztek']) {
      await user.click(within(categories).getByRole('button', { name: label }))
      expect(await seriousViolations()).toEqual([])
    }
  })
})

import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DashboardResponse } from '@contract/api'
import { userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders } from '@/test/render'
import StudentHomeScreen from './student-home-screen'

function aDashboard(name: string): DashboardResponse {
  return {
    user: { id: 'u1', name, username: 'kanna', type: 'student' },
    features: {},
    '2fa': { email: '' },
    config: { shortLinkBase: 'http://localhost/s/', timeZone: 'Europe/Budapest' },
  }
}

function renderHome(name = 'Kovács Anna') {
  server.use(
    http.get(`${API}/dashboard`, () => HttpResponse.json(aDashboard(name))),
    userSettingsHandler(),
  )
  // The screen reads the featurePreview settings (its Hiba bejelentése button), as inside the shell.
  return renderWithProviders(<StudentHomeScreen />, { withSettings: true })
}

describe('DiákKezdőlap', () => {
  beforeEach(() => {
    // Only Date is faked: MSW and Testing Library keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 22, 10, 30)) // a Sunday
  })
  afterEach(() => vi.useRealTimers())

  it('greets the user by name', async () => {
    renderHome('Kovács Anna')
    expect(await screen.findByRole('heading', { level: 1, name: 'Szia, Kovács Anna!' })).toBeInTheDocument()
  })

  it('names today in Hungarian, with Sunday as "vasárnap"', () => {
    renderHome()
    expect(screen.getByText(/^Ma/)).toHaveTextContent('Ma vasárnap van, 2026. november 22.')
  })

  it('shows the current date as "2026. november 22."', () => {
    renderHome()
    expect(screen.getByText('2026. november 22.')).toHaveAttribute('datetime', '2026-11-22')
  })

  it('names a weekday from Monday to Saturday by its own name', () => {
    vi.setSystemTime(new Date(2026, 10, 25, 8, 0))
    renderHome()
    expect(screen.getByText(/^Ma/)).toHaveTextContent('Ma szerda van, 2026. november 25.')
  })

  it('says the software is a beta in development and that bugs go to the instructors', () => {
    renderHome()
    expect(screen.getByText(/béta változat, jelenleg is fejlesztés alatt áll/)).toBeInTheDocument()
    expect(screen.getByText(/jelezd az oktatóidnak/)).toBeInTheDocument()
  })

  it('greets without a name until the dashboard answers', () => {
    renderHome()
    expect(screen.getByRole('heading', { level: 1, name: 'Szia!' })).toBeInTheDocument()
  })
})

/** The shell's 'Hiba bejelentése' (issue 11): in the sidebar with the preview on, prefilled with the selected screen. */
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { outbox } from '@/lib/outbox/outbox'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { SidebarContent } from './sidebar'

afterEach(() => outbox.stop())

function renderSidebar(preview: boolean) {
  server.use(dashboardHandler(buildDashboard({ type: 'teacher' })), userSettingsHandler())
  signIn()
  if (preview)
    localStorage.setItem('localSettings', JSON.stringify({ 'featurePreview:builtinTicketForm': true }))
  return renderWithProviders(
    <SidebarContent entries={[]} selected="groups" onSelect={() => {}} onLogout={() => {}} />,
    { withSettings: true },
  )
}

describe('Hiba bejelentése in the sidebar', () => {
  it('is there with the preview on and opens the form prefilled with the selected screen', async () => {
    const { user } = renderSidebar(true)
    const nav = await screen.findByRole('navigation', { name: 'Főmenü' })
    await user.click(await within(nav).findByRole('button', { name: 'Hiba bejelentése' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hiba bejelentése' })
    expect(within(dialog).getByLabelText('Melyik képernyőn?')).toHaveValue('Csoportok')
  })

  it('is not there with the preview off', async () => {
    renderSidebar(false)
    const nav = await screen.findByRole('navigation', { name: 'Főmenü' })
    expect(within(nav).getByRole('button', { name: 'Kijelentkezés' })).toBeInTheDocument()
    expect(within(nav).queryByRole('button', { name: 'Hiba bejelentése' })).not.toBeInTheDocument()
  })
})

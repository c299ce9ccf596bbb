/**
 * useFeature applies the featurePreview settings as the menu does (spec §4 Features): a preview turns a feature on or
 * off over the dashboard, a preview-only feature needs no dashboard, and a dashboard feature without a preview is
 * false until the dashboard is loaded.
 */
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { buildDashboard, dashboardHandler, userSettingsHandler } from '@/test/factories'
import { API, server } from '@/test/msw'
import { renderWithProviders, signIn } from '@/test/render'
import { useFeature } from './use-features'

function Features() {
  const shown = {
    uploadFile: useFeature('uploadFile'),
    groupNotes: useFeature('groupNotes'),
    timetablePlanner: useFeature('timetablePlanner'),
    builtinTicketForm: useFeature('builtinTicketForm'),
  }
  return (
    <ul>
      {Object.entries(shown).map(([id, on]) => (
        <li key={id}>{`${id}: ${on ? 'on' : 'off'}`}</li>
      ))}
    </ul>
  )
}

function render(localSettings: Record<string, unknown>) {
  signIn()
  localStorage.setItem('localSettings', JSON.stringify(localSettings))
  return renderWithProviders(<Features />, { withSettings: true })
}

describe('useFeature', () => {
  it('evaluates the dashboard features after the preview settings', async () => {
    server.use(dashboardHandler(buildDashboard({ type: 'admin' })), userSettingsHandler())
    render({ 'featurePreview:timetablePlanner': true, 'featurePreview:groupNotes': false })
    // uploadFile from the dashboard; groupNotes is on there, but its preview ('Nincs') turns it off.
    expect(await screen.findByText('uploadFile: on')).toBeInTheDocument()
    expect(screen.getByText('groupNotes: off')).toBeInTheDocument()
    expect(screen.getByText('timetablePlanner: on')).toBeInTheDocument()
    expect(screen.getByText('builtinTicketForm: off')).toBeInTheDocument()
  })

  it('turns a preview-only feature on without the dashboard, a dashboard feature only with it', async () => {
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get(`${API}/dashboard`, async () => {
        await answered
        return HttpResponse.json(buildDashboard({ type: 'teacher' }))
      }),
      userSettingsHandler(),
    )
    render({ 'featurePreview:groupNotes': 'ui1', 'featurePreview:builtinTicketForm': true })
    // The dashboard has not answered: a preview-only feature is on, a dashboard feature off.
    expect(await screen.findByText('builtinTicketForm: on')).toBeInTheDocument()
    expect(screen.getByText('uploadFile: off')).toBeInTheDocument()
    answer()
    // A teacher has groupNotes (no uploadFile); the 'ui1' preview keeps it on.
    expect(await screen.findByText('groupNotes: on')).toBeInTheDocument()
    expect(screen.getByText('uploadFile: off')).toBeInTheDocument()
    expect(screen.getByText('timetablePlanner: off')).toBeInTheDocument()
  })
})

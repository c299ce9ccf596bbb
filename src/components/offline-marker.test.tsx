import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/render'
import { OfflineMarker, offlineMarkerText } from './offline-marker'

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

describe('OfflineMarker', () => {
  afterEach(() => vi.restoreAllMocks())

  it('renders nothing while online', () => {
    setOnline(true)
    const { container } = renderWithProviders(
      <OfflineMarker updatedAt={new Date('2026-11-22T14:05:00+01:00')} />,
    )
    expect(container).toBeEmptyDOMElement()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says "Nincs hálózat – utoljára frissítve …" with the Hungarian date while offline', () => {
    setOnline(false)
    renderWithProviders(<OfflineMarker updatedAt={new Date('2026-11-22T14:05:00+01:00')} />)
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nincs hálózat – utoljára frissítve 2026. november 22. 14:05',
    )
  })

  it('says just "Nincs hálózat" without a date', () => {
    setOnline(false)
    renderWithProviders(<OfflineMarker updatedAt={null} />)
    expect(screen.getByRole('status')).toHaveTextContent(/^Nincs hálózat$/)
  })

  it('appears and disappears with the offline and online events', () => {
    setOnline(true)
    renderWithProviders(<OfflineMarker updatedAt={null} />)
    expect(screen.queryByRole('status')).toBeNull()
    act(() => setOnline(false))
    expect(screen.getByRole('status')).toBeInTheDocument()
    act(() => setOnline(true))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('treats an invalid date as no date', () => {
    expect(offlineMarkerText(new Date('x'))).toBe('Nincs hálózat')
  })
})

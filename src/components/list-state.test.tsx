import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/render'
import { ListState, type ListQuery, type ListWords } from './list-state'

const WORDS: ListWords = {
  loading: 'URL-ek betöltése...',
  error: 'Hiba történt az URL-ek betöltése közben.',
  empty: { title: 'Nincsenek rövid URL-ek', description: 'Hozz létre új rövid URL-t a kezdéshez.' },
  noMatch: { title: 'Nincs találat', description: 'Nem található URL a megadott keresési feltételekkel.' },
}

function query(state: Partial<ListQuery>): ListQuery {
  return { isPending: false, isError: false, isFetching: false, data: [], refetch: () => {}, ...state }
}

function renderState(state: Partial<ListQuery>, count: number, searching = false) {
  return renderWithProviders(
    <ListState query={query(state)} count={count} searching={searching} words={WORDS}>
      <p>a lista</p>
    </ListState>,
  )
}

describe('ListState', () => {
  it('says the loading words while the query is pending', () => {
    renderState({ isPending: true, data: undefined }, 0)
    expect(screen.getByRole('status')).toHaveTextContent('URL-ek betöltése...')
    expect(screen.queryByText('a lista')).not.toBeInTheDocument()
  })

  it('says the error words with a retry that refetches when the first load failed', async () => {
    const refetch = vi.fn()
    const { user } = renderState({ isError: true, data: undefined, refetch }, 0)
    expect(screen.getByRole('alert')).toHaveTextContent('Hiba történt az URL-ek betöltése közben.')
    await user.click(screen.getByRole('button', { name: 'Újrapróbálás' }))
    expect(refetch).toHaveBeenCalledTimes(1)
  })

  it('keeps showing the list when a refetch fails but data is in hand', () => {
    renderState({ isError: true, data: [1] }, 1)
    expect(screen.getByText('a lista')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says the empty words for an empty list, and the no-match words for an empty search', () => {
    const { unmount } = renderState({}, 0)
    expect(screen.getByRole('status')).toHaveTextContent('Nincsenek rövid URL-ek')
    expect(screen.getByText('Hozz létre új rövid URL-t a kezdéshez.')).toBeInTheDocument()
    unmount()
    renderState({}, 0, true)
    expect(screen.getByRole('status')).toHaveTextContent('Nincs találat')
    expect(screen.getByText('Nem található URL a megadott keresési feltételekkel.')).toBeInTheDocument()
  })

  it('shows the list once there are rows', () => {
    renderState({ data: [1, 2] }, 2)
    expect(screen.getByText('a lista')).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})

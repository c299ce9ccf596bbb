import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test/render'
import { ListToolbar } from './list-toolbar'

describe('ListToolbar', () => {
  it('puts the filters given as children after the counter', () => {
    renderWithProviders(
      <ListToolbar
        search={{ label: 'Keresés', placeholder: 'Keresés...', value: '', onChange: () => {} }}
        count="3 felhasználó"
      >
        <select aria-label="Típus szerinti szűrés" />
      </ListToolbar>,
    )
    const counter = screen.getByText('3 felhasználó')
    const filter = screen.getByRole('combobox', { name: 'Típus szerinti szűrés' })
    expect(counter.compareDocumentPosition(filter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})

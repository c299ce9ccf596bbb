import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test/render'
import { stubScrollArea } from '../test/scroll-area'
import { VirtualTable, type VirtualColumn, type VirtualTableProps } from './virtual-table'

stubScrollArea()

interface Link {
  id: string
  url: string
  short: string
}

const COLUMNS: VirtualColumn<Link>[] = [
  { id: 'url', header: 'Eredeti URL', width: 'minmax(0, 3fr)', cell: (link) => link.url },
  { id: 'short', header: 'Rövid URL', width: 'minmax(0, 2fr)', cell: (link) => link.short },
]

const links = Array.from({ length: 3000 }, (_, i) => ({
  id: String(i),
  url: `https://pelda.hu/${i}`,
  short: `kod-${i}`,
}))

/** The links' table: the links, 48 px rows (56 compact), with `props` over that. */
function linksTable(props: Partial<VirtualTableProps<Link>> = {}) {
  return (
    <VirtualTable
      label="Rövid URL-ek"
      regionLabel="URL-lista"
      columns={COLUMNS}
      rows={links}
      getKey={(link) => link.id}
      rowHeight={{ wide: 48, compact: 56 }}
      {...props}
    />
  )
}

describe('VirtualTable with only columns and rows (a new list screen)', () => {
  it('renders the headers and, per row, one cell per column', () => {
    renderWithProviders(linksTable({ rows: links.slice(0, 2) }))
    const table = screen.getByRole('table', { name: 'Rövid URL-ek' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Eredeti URL', 'Rövid URL'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['https://pelda.hu/0', 'kod-0'],
      ['https://pelda.hu/1', 'kod-1'],
    ])
  })

  it('keeps the DOM rows bounded for 3,000 rows and tells assistive technology the full count', () => {
    renderWithProviders(linksTable())
    const table = screen.getByRole('table', { name: 'Rövid URL-ek' })
    const bodyRows = within(table).getAllByRole('row').slice(1)
    // (600 px less the 45 px header) / 48 px: 12 visible rows, plus the overscan of 4 below.
    expect(bodyRows).toHaveLength(16)
    expect(table).toHaveAttribute('aria-rowcount', '3001')
    expect(bodyRows[0]).toHaveAttribute('aria-rowindex', '2')
    expect(screen.getByRole('region', { name: 'URL-lista' })).toBeInTheDocument()
  })
})

describe('VirtualTable and a new result', () => {
  it('goes back to the top when it was scrolled, and touches nothing when it was at the top already', () => {
    const view = renderWithProviders(linksTable())
    const region = screen.getByRole('region', { name: 'URL-lista' })
    const calls: unknown[] = []
    region.scrollTo = ((options: unknown) => void calls.push(options)) as typeof region.scrollTo

    view.rerender(linksTable({ rows: links.slice(0, 100) }))
    expect(calls).toEqual([])

    region.scrollTop = 480
    fireEvent.scroll(region)
    view.rerender(linksTable({ rows: links.slice(0, 50) }))
    expect(calls).toEqual([{ top: 0 }])
  })
})

describe('VirtualTable with recycleRows', () => {
  const firstBodyRow = () => within(screen.getByRole('table')).getAllByRole('row')[1]

  it('shows a new result in the same row elements', () => {
    const view = renderWithProviders(linksTable({ recycleRows: true }))
    const before = firstBodyRow()
    view.rerender(linksTable({ rows: links.slice(100), recycleRows: true }))
    expect(firstBodyRow()).toBe(before)
    expect(within(firstBodyRow()).getAllByRole('cell')[0]).toHaveTextContent('https://pelda.hu/100')
    expect(within(screen.getByRole('table')).getAllByRole('row').slice(1)).toHaveLength(16)
  })

  it('keys rows by getKey without it (a new result mounts its own rows)', () => {
    const view = renderWithProviders(linksTable())
    const before = firstBodyRow()
    view.rerender(linksTable({ rows: links.slice(100) }))
    expect(firstBodyRow()).not.toBe(before)
    expect(within(firstBodyRow()).getAllByRole('cell')[0]).toHaveTextContent('https://pelda.hu/100')
  })
})

describe('VirtualTable and changed rows', () => {
  it('shows a row whose content changed under the same key', () => {
    const one = [{ id: 'a', url: 'https://pelda.hu/a', short: 'regi' }]
    const view = renderWithProviders(linksTable({ rows: one }))
    view.rerender(linksTable({ rows: [{ ...one[0], short: 'uj' }] }))
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('uj')
  })
})

describe('VirtualTable and an opened row (an inline form)', () => {
  const table = (expandedIndex: number) =>
    linksTable({
      rowHeight: { wide: 48, compact: 48 },
      expandedIndex,
      expandedHeight: { wide: 120, compact: 120 },
    })
  // The 600 px scroll area less the 45 px sticky header (its row and its border).
  const ROOM = 600 - 45

  it('scrolls an opened row whole into view below the sticky header, the least it can', () => {
    const view = renderWithProviders(table(-1))
    const region = screen.getByRole('region', { name: 'URL-lista' })

    // In view already: nothing moves.
    view.rerender(table(2))
    expect(region.scrollTop).toBe(0)

    // Half under the header: its top comes to the header's edge.
    view.rerender(table(-1))
    region.scrollTop = 10 * 48 + 16
    fireEvent.scroll(region)
    view.rerender(table(10))
    expect(region.scrollTop).toBe(10 * 48)

    // The last row, opened at the bottom of the list: its bottom comes to the area's bottom edge.
    view.rerender(table(-1))
    region.scrollTop = 2999 * 48 - ROOM + 48
    fireEvent.scroll(region)
    view.rerender(table(2999))
    expect(region.scrollTop).toBe(2999 * 48 + 120 - ROOM)
  })
})

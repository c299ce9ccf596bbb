import { describe, expect, it } from 'vitest'
import { rowTop, rowsInView, totalHeight, type RowLayout } from './row-window'

const plain: RowLayout = { count: 100, height: 40, expanded: -1, expandedHeight: 40 }
const withForm: RowLayout = { count: 100, height: 40, expanded: 10, expandedHeight: 200 }

describe('row window', () => {
  it('places rows by arithmetic, the expanded one pushing those below it', () => {
    expect(rowTop(plain, 3)).toBe(120)
    expect(totalHeight(plain)).toBe(4000)
    expect(rowTop(withForm, 10)).toBe(400)
    expect(rowTop(withForm, 11)).toBe(600)
    expect(totalHeight(withForm)).toBe(4160)
    expect(totalHeight({ ...plain, count: 0 })).toBe(0)
  })

  it('renders the rows in view plus the overscan, below a header offset', () => {
    // Scrolled 400 px, a 200 px viewport, a 44 px header: rows 8..13 overlap it.
    expect(rowsInView(plain, 400, 200, { offset: 44, overscan: 2 })).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ])
    expect(rowsInView(plain, 0, 200, { offset: 0, overscan: 0 })).toEqual([0, 1, 2, 3, 4])
    expect(rowsInView({ ...plain, count: 0 }, 0, 200, { offset: 0, overscan: 4 })).toEqual([])
  })

  it('keeps the expanded row rendered while it is scrolled away', () => {
    const indexes = rowsInView(withForm, 2000, 200, { offset: 0, overscan: 1 })
    expect(indexes[0]).toBe(10)
    expect(indexes.slice(1)).toEqual([45, 46, 47, 48, 49, 50, 51])
  })
})

import { describe, expect, it } from 'vitest'
import { PREVIEW_MAX, previewSize } from './preview-size'

describe('layout preview size', () => {
  it('uses 20 px cells when they fit (the default 8×6)', () => {
    expect(previewSize(8, 6)).toEqual({ cell: 20, width: 167, height: 125 })
  })

  it('shrinks the cells so that a 20×20 room stays within 250×150', () => {
    const size = previewSize(20, 20)
    expect(size.cell).toBe(6)
    expect(size.width).toBeLessThanOrEqual(PREVIEW_MAX.width)
    expect(size.height).toBeLessThanOrEqual(PREVIEW_MAX.height)
  })

  it.each([
    [1, 1],
    [20, 1],
    [1, 20],
    [13, 7],
  ])('keeps %i×%i within the box with cells of at most 20 px', (columns, rows) => {
    const size = previewSize(columns, rows)
    expect(size.cell).toBeLessThanOrEqual(20)
    expect(size.width).toBeLessThanOrEqual(250)
    expect(size.height).toBeLessThanOrEqual(150)
  })
})

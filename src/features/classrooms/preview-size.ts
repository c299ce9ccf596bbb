/** The card's layout preview (spec §9): at most 250×150 px, cells at most 20 px, a 1 px gap between cells. */
export const PREVIEW_MAX = { width: 250, height: 150, cell: 20, gap: 1 } as const

export interface PreviewSize {
  cell: number
  width: number
  height: number
}

/** The largest cell (whole pixels, at least 1) that fits `columns` × `rows` in the preview box. */
export function previewSize(columns: number, rows: number): PreviewSize {
  const { width, height, cell, gap } = PREVIEW_MAX
  const fit = (space: number, count: number) => Math.floor((space - (count - 1) * gap) / count)
  const size = Math.max(1, Math.min(cell, fit(width, columns), fit(height, rows)))
  return {
    cell: size,
    width: columns * size + (columns - 1) * gap,
    height: rows * size + (rows - 1) * gap,
  }
}

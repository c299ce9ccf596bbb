/** The position of a virtualised row (VirtualTable, the Rendszernapló feed). */
import type { CSSProperties } from 'react'

const styleCache = new Map<string, CSSProperties>()

/** Memoised by value, so an unchanged row receives the same style object and its memo holds. */
export function rowPosition(top: number, height: number): CSSProperties {
  const key = `${top}:${height}`
  let style = styleCache.get(key)
  if (!style) {
    style = { transform: `translateY(${top}px)`, height }
    if (styleCache.size > 4000) styleCache.clear()
    styleCache.set(key, style)
  }
  return style
}

/**
 * The one virtualiser (VirtualTable and the Rendszernapló feed): rows of a fixed height with at most one expanded
 * row, so a row's place, the total height and the rows in view are arithmetic — nothing is kept per row, and a
 * result of 100,000 rows costs what one of 10 does (a per-row measurement cache was the largest part of a keystroke
 * on Proxy kezelés: docs/decisions/lists.md, "VirtualTable without TanStack Virtual").
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'

export interface RowLayout {
  count: number
  height: number
  /** -1: none. */
  expanded: number
  expandedHeight: number
}

export function rowTop(layout: RowLayout, index: number): number {
  const { height, expanded, expandedHeight } = layout
  return index * height + (expanded >= 0 && index > expanded ? expandedHeight - height : 0)
}

export function rowSize(layout: RowLayout, index: number): number {
  return index === layout.expanded ? layout.expandedHeight : layout.height
}

export function totalHeight(layout: RowLayout): number {
  return layout.count === 0 ? 0 : rowTop(layout, layout.count - 1) + rowSize(layout, layout.count - 1)
}

/** The row at body offset `y` (clamped to the list). */
function rowAt(layout: RowLayout, y: number): number {
  const { count, height, expanded, expandedHeight } = layout
  let index: number
  if (expanded >= 0 && y >= expanded * height) {
    const below = y - (expanded * height + expandedHeight)
    index = below < 0 ? expanded : expanded + 1 + Math.floor(below / height)
  } else {
    index = Math.floor(y / height)
  }
  return Math.max(0, Math.min(count - 1, index))
}

export interface RowWindowOptions {
  /** Where the rows start inside the scroll area (a sticky header's height), in px. */
  offset: number
  /** Rows rendered beyond each edge of the viewport. */
  overscan: number
}

/** The first and last row overlapping the viewport ([-1, -1] for no rows). */
function visibleRange(
  layout: RowLayout,
  scrollTop: number,
  viewport: number,
  offset: number,
): [number, number] {
  if (layout.count === 0) return [-1, -1]
  // In row coordinates the viewport is [top, bottom).
  const top = scrollTop - offset
  const bottom = top + viewport
  const first = rowAt(layout, top)
  let last = rowAt(layout, bottom)
  if (last > first && rowTop(layout, last) >= bottom) last--
  return [first, last]
}

/** The indexes to render: the rows overlapping the viewport, `overscan` more each side, and the expanded row. */
export function rowsInView(
  layout: RowLayout,
  scrollTop: number,
  viewport: number,
  { offset, overscan }: RowWindowOptions,
): number[] {
  const [first, last] = visibleRange(layout, scrollTop, viewport, offset)
  if (first < 0) return []
  const from = Math.max(0, first - overscan)
  const to = Math.min(layout.count - 1, last + overscan)
  const indexes: number[] = []
  const { expanded } = layout
  if (expanded >= 0 && expanded < from && expanded < layout.count) indexes.push(expanded)
  for (let i = from; i <= to; i++) indexes.push(i)
  if (expanded > to && expanded < layout.count) indexes.push(expanded)
  return indexes
}

export interface RowWindow {
  /** The rows to render, in order. */
  indexes: number[]
  /** The last row overlapping the viewport (not the overscan), -1 for none: "scrolled to the end" is this. */
  lastVisible: number
}

/**
 * The rows of `layout` to render in the scroll area `scrollRef`. The scroll position and the viewport's height come
 * from a passive scroll listener and a ResizeObserver (read once on mount, never per result); a scroll re-renders
 * only when it brings other rows into view, and then in the same frame (`flushSync`, as TanStack Virtual does), so a
 * scrolled-in stretch is never blank.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  layout: RowLayout,
  options: RowWindowOptions,
): RowWindow {
  const [view, setView] = useState({ scrollTop: 0, viewport: 0 })
  const layoutRef = useRef(layout)
  layoutRef.current = layout
  const optionsRef = useRef(options)
  optionsRef.current = options
  const viewRef = useRef(view)
  viewRef.current = view
  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const update = (next: { scrollTop: number; viewport: number }, sync: boolean) => {
      const current = viewRef.current
      if (next.scrollTop === current.scrollTop && next.viewport === current.viewport) return
      const range = (v: typeof next) =>
        visibleRange(layoutRef.current, v.scrollTop, v.viewport, optionsRef.current.offset)
      const [shownFirst, shownLast] = range(current)
      const [wantedFirst, wantedLast] = range(next)
      viewRef.current = next
      if (shownFirst === wantedFirst && shownLast === wantedLast) return
      if (sync) flushSync(() => setView(next))
      else setView(next)
    }
    update({ scrollTop: element.scrollTop, viewport: element.clientHeight }, false)
    const onScroll = () => update({ scrollTop: element.scrollTop, viewport: viewRef.current.viewport }, true)
    element.addEventListener('scroll', onScroll, { passive: true })
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() =>
            update({ scrollTop: viewRef.current.scrollTop, viewport: element.clientHeight }, false),
          )
    observer?.observe(element)
    return () => {
      element.removeEventListener('scroll', onScroll)
      observer?.disconnect()
    }
  }, [scrollRef])
  return {
    indexes: rowsInView(layout, view.scrollTop, view.viewport, options),
    lastVisible: visibleRange(layout, view.scrollTop, view.viewport, options.offset)[1],
  }
}

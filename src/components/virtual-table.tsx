/**
 * A virtualised table for lists that can grow (DESIGN §4, §7: 5,000 students, DOM rows bounded). An ARIA table of
 * plain elements — role=table/rowgroup/row/columnheader/cell with aria-rowcount and aria-rowindex — so assistive
 * technology hears the full size of the list while only the visible rows (plus a few) exist in the DOM.
 *
 * A screen gives its columns (header, grid width, a cell renderer) and its rows; a screen whose rows do more
 * (an inline form) renders them itself with `renderRow`. Styling is one Chakra `css` object on the scroll area that
 * targets the parts by role and `data-column`: the rows stay plain elements, so a scroll or a new search result
 * costs no style work per row (the one place class-free selectors replace Chakra props, for that reason).
 */
import { Box, type SystemStyleObject } from '@chakra-ui/react'
import { rowPosition } from '../lib/row-position'
import { touchTarget } from '../lib/touch-target'
import {
  Fragment,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react'
import { flushSync } from 'react-dom'
import { COMPACT_MEDIA, useCompactLayout } from '../lib/use-compact-layout'

export interface VirtualColumn<Row> {
  id: string
  header: string
  /** The column's grid track, e.g. 'minmax(0, 2fr)' or '11rem'. */
  width: string
  /** Its track in the phone layout; null hides the column there. Default: `width`. */
  compactWidth?: string | null
  align?: 'start' | 'end'
  /** The cell's content (rows rendered by `renderRow` do not use it). */
  cell?: (row: Row) => ReactNode
}

export interface RowHeight {
  wide: number
  compact: number
}

/** What a custom row must put on its role=row element. */
export interface VirtualRowProps {
  index: number
  /** aria-rowindex: the header is row 1. */
  rowIndex: number
  /** Its position and height in the scrolled body. */
  style: CSSProperties
}

export interface VirtualTableProps<Row> {
  /** The table's accessible name, e.g. 'Diákok'. */
  label: string
  /** The scroll area's accessible name, e.g. 'Diáklista'. */
  regionLabel: string
  columns: readonly VirtualColumn<Row>[]
  rows: readonly Row[]
  getKey: (row: Row) => string | number
  /** Fixed heights, no measuring (measuring costs a layout per row). */
  rowHeight: RowHeight
  /** A row in an expanded state (an inline form): it gets `expandedHeight` and stays mounted while scrolled away. */
  expandedIndex?: number
  expandedHeight?: RowHeight
  renderRow?: (row: Row, props: VirtualRowProps) => ReactNode
  /** Styles of the screen's own cell content (merged after the table's). */
  css?: SystemStyleObject
  /**
   * Rows keep their elements when their content changes: a new result or a scroll puts other rows into the same
   * elements instead of removing and creating them (on a slow device, most of what a keystroke's new result costs).
   * Only for rows that are pure functions of their row (no state of their own): a row element that has focus then
   * shows another row. Default: rows keyed by `getKey`.
   */
  recycleRows?: boolean
}

const HEADER_HEIGHT = 44
const OVERSCAN = 4

/**
 * Where the rows are: every row has the same height but (at most) one expanded row, so a row's place, the total
 * height and the rows in view are arithmetic — nothing per row is kept, and a new result of 100,000 rows costs
 * what one of 10 does (a per-row measurement cache was the largest part of a keystroke on Proxy kezelés,
 * docs/decisions/lists.md, "VirtualTable without TanStack Virtual").
 */
interface Layout {
  count: number
  height: number
  /** -1: none. */
  expanded: number
  expandedHeight: number
}

function rowTop(layout: Layout, index: number): number {
  const { height, expanded, expandedHeight } = layout
  return index * height + (expanded >= 0 && index > expanded ? expandedHeight - height : 0)
}

function rowSize(layout: Layout, index: number): number {
  return index === layout.expanded ? layout.expandedHeight : layout.height
}

/** The row at body offset `y` (clamped to the list). */
function rowAt(layout: Layout, y: number): number {
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

/** The indexes to render: the rows overlapping the viewport, `OVERSCAN` more each side, and the expanded row. */
function rowsInView(layout: Layout, scrollTop: number, viewport: number): number[] {
  if (layout.count === 0) return []
  // The body starts below the header: in body coordinates the viewport is [top, bottom).
  const top = scrollTop - HEADER_HEIGHT
  const bottom = top + viewport
  const first = rowAt(layout, top)
  let last = rowAt(layout, bottom)
  if (last > first && rowTop(layout, last) >= bottom) last--
  const from = Math.max(0, first - OVERSCAN)
  const to = Math.min(layout.count - 1, last + OVERSCAN)
  const indexes: number[] = []
  const { expanded } = layout
  if (expanded >= 0 && expanded < from && expanded < layout.count) indexes.push(expanded)
  for (let i = from; i <= to; i++) indexes.push(i)
  if (expanded > to && expanded < layout.count) indexes.push(expanded)
  return indexes
}

export function VirtualTable<Row>({
  label,
  regionLabel,
  columns,
  rows,
  getKey,
  rowHeight,
  expandedIndex = -1,
  expandedHeight = rowHeight,
  renderRow,
  css,
  recycleRows = false,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const compact = useCompactLayout()
  const layout: Layout = {
    count: rows.length,
    height: compact ? rowHeight.compact : rowHeight.wide,
    expanded: expandedIndex < rows.length ? expandedIndex : -1,
    expandedHeight: compact ? expandedHeight.compact : expandedHeight.wide,
  }
  const total = layout.count === 0 ? 0 : rowTop(layout, layout.count - 1) + rowSize(layout, layout.count - 1)

  // The scroll position and the viewport's height, as last read (scroll events, a ResizeObserver). A scroll
  // re-renders only when it brings other rows into view; the layout is read once on mount, never per result.
  const [view, setView] = useState({ scrollTop: 0, viewport: 0 })
  const layoutRef = useRef(layout)
  layoutRef.current = layout
  const viewRef = useRef(view)
  viewRef.current = view
  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const update = (next: { scrollTop: number; viewport: number }, sync: boolean) => {
      const current = viewRef.current
      if (next.scrollTop === current.scrollTop && next.viewport === current.viewport) return
      const shown = rowsInView(layoutRef.current, current.scrollTop, current.viewport)
      const wanted = rowsInView(layoutRef.current, next.scrollTop, next.viewport)
      viewRef.current = next
      const same = shown.length === wanted.length && shown[0] === wanted[0] && shown.at(-1) === wanted.at(-1)
      if (same) return
      // While scrolling, the new rows are there in the same frame (no blank stretch), as a virtualiser must.
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
  }, [])

  // A new search result starts at its top. Whether the list is scrolled is kept from its scroll events, so a result
  // shown at the top (the usual case while typing) forces no layout to find out.
  const scrolled = useRef(false)
  useEffect(() => {
    if (!scrolled.current) return
    scrolled.current = false
    scrollRef.current?.scrollTo?.({ top: 0 })
  }, [rows])

  const tableCss = useMemo(() => mergeCss(tableStyles(columns), css), [columns, css])
  const indexes = rowsInView(layout, view.scrollTop, view.viewport)
  // Recycled rows: a slot a row of the window (the window is contiguous, so index mod its length is unique there);
  // a row scrolled in takes the element of the one scrolled out.
  const slots = indexes.length
  const keyOf = (index: number) =>
    recycleRows && index !== layout.expanded ? `slot-${index % slots}` : getKey(rows[index])

  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label={regionLabel}
      tabIndex={0}
      flex="1"
      minH="64"
      overflowY="auto"
      overscrollBehavior="contain"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      bg="bg"
      css={tableCss}
      onScroll={(event) => {
        scrolled.current = event.currentTarget.scrollTop > 0
      }}
    >
      <div role="table" aria-label={label} aria-rowcount={rows.length + 1}>
        <div role="rowgroup" data-part="head">
          <div role="row" aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            {columns.map((column) => (
              <div role="columnheader" key={column.id} data-column={column.id} data-align={column.align}>
                {column.header}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" data-part="body" style={{ height: total }}>
          {indexes.map((index) => {
            const row = rows[index]
            const props: VirtualRowProps = {
              index,
              rowIndex: index + 2,
              style: rowPosition(rowTop(layout, index), rowSize(layout, index)),
            }
            return (
              <Fragment key={keyOf(index)}>
                {renderRow ? renderRow(row, props) : <DefaultRow row={row} columns={columns} {...props} />}
              </Fragment>
            )
          })}
        </div>
      </div>
    </Box>
  )
}

function DefaultRow<Row>({
  row,
  columns,
  rowIndex,
  style,
}: VirtualRowProps & { row: Row; columns: readonly VirtualColumn<Row>[] }) {
  return (
    <div role="row" aria-rowindex={rowIndex} style={style}>
      {columns.map((column) => (
        <div role="cell" key={column.id} data-column={column.id} data-align={column.align}>
          {column.cell?.(row)}
        </div>
      ))}
    </div>
  )
}

/** The table's one stylesheet: grid rows from the column widths, a sticky header, absolutely placed body rows. */
function tableStyles<Row>(columns: readonly VirtualColumn<Row>[]): SystemStyleObject {
  const wide = columns.map((column) => column.width).join(' ')
  const compactColumns = columns.filter((column) => column.compactWidth !== null)
  const compact = compactColumns.map((column) => column.compactWidth ?? column.width).join(' ')
  const hidden = columns.filter((column) => column.compactWidth === null)
  return {
    '& [role=table]': { minWidth: '0', fontSize: 'sm' },
    '& [data-part=head]': {
      position: 'sticky',
      top: '0',
      zIndex: '1',
      bg: 'bg.muted',
      borderBottomWidth: '1px',
      borderColor: 'border',
    },
    '& [role=columnheader]': {
      fontWeight: 'semibold',
      color: 'fg.muted',
      fontSize: 'xs',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
    },
    '& [data-part=body]': { position: 'relative' },
    '& [data-part=body] > [role=row]': {
      position: 'absolute',
      top: '0',
      left: '0',
      width: '100%',
      borderBottomWidth: '1px',
      borderColor: 'border.muted',
    },
    '& [role=row]': {
      display: 'grid',
      gridTemplateColumns: wide,
      alignItems: 'center',
      columnGap: '3',
      paddingInline: '4',
      boxSizing: 'border-box',
    },
    '& [role=cell], & [role=columnheader]': {
      minWidth: '0',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& [data-align=end]': { textAlign: 'end' },
    // A row's button ('Jelszó módosítása', 'Másolás', 'Törlés'): bordered, quiet, a finger's size on touch.
    '& .vt-action': {
      minHeight: '9',
      paddingInline: '3',
      rounded: 'md',
      borderWidth: '1px',
      borderColor: 'border',
      bg: 'bg',
      color: 'fg',
      fontSize: 'sm',
      fontWeight: 'medium',
      cursor: 'pointer',
      touchAction: 'manipulation',
      _hover: { bg: 'bg.muted' },
      _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' },
      // An online-only action while offline (the screen's note says why).
      _disabled: { opacity: 0.5, cursor: 'not-allowed', _hover: { bg: 'bg' } },
      ...touchTarget,
    },
    [COMPACT_MEDIA]: {
      '& [role=row]': { gridTemplateColumns: compact, paddingInline: '3' },
      ...Object.fromEntries(hidden.map((column) => [`& [data-column="${column.id}"]`, { display: 'none' }])),
    },
  }
}

/** `extra` after `base`; a selector or media query both have is merged, not replaced. */
function mergeCss(base: SystemStyleObject, extra: SystemStyleObject | undefined): SystemStyleObject {
  if (!extra) return base
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key]
    merged[key] =
      isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : (value as unknown)
  }
  return merged as SystemStyleObject
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

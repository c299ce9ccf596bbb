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
  createContext,
  Fragment,
  memo,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type ReactNode,
  type RefObject,
  type UIEvent,
} from 'react'
import { rowSize, rowTop, totalHeight, useRowWindow, type RowLayout } from '../lib/row-window'
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
/** Where the body starts in the scroll area, and what the sticky header covers: the header row and its 1 px border. */
const HEAD_HEIGHT = HEADER_HEIGHT + 1
const WINDOW = { offset: HEAD_HEIGHT, overscan: 4 }

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
  const layout: RowLayout = {
    count: rows.length,
    height: compact ? rowHeight.compact : rowHeight.wide,
    expanded: expandedIndex < rows.length ? expandedIndex : -1,
    expandedHeight: compact ? expandedHeight.compact : expandedHeight.wide,
  }
  const total = totalHeight(layout)
  const { indexes } = useRowWindow(scrollRef, layout, WINDOW)

  // A new search result starts at its top. Whether the list is scrolled is kept from its scroll events, so a result
  // shown at the top (the usual case while typing) forces no layout to find out.
  const scrolled = useRef(false)
  useEffect(() => {
    if (!scrolled.current) return
    scrolled.current = false
    scrollRef.current?.scrollTo?.({ top: 0 })
  }, [rows])

  // A row opened (an inline form) is scrolled into view whole, below the sticky header, before its field takes focus:
  // the browser's scroll on focus brings only the field into view, and counts the header's room as seen. Once per
  // opened row (by key), so a new result with the same row open starts at its top as any result does.
  const expandedKey = layout.expanded >= 0 ? getKey(rows[layout.expanded]) : null
  const expandedTop = layout.expanded >= 0 ? rowTop(layout, layout.expanded) : 0
  const revealedKey = useRef<string | number | null>(null)
  useLayoutEffect(() => {
    if (expandedKey === revealedKey.current) return
    revealedKey.current = expandedKey
    const element = scrollRef.current
    if (expandedKey !== null && element) revealRow(element, expandedTop, layout.expandedHeight)
  }, [expandedKey, expandedTop, layout.expandedHeight])

  const tableCss = useMemo(() => mergeCss(tableStyles(columns), css), [columns, css])
  // Recycled rows: a slot a row of the window (the window is contiguous, so index mod its length is unique there);
  // a row scrolled in takes the element of the one scrolled out.
  const slots = indexes.length
  const keyOf = (index: number) =>
    recycleRows && index !== layout.expanded ? `slot-${index % slots}` : getKey(rows[index])

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    scrolled.current = event.currentTarget.scrollTop > 0
  }, [])

  const table = (
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
  )
  return (
    <TableContent value={table}>
      <ScrollArea scrollRef={scrollRef} regionLabel={regionLabel} css={tableCss} onScroll={onScroll} />
    </TableContent>
  )
}

/**
 * Scrolls `element` the least that shows the body's [top, top + height) whole below the sticky header (its top
 * first, if the row is taller than the room).
 */
function revealRow(element: HTMLElement, top: number, height: number): void {
  const room = element.clientHeight - HEAD_HEIGHT
  const scrollTop = element.scrollTop
  let target = scrollTop
  if (top < scrollTop) target = top
  else if (top + height > scrollTop + room) target = Math.min(top, top + height - room)
  if (target !== scrollTop) element.scrollTop = target
}

/** The table inside the scroll area: passed by context, so that a new result re-renders the table alone. */
const TableContent = createContext<ReactNode>(null)

function TableOutlet() {
  return use(TableContent)
}

const TABLE = <TableOutlet />

/**
 * The scroll area, which carries the table's one stylesheet. Memoised with its contents taken from context: Chakra
 * resolves a `css` object on every render of its element, and for this stylesheet that was a third of what a
 * keystroke's new result cost at 4× CPU; the rows need no new stylesheet.
 */
const ScrollArea = memo(function ScrollArea({
  scrollRef,
  regionLabel,
  css,
  onScroll,
}: {
  scrollRef: RefObject<HTMLDivElement | null>
  regionLabel: string
  css: SystemStyleObject
  onScroll: (event: UIEvent<HTMLDivElement>) => void
}) {
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
      css={css}
      onScroll={onScroll}
    >
      {TABLE}
    </Box>
  )
})

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

/**
 * The virtualised students table (DESIGN §7: 5,000 students, DOM rows bounded). An ARIA grid of plain elements:
 * role=table/rowgroup/row/columnheader/cell with aria-rowcount and aria-rowindex, so assistive technology still
 * hears the full size of the list while only the visible rows (plus a few) exist in the DOM.
 */
import { Box } from '@chakra-ui/react'
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useRef, type CSSProperties } from 'react'
import type { Student } from '../../../../contract/api'
import { StudentRow, type PasswordEditing } from './student-row'
import { useCompactLayout } from './use-compact-layout'

const HEADER_HEIGHT = 44
/** Fixed heights, no measuring: [normal row, row in edit mode], for the wide and the phone layout. */
const ROW_HEIGHTS = { wide: [56, 92], compact: [64, 136] } as const
const OVERSCAN = 4

export interface StudentsTableProps extends PasswordEditing {
  students: readonly Student[]
}

/** Memoised: a keystroke in the search box re-renders the screen, and the table only once the results change. */
export const StudentsTable = memo(function StudentsTable({
  students,
  draft,
  saving,
  onEdit,
  onPasswordChange,
  onSave,
  onCancel,
}: StudentsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const compact = useCompactLayout()
  const [rowHeight, editHeight] = compact ? ROW_HEIGHTS.compact : ROW_HEIGHTS.wide
  const editingUsername = draft?.username ?? null
  const editingIndex =
    editingUsername === null ? -1 : students.findIndex((s) => s.username === editingUsername)

  const virtualizer = useVirtualizer({
    count: students.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (index === editingIndex ? editHeight : rowHeight),
    // A new key function makes the virtualizer recompute offsets: when the list, the edited row or the layout changes.
    getItemKey: useCallback(
      (index: number) => students[index]?.id ?? index,
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the extra deps are what invalidate the offsets
      [students, editingIndex, compact],
    ),
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    // The row in edit mode stays mounted while scrolled away, so its input keeps the typed password and focus.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range)
        if (editingIndex < 0 || indexes.includes(editingIndex)) return indexes
        return [...indexes, editingIndex].sort((a, b) => a - b)
      },
      [editingIndex],
    ),
  })

  // A new search result starts at its top.
  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 })
  }, [students])

  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label="Diáklista"
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
    >
      <div role="table" aria-label="Diákok" aria-rowcount={students.length + 1} className="st-table">
        <div role="rowgroup" className="st-head">
          <div role="row" aria-rowindex={1} className="st-row st-head-row" style={{ height: HEADER_HEIGHT }}>
            <div role="columnheader" className="st-cell">
              Név
            </div>
            <div role="columnheader" className="st-cell st-username">
              Felhasználónév
            </div>
            <div role="columnheader" className="st-cell st-actions">
              Műveletek
            </div>
          </div>
        </div>
        <div role="rowgroup" className="st-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const student = students[item.index]
            const editing = item.index === editingIndex
            return (
              <StudentRow
                key={item.key}
                student={student}
                rowIndex={item.index + 2}
                style={positionStyle(item.start - HEADER_HEIGHT, item.size)}
                draft={editing ? draft : null}
                saving={editing && saving}
                onEdit={onEdit}
                onPasswordChange={onPasswordChange}
                onSave={onSave}
                onCancel={onCancel}
              />
            )
          })}
        </div>
      </div>
    </Box>
  )
})

// Memoised by value so an unchanged row receives an equal-looking but new object only when it moved.
const styleCache = new Map<string, CSSProperties>()
function positionStyle(top: number, height: number): CSSProperties {
  const key = `${top}:${height}`
  let style = styleCache.get(key)
  if (!style) {
    style = { transform: `translateY(${top}px)`, height }
    if (styleCache.size > 2000) styleCache.clear()
    styleCache.set(key, style)
  }
  return style
}

const COMPACT = '@media screen and (max-width: 40em)'

/** One stylesheet for the whole table: rows stay plain elements with class names. */
const tableCss = {
  '& .st-table': { minWidth: '0', fontSize: 'sm' },
  '& .st-head': {
    position: 'sticky',
    top: '0',
    zIndex: '1',
    bg: 'bg.muted',
    borderBottomWidth: '1px',
    borderColor: 'border',
  },
  '& .st-head-row .st-cell': {
    fontWeight: 'semibold',
    color: 'fg.muted',
    fontSize: 'xs',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  },
  '& .st-body': { position: 'relative' },
  '& .st-body .st-row': {
    position: 'absolute',
    top: '0',
    left: '0',
    width: '100%',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
  },
  '& .st-row': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr) 11rem',
    alignItems: 'center',
    columnGap: '3',
    paddingInline: '4',
    boxSizing: 'border-box',
  },
  '& .st-row--editing': { bg: 'bg.subtle' },
  '& .st-cell': { minWidth: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .st-name': { display: 'flex', alignItems: 'center', gap: '3' },
  '& .st-avatar': {
    flexShrink: '0',
    width: '9',
    height: '9',
    rounded: 'full',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 'semibold',
    fontSize: 'xs',
    bg: 'blue.subtle',
    color: 'blue.fg',
  },
  '& .st-name-lines': { display: 'flex', flexDirection: 'column', minWidth: '0' },
  '& .st-name-text': { fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .st-username-inline': {
    display: 'none',
    color: 'fg.muted',
    fontSize: 'xs',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .st-username': { color: 'fg.muted' },
  '& .st-actions': { textAlign: 'end' },
  '& .st-action': {
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
  },
  '& .st-edit': { gridColumn: '2 / -1', overflow: 'visible' },
  '& .st-form': { display: 'flex', flexDirection: 'column', gap: '1' },
  '& .st-form-line': { display: 'flex', gap: '2', alignItems: 'center' },
  '& .st-password': { flex: '1', minWidth: '0' },
  '& .st-error': { color: 'fg.error', fontSize: 'xs', whiteSpace: 'normal' },
  [COMPACT]: {
    '& .st-row': { gridTemplateColumns: 'minmax(0, 1fr) auto', paddingInline: '3' },
    '& .st-username': { display: 'none' },
    '& .st-username-inline': { display: 'block' },
    '& .st-row--editing': { gridTemplateRows: 'auto auto', alignContent: 'center', rowGap: '2' },
    '& .st-edit': { gridColumn: '1 / -1' },
  },
} as const

/**
 * The Rendszernapló's infinite, virtualised list (spec §2, §4; DESIGN §4, §7): an ARIA feed whose entries are
 * positioned by the same row window as VirtualTable (src/lib/row-window.ts), so a log scrolled a thousand entries deep keeps a screenful (plus a few) of
 * rows in the DOM. When the last loaded entry comes into view the next page is asked for; the footer below says what
 * is happening ('Nincs több esemény.', loading, an error with a retry, or that the network is needed).
 *
 * As in VirtualTable, rows are plain elements styled by one `css` object on the scroll area (by role and data
 * attributes): scrolling and appending a page cost no style work per row.
 */
import { Box, Button, Flex, Spinner, Text, type SystemStyleObject } from '@chakra-ui/react'
import { TriangleAlert } from 'lucide-react'
import { memo, useEffect, useRef, type CSSProperties } from 'react'
import { rowPosition } from '@/lib/row-position'
import { rowTop, totalHeight, useRowWindow, type RowLayout } from '@/lib/row-window'
import { COMPACT_MEDIA, useCompactLayout } from '@/lib/use-compact-layout'
import type { AuditEntityKind } from '../audit-entry'
import type { ListedEntry } from '../merge-pages'
import type { AUDIT_CATEGORIES } from '@contract/audit'

const ROW_HEIGHT = { wide: 92, compact: 128 }
const WINDOW = { offset: 0, overscan: 6 }

export interface AuditEntryListProps {
  entries: readonly ListedEntry[]
  /** The server's count for these filters (aria-setsize), or null when it is only a lower bound. */
  setSize: number | null
  hasMore: boolean
  loadingMore: boolean
  /** Loading the next page failed (and nothing newer succeeded since). */
  loadMoreFailed: boolean
  offline: boolean
  onLoadMore: () => void
  onEntity: (kind: AuditEntityKind, value: string) => void
}

export const AuditEntryList = memo(function AuditEntryList({
  entries,
  setSize,
  hasMore,
  loadingMore,
  loadMoreFailed,
  offline,
  onLoadMore,
  onEntity,
}: AuditEntryListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const compact = useCompactLayout()
  const rowHeight = compact ? ROW_HEIGHT.compact : ROW_HEIGHT.wide
  const layout: RowLayout = {
    count: entries.length,
    height: rowHeight,
    expanded: -1,
    expandedHeight: rowHeight,
  }
  const { indexes, lastVisible } = useRowWindow(scrollRef, layout, WINDOW)

  // "Scrolling to the last item loads the next page" (spec §4): the visible range, not the overscan, decides.
  const lastShown = entries.length > 0 && lastVisible >= entries.length - 1
  useEffect(() => {
    if (lastShown && hasMore && !loadingMore && !loadMoreFailed && !offline) onLoadMore()
  }, [lastShown, hasMore, loadingMore, loadMoreFailed, offline, onLoadMore])

  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label="Eseménylista"
      tabIndex={0}
      flex="1"
      minH="64"
      overflowY="auto"
      overscrollBehavior="contain"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      bg="bg"
      css={LIST_CSS}
    >
      <div
        role="feed"
        aria-label="Események"
        aria-busy={loadingMore}
        style={{ height: totalHeight(layout), position: 'relative' }}
      >
        {indexes.map((index) => (
          <EntryRow
            key={entries[index].key}
            entry={entries[index]}
            position={index + 1}
            setSize={setSize ?? -1}
            style={rowPosition(rowTop(layout, index), rowHeight)}
            onEntity={onEntity}
          />
        ))}
      </div>
      <ListFooter
        hasMore={hasMore}
        loadingMore={loadingMore}
        loadMoreFailed={loadMoreFailed}
        offline={offline}
        onRetry={onLoadMore}
      />
    </Box>
  )
})

function ListFooter({
  hasMore,
  loadingMore,
  loadMoreFailed,
  offline,
  onRetry,
}: {
  hasMore: boolean
  loadingMore: boolean
  loadMoreFailed: boolean
  offline: boolean
  onRetry: () => void
}) {
  let content
  if (!hasMore) content = <Text>Nincs több esemény.</Text>
  else if (loadingMore)
    content = (
      <>
        <Spinner size="xs" />
        <Text>További események betöltése...</Text>
      </>
    )
  else if (loadMoreFailed)
    content = (
      <>
        <Text color="fg.error">Hiba történt az audit napló betöltése közben.</Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          Újrapróbálás
        </Button>
      </>
    )
  else if (offline) content = <Text>A további események betöltéséhez hálózati kapcsolat szükséges.</Text>
  else content = null
  return (
    <Flex role="status" data-part="footer" align="center" justify="center" gap="2" minH="12" px="4" py="3">
      {content}
    </Flex>
  )
}

interface EntryRowProps {
  entry: ListedEntry
  position: number
  setSize: number
  style: CSSProperties
  onEntity: (kind: AuditEntityKind, value: string) => void
}

const EntryRow = memo(function EntryRow({ entry, position, setSize, style, onEntity }: EntryRowProps) {
  if (!entry.view)
    return (
      <article
        tabIndex={0}
        aria-posinset={position}
        aria-setsize={setSize}
        aria-label="Hibás napló bejegyzés"
        data-malformed=""
        style={style}
      >
        <div data-part="head">
          <TriangleAlert size={16} aria-hidden />
          <span>Hibás napló bejegyzés</span>
        </div>
      </article>
    )
  const { view, label, category, time, parts } = entry
  return (
    <article
      tabIndex={0}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-label={`${label} – ${view.user || 'ismeretlen felhasználó'}, ${time}`}
      style={style}
    >
      <div data-part="head">
        <span data-part="badge" data-category={category ?? 'unknown'}>
          {label}
        </span>
        {view.user ? (
          <button
            type="button"
            data-part="entity"
            title={`${view.user} eseményei`}
            onClick={() => onEntity('user', view.user)}
          >
            {view.user}
          </button>
        ) : null}
        <time data-part="time">{time}</time>
      </div>
      <div data-part="description">
        {parts.map((part, index) =>
          typeof part === 'string' ? (
            <span key={index}>{part}</span>
          ) : (
            <button
              key={index}
              type="button"
              data-part="entity"
              title={`${part.value} előzményei`}
              onClick={() => onEntity(part.kind, part.value)}
            >
              {part.value}
            </button>
          ),
        )}
      </div>
      <div data-part="id">Azonosító: {view.id}</div>
    </article>
  )
})

/**
 * The badge colour of each category of the catalogue (the text stays the type's label). Keyed by the catalogue's
 * labels, so a new category without a colour fails the typecheck (issue 18: 'Felhasználók' had none).
 */
export const CATEGORY_PALETTE: Record<(typeof AUDIT_CATEGORIES)[number]['label'] | 'unknown', string> = {
  Tantermek: 'blue',
  Tanulócsoportok: 'green',
  Ülésrendek: 'teal',
  'Rövid linkek': 'purple',
  Jegyzetek: 'orange',
  Értesítések: 'yellow',
  Biztonság: 'red',
  Felhasználók: 'cyan',
  Fájlok: 'pink',
  Jelenlét: 'green',

  unknown: 'gray',
}

const LIST_CSS: SystemStyleObject = {
  '& [role=feed] > article': {
    position: 'absolute',
    top: '0',
    left: '0',
    width: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: '1',
    paddingInline: '4',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
    fontSize: 'sm',
    overflow: 'hidden',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
  },
  '& [data-part=head]': { display: 'flex', alignItems: 'center', gap: '2', minWidth: '0' },
  '& [data-part=badge]': {
    flex: 'none',
    paddingInline: '2',
    paddingBlock: '0.5',
    rounded: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
  },
  ...Object.fromEntries(
    Object.entries(CATEGORY_PALETTE).map(([category, palette]) => [
      `& [data-part=badge][data-category="${category}"]`,
      { bg: `${palette}.subtle`, color: `${palette}.fg` },
    ]),
  ),
  '& [data-part=time]': { marginInlineStart: 'auto', color: 'fg.muted', whiteSpace: 'nowrap', flex: 'none' },
  '& [data-part=description]': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& [data-part=id]': {
    fontFamily: 'mono',
    fontSize: 'xs',
    color: 'fg.muted',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& button[data-part=entity]': {
    fontWeight: 'medium',
    color: 'fg',
    textDecoration: 'underline',
    textDecorationColor: 'border.emphasized',
    textUnderlineOffset: '2px',
    rounded: 'xs',
    cursor: 'pointer',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    verticalAlign: 'bottom',
    _hover: { textDecorationColor: 'currentColor' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing' },
  },
  '& [data-malformed] [data-part=head]': { color: 'fg.error', fontWeight: 'medium' },
  '& [data-part=footer]': { color: 'fg.muted', fontSize: 'sm' },
  [COMPACT_MEDIA]: {
    '& [role=feed] > article': { paddingInline: '3' },
    '& [data-part=head]': { flexWrap: 'wrap', rowGap: '1' },
    '& [data-part=time]': { marginInlineStart: '0', width: '100%' },
    // Two lines for the description on a phone, so the entity it names stays readable (and tappable).
    '& [data-part=description]': {
      whiteSpace: 'normal',
      lineClamp: '2',
      maxHeight: '2lh',
    },
    '& [data-part=description] button[data-part=entity]': {
      display: 'inline',
      whiteSpace: 'normal',
      textAlign: 'start',
    },
  },
}

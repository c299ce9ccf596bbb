/**
 * The links table: the shared VirtualTable (thousands of links, DOM rows bounded) with Eredeti URL (readable:
 * Unicode host, decoded letters — the stored target stays the link's href), Rövid URL, the visit count and
 * Műveletek ('Másolás', 'QR-kód', 'Törlés'). Cells are plain elements styled by one stylesheet.
 *
 * Narrow screens (issue 18): what tells links apart comes first. The short link shows its code (the host is the
 * same on every row and stands before the form's code field); the whole link is one tap away — the code opens the
 * QR-kód view, which shows it in large type — and on hover. The original URL drops `https://` and `www.` from its
 * text. Below 64em the row buttons keep their icons only (their names stay); on a phone the row is two lines, the
 * code over the original URL, beside the buttons (one cell each, placed by the grid, so each link is there once).
 */
import { Copy, QrCode, Trash2 } from 'lucide-react'
import { memo, useMemo } from 'react'
import { readableUrl, type ShortLink } from '@contract/api'
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table'
import { formatShortDate } from '@/lib/format'
import { COMPACT_MEDIA } from '@/lib/use-compact-layout'
import { fullShortLink, shownTarget } from '../short-link'

const ROW_HEIGHT = { wide: 56, compact: 72 }
const linkId = (link: ShortLink) => link.id
const visitCount = new Intl.NumberFormat('hu-HU')

export interface LinksTableProps {
  links: readonly ShortLink[]
  base: string
  /** False offline: 'Törlés' is an online write. */
  canDelete: boolean
  onCopy: (link: ShortLink) => void
  onQr: (link: ShortLink) => void
  onDelete: (link: ShortLink) => void
}

/**
 * The original URL as a link: its readable form, the text without `https://` and `www.`; the whole readable URL is
 * its name and title.
 */
function Target({ link }: { link: ShortLink }) {
  const readable = readableUrl(link.url)
  return (
    <a
      className="ln-url"
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      title={readable}
      aria-label={readable}
    >
      {shownTarget(readable)}
    </a>
  )
}

export const LinksTable = memo(function LinksTable({
  links,
  base,
  canDelete,
  onCopy,
  onQr,
  onDelete,
}: LinksTableProps) {
  const columns = useMemo<VirtualColumn<ShortLink>[]>(
    () => [
      {
        id: 'url',
        header: 'Eredeti URL',
        width: 'minmax(0, 3fr)',
        // On a phone it moves under the code (the stylesheet's grid areas below).
        compactWidth: 'minmax(0, 1fr)',
        cell: (link) => <Target link={link} />,
      },
      {
        id: 'short',
        header: 'Rövid URL',
        width: 'minmax(0, 2fr)',
        compactWidth: 'minmax(0, 1fr)',
        cell: (link) => {
          const full = fullShortLink(base, link.short)
          return (
            <>
              <button
                type="button"
                className="ln-code"
                title={full}
                aria-label={`Teljes rövid link: ${full}`}
                onClick={() => onQr(link)}
              >
                {link.short}
              </button>
              {link.expiresAt && <span className="ln-expiry">Lejár: {formatShortDate(link.expiresAt)}</span>}
            </>
          )
        },
      },
      {
        id: 'visits',
        header: 'Látogatások',
        width: '7rem',
        compactWidth: null,
        align: 'end',
        cell: (link) => visitCount.format(link.visits),
      },
      {
        id: 'actions',
        header: 'Műveletek',
        width: 'var(--ln-actions)',
        compactWidth: 'auto',
        align: 'end',
        cell: (link) => (
          <span className="ln-actions">
            <button
              type="button"
              className="vt-action"
              aria-label={`Másolás: ${link.short}`}
              onClick={() => onCopy(link)}
            >
              <Copy aria-hidden />
              <span className="ln-label">Másolás</span>
            </button>
            <button
              type="button"
              className="vt-action"
              aria-label={`QR-kód: ${link.short}`}
              onClick={() => onQr(link)}
            >
              <QrCode aria-hidden />
              <span className="ln-label">QR-kód</span>
            </button>
            <button
              type="button"
              className="vt-action"
              aria-label={`Törlés: ${link.short}`}
              disabled={!canDelete}
              onClick={() => onDelete(link)}
            >
              <Trash2 aria-hidden />
              <span className="ln-label">Törlés</span>
            </button>
          </span>
        ),
      },
    ],
    [base, canDelete, onCopy, onQr, onDelete],
  )

  return (
    <VirtualTable
      label="Rövid URL-ek"
      regionLabel="Rövid URL-ek listája"
      columns={columns}
      rows={links}
      getKey={linkId}
      rowHeight={ROW_HEIGHT}
      css={rowCss}
    />
  )
})

/** Below this the row buttons show their icons only (a tablet in portrait, a phone). */
const NARROW_MEDIA = '@media screen and (max-width: 64em)'

const rowCss = {
  '--ln-actions': '20rem',
  '& .ln-url, & .ln-code': {
    display: 'block',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .ln-url': { color: 'fg', textDecoration: 'underline', textDecorationColor: 'border' },
  '& .ln-code': {
    fontFamily: 'mono',
    fontWeight: 'semibold',
    color: 'fg',
    textAlign: 'start',
    cursor: 'pointer',
    rounded: 'sm',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' },
  },
  '& .ln-expiry': { display: 'block', color: 'fg.muted', fontSize: 'xs' },
  '& .ln-actions': { display: 'inline-flex', gap: '2', justifyContent: 'flex-end' },
  '& .vt-action': { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '1.5' },
  '& .vt-action svg': { width: '4', height: '4', flex: 'none' },
  [NARROW_MEDIA]: {
    '--ln-actions': '10rem',
    '& .ln-label': { display: 'none' },
    '& .vt-action': { minWidth: '11', paddingInline: '2' },
  },
  [COMPACT_MEDIA]: {
    '& [role=row]': {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gridTemplateRows: 'auto auto',
      rowGap: '0.5',
    },
    '& [data-column=short]': { gridColumn: '1', gridRow: '1' },
    '& [data-column=url]': { gridColumn: '1', gridRow: '2' },
    '& [data-column=actions]': { gridColumn: '2', gridRow: '1 / span 2' },
    '& .ln-url': { fontSize: 'xs', color: 'fg.muted' },
  },
} as const

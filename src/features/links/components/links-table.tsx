/**
 * The links table: the shared VirtualTable (thousands of links, DOM rows bounded) with Eredeti URL (readable:
 * Unicode host, decoded letters — the stored target stays the link's href), Rövid URL, the
 * visit count and Műveletek ('Másolás', 'Törlés'). Cells are plain elements styled by one stylesheet.
 */
import { memo, useMemo } from 'react'
import { readableUrl, type ShortLink } from '../../../../contract/api'
import { VirtualTable, type VirtualColumn } from '../../../components/virtual-table'
import { fullShortLink } from '../short-link'

const ROW_HEIGHT = { wide: 56, compact: 64 }
const linkId = (link: ShortLink) => link.id
const visitCount = new Intl.NumberFormat('hu-HU')
const expiryDate = new Intl.DateTimeFormat('hu-HU', { dateStyle: 'medium' })

export interface LinksTableProps {
  links: readonly ShortLink[]
  base: string
  /** False offline: 'Törlés' is an online write. */
  canDelete: boolean
  onCopy: (link: ShortLink) => void
  onQr: (link: ShortLink) => void
  onDelete: (link: ShortLink) => void
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
        compactWidth: 'minmax(0, 1fr)',
        cell: (link) => {
          const readable = readableUrl(link.url)
          return (
            <a className="ln-url" href={link.url} target="_blank" rel="noopener noreferrer" title={readable}>
              {readable}
            </a>
          )
        },
      },
      {
        id: 'short',
        header: 'Rövid URL',
        width: 'minmax(0, 2fr)',
        compactWidth: null,
        cell: (link) => (
          <>
            <span className="ln-short">{fullShortLink(base, link.short)}</span>
            {link.expiresAt && (
              <span className="ln-expiry">Lejár: {expiryDate.format(new Date(link.expiresAt))}</span>
            )}
          </>
        ),
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
        width: '18rem',
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
              Másolás
            </button>
            <button
              type="button"
              className="vt-action"
              aria-label={`QR-kód: ${link.short}`}
              onClick={() => onQr(link)}
            >
              QR-kód
            </button>
            <button
              type="button"
              className="vt-action"
              aria-label={`Törlés: ${link.short}`}
              disabled={!canDelete}
              onClick={() => onDelete(link)}
            >
              Törlés
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

const rowCss = {
  '& .ln-url, & .ln-short': {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .ln-url': { color: 'fg', textDecoration: 'underline', textDecorationColor: 'border' },
  '& .ln-short': { color: 'fg.muted', fontFamily: 'mono', fontSize: 'xs' },
  '& .ln-expiry': { display: 'block', color: 'fg.muted', fontSize: 'xs' },
  '& .ln-actions': { display: 'inline-flex', gap: '2', justifyContent: 'flex-end' },
} as const

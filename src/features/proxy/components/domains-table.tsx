/**
 * The blocked domains: the shared VirtualTable (100,000 rows stay smooth), each domain's comment, and for admins
 * a comment-edit and a delete button a row. A new search result mounts a new set of rows (keyed by domain), so a
 * row is plain elements styled once by the table's stylesheet: no Chakra component, no style resolution per row
 * (on 4× CPU the Chakra IconButtons of 16 rows alone cost a keystroke's budget, docs/decisions/proxy.md, "Keystroke → list").
 */
import { MessageSquareText, Trash2 } from 'lucide-react'
import { memo, useMemo } from 'react'
import type { SystemStyleObject } from '@chakra-ui/react'
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table'
import { shownDomain } from '@contract/domain-name'
import { touchTarget } from '@/lib/touch-target'

const ROW_HEIGHT = { wide: 48, compact: 52 }
const domainKey = (domain: string) => domain

export interface DomainsTableProps {
  domains: readonly string[]
  /** domain → comment (only the commented ones). */
  comments?: Readonly<Record<string, string>>
  /** Null hides the delete button (a user without deleteProxyDomain). */
  onDelete: ((domain: string) => void) | null
  /** Null hides the comment-edit button (a user without addProxyDomain). */
  onEditComment?: ((domain: string) => void) | null
  /** False offline: the buttons show but are disabled (online writes). */
  writable?: boolean
}

const NO_COMMENTS: Readonly<Record<string, string>> = {}

/** The rows' own parts: a muted, truncated comment and ghost icon buttons (the look of Chakra's ghost sm). */
const CELL_CSS: SystemStyleObject = {
  '& .dt-comment': {
    display: 'block',
    color: 'fg.muted',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .dt-actions': { display: 'flex', gap: '1', justifyContent: 'flex-end' },
  '& .dt-icon': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '9',
    height: '9',
    rounded: 'l2',
    bg: 'transparent',
    color: 'fg',
    cursor: 'pointer',
    touchAction: 'manipulation',
    '& svg': { width: '4', height: '4' },
    _hover: { bg: 'colorPalette.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' },
    colorPalette: 'gray',
    _disabled: { opacity: 0.5, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
    ...touchTarget,
  },
  '& .dt-icon[data-danger]': { color: 'red.fg', _hover: { bg: 'red.subtle' } },
}

export const DomainsTable = memo(function DomainsTable({
  domains,
  comments = NO_COMMENTS,
  onDelete,
  onEditComment = null,
  writable = true,
}: DomainsTableProps) {
  const columns = useMemo<VirtualColumn<string>[]>(() => {
    const list: VirtualColumn<string>[] = [
      { id: 'domain', header: 'Domain', width: 'minmax(0, 1fr)', cell: (domain) => shownDomain(domain) },
      {
        id: 'comment',
        header: 'Megjegyzés',
        width: 'minmax(0, 1fr)',
        compactWidth: null,
        cell: (domain) =>
          Object.hasOwn(comments, domain) ? (
            <span className="dt-comment" title={comments[domain]}>
              {comments[domain]}
            </span>
          ) : null,
      },
    ]
    if (!onDelete && !onEditComment) return list
    list.push({
      id: 'actions',
      header: 'Műveletek',
      width: '7rem',
      compactWidth: 'auto',
      align: 'end',
      cell: (domain) => (
        <div className="dt-actions">
          {onEditComment && (
            <button
              type="button"
              className="dt-icon"
              aria-label={`Megjegyzés szerkesztése: ${shownDomain(domain)}`}
              disabled={!writable}
              onClick={() => onEditComment(domain)}
            >
              {COMMENT_SVG}
            </button>
          )}
          {onDelete && (
            <button
              type="button"
              className="dt-icon"
              data-danger=""
              aria-label={`Törlés: ${shownDomain(domain)}`}
              disabled={!writable}
              onClick={() => onDelete(domain)}
            >
              {DELETE_SVG}
            </button>
          )}
        </div>
      ),
    })
    return list
  }, [comments, onDelete, onEditComment, writable])

  return (
    <>
      {(onDelete || onEditComment) && <IconSprite />}
      <VirtualTable
        label="Blokkolt domainek"
        regionLabel="Blokkolt domainek listája"
        columns={columns}
        rows={domains}
        getKey={domainKey}
        rowHeight={ROW_HEIGHT}
        css={CELL_CSS}
        recycleRows
      />
    </>
  )
})

const COMMENT_ICON = 'dt-icon-comment'
const DELETE_ICON = 'dt-icon-delete'

/**
 * The rows' two icons, drawn once: a row's button shows one with `<use>` (two elements) instead of mounting a
 * lucide icon of its own (an svg and three to five shapes, built in JS) — a new search result mounts 16 rows.
 */
const IconSprite = memo(function IconSprite() {
  return (
    <svg aria-hidden="true" style={{ display: 'none' }}>
      <symbol id={COMMENT_ICON} viewBox="0 0 24 24">
        <MessageSquareText />
      </symbol>
      <symbol id={DELETE_ICON} viewBox="0 0 24 24">
        <Trash2 />
      </symbol>
    </svg>
  )
})

/** A row's icon: the same element every time, so a re-rendered row leaves it alone. */
const iconOf = (id: string) => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24">
    <use href={`#${id}`} />
  </svg>
)
const COMMENT_SVG = iconOf(COMMENT_ICON)
const DELETE_SVG = iconOf(DELETE_ICON)

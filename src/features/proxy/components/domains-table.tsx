/**
 * The blocked domains: the shared VirtualTable (100,000 rows stay smooth), each domain's comment, and for admins
 * a comment-edit and a delete button a row.
 */
import { Flex, IconButton, Text } from '@chakra-ui/react'
import { MessageSquareText, Trash2 } from 'lucide-react'
import { memo, useMemo } from 'react'
import { VirtualTable, type VirtualColumn } from '../../../components/virtual-table'
import { touchTarget } from '../../../lib/touch-target'

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
}

const NO_COMMENTS: Readonly<Record<string, string>> = {}

export const DomainsTable = memo(function DomainsTable({
  domains,
  comments = NO_COMMENTS,
  onDelete,
  onEditComment = null,
}: DomainsTableProps) {
  const columns = useMemo<VirtualColumn<string>[]>(() => {
    const list: VirtualColumn<string>[] = [
      { id: 'domain', header: 'Domain', width: 'minmax(0, 1fr)', cell: (domain) => domain },
      {
        id: 'comment',
        header: 'Megjegyzés',
        width: 'minmax(0, 1fr)',
        compactWidth: null,
        cell: (domain) =>
          Object.hasOwn(comments, domain) ? (
            <Text truncate color="fg.muted" title={comments[domain]}>
              {comments[domain]}
            </Text>
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
        <Flex gap="1" justify="end">
          {onEditComment && (
            <IconButton
              aria-label={`Megjegyzés szerkesztése: ${domain}`}
              variant="ghost"
              size="sm"
              css={touchTarget}
              onClick={() => onEditComment(domain)}
            >
              <MessageSquareText aria-hidden />
            </IconButton>
          )}
          {onDelete && (
            <IconButton
              aria-label={`Törlés: ${domain}`}
              variant="ghost"
              colorPalette="red"
              size="sm"
              css={touchTarget}
              onClick={() => onDelete(domain)}
            >
              <Trash2 aria-hidden />
            </IconButton>
          )}
        </Flex>
      ),
    })
    return list
  }, [comments, onDelete, onEditComment])

  return (
    <VirtualTable
      label="Blokkolt domainek"
      regionLabel="Blokkolt domainek listája"
      columns={columns}
      rows={domains}
      getKey={domainKey}
      rowHeight={ROW_HEIGHT}
    />
  )
})

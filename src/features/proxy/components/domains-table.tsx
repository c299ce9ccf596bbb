/** The blocked domains: the shared VirtualTable (100,000 rows stay smooth), a delete button a row for admins. */
import { IconButton } from '@chakra-ui/react'
import { Trash2 } from 'lucide-react'
import { memo, useMemo } from 'react'
import { VirtualTable, type VirtualColumn } from '../../../components/virtual-table'
import { touchTarget } from '../../../lib/touch-target'

const ROW_HEIGHT = { wide: 48, compact: 52 }
const domainKey = (domain: string) => domain

export interface DomainsTableProps {
  domains: readonly string[]
  /** Null hides the delete column (a user without deleteProxyDomain). */
  onDelete: ((domain: string) => void) | null
}

export const DomainsTable = memo(function DomainsTable({ domains, onDelete }: DomainsTableProps) {
  const columns = useMemo<VirtualColumn<string>[]>(() => {
    const domainColumn: VirtualColumn<string> = {
      id: 'domain',
      header: 'Domain',
      width: 'minmax(0, 1fr)',
      cell: (domain) => domain,
    }
    if (!onDelete) return [domainColumn]
    return [
      domainColumn,
      {
        id: 'actions',
        header: 'Műveletek',
        width: '7rem',
        compactWidth: 'auto',
        align: 'end',
        cell: (domain) => (
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
        ),
      },
    ]
  }, [onDelete])

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

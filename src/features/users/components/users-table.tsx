/** The accounts table: the shared VirtualTable with Felhasználók's columns and a menu of actions per row. */
import { Badge } from '@chakra-ui/react'
import { memo, useMemo } from 'react'
import type { UserSummary } from '@contract/api'
import { RowActionsMenu } from '@/components/row-actions-menu'
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table'
import { USER_TYPE_LABELS, lastSignInText } from '../user-labels'

export type UserAction = 'status' | 'password' | 'mfa' | 'features'

export interface UsersTableProps {
  users: readonly UserSummary[]
  onAction: (action: UserAction, user: UserSummary) => void
  /** False offline: every action is an online write, so the menu's entries are disabled. */
  writable?: boolean
}

const ROW_HEIGHT = { wide: 52, compact: 64 }
const userId = (user: UserSummary) => user.id

export const UsersTable = memo(function UsersTable({ users, onAction, writable = true }: UsersTableProps) {
  const columns = useMemo<VirtualColumn<UserSummary>[]>(
    () => [
      {
        id: 'name',
        header: 'Név',
        // The names keep a readable minimum; the fixed columns give way first on a tablet (issue 18).
        width: 'minmax(10rem, 2fr)',
        compactWidth: 'minmax(0, 1fr)',
        cell: (u) => u.name,
      },
      {
        id: 'username',
        header: 'Felhasználónév',
        width: 'minmax(8rem, 1.5fr)',
        compactWidth: null,
        cell: (u) => u.username,
      },
      {
        id: 'type',
        header: 'Típus',
        width: 'minmax(0, 8rem)',
        compactWidth: null,
        cell: (u) => USER_TYPE_LABELS[u.type],
      },
      { id: 'mfa', header: 'MFA', width: '3rem', compactWidth: null, cell: (u) => (u.mfa ? 'Be' : 'Ki') },
      {
        id: 'lastSignIn',
        header: 'Utolsó bejelentkezés',
        width: 'minmax(0, 10rem)',
        compactWidth: null,
        cell: (u) => lastSignInText(u.lastSignIn),
      },
      {
        id: 'status',
        header: 'Állapot',
        width: '5.5rem',
        compactWidth: 'auto',
        cell: (u) =>
          u.disabled ? <Badge colorPalette="red">Letiltva</Badge> : <Badge colorPalette="green">Aktív</Badge>,
      },
      {
        id: 'actions',
        header: 'Műveletek',
        width: '6rem',
        compactWidth: 'auto',
        align: 'end',
        cell: (u) => (
          <RowActionsMenu
            name={u.name}
            actions={[
              {
                value: 'password',
                label: 'Jelszó visszaállítása',
                disabled: !writable,
                onSelect: () => onAction('password', u),
              },
              {
                value: 'status',
                label: u.disabled ? 'Engedélyezés' : 'Letiltás',
                disabled: !writable,
                onSelect: () => onAction('status', u),
              },
              {
                value: 'mfa',
                label: 'Többfaktoros hitelesítés kikapcsolása',
                disabled: !u.mfa || !writable,
                onSelect: () => onAction('mfa', u),
              },
              {
                value: 'features',
                label: 'Funkciók',
                disabled: !writable,
                onSelect: () => onAction('features', u),
              },
            ]}
          />
        ),
      },
    ],
    [onAction, writable],
  )
  return (
    <VirtualTable
      label="Felhasználók"
      regionLabel="Felhasználólista"
      columns={columns}
      rows={users}
      getKey={userId}
      rowHeight={ROW_HEIGHT}
    />
  )
})

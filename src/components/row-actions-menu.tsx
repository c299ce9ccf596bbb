/**
 * A list row's actions behind one menu button ('Műveletek: ‹name›'): usable by keyboard (arrows, Enter) and by touch.
 * Felhasználók and Fájlok use it; a new list with row actions uses it too.
 */
import { IconButton, Menu, Portal } from '@chakra-ui/react'
import { MoreHorizontal } from 'lucide-react'
import type { ReactNode } from 'react'

export interface RowAction {
  value: string
  label: ReactNode
  onSelect: () => void
  disabled?: boolean
  /** Shown in the error colour (a deletion). */
  danger?: boolean
}

export function RowActionsMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Műveletek: ${name}`}>
          <MoreHorizontal size={16} aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) => (
              <Menu.Item
                key={action.value}
                value={action.value}
                disabled={action.disabled}
                color={action.danger ? 'fg.error' : undefined}
                onClick={action.onSelect}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

/** 'Ülésrend' of a group (spec §4 Seating): being built (issue 8). */
import { Dialog, Portal, Text } from '@chakra-ui/react'
import type { Group } from '../../../../contract/api'

export function SeatingDialog(props: { group: Group; open: boolean; onClose: () => void }) {
  const { group, open, onClose } = props
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="full">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Ülésrend – {group.groupName}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>Hiányzó adatok</Text>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

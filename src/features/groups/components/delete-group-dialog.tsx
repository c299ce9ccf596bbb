/** The delete confirmation of a group, with the spec's two sentences (Groups screen). */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'

interface DeleteGroupDialogProps {
  /** The group asked about; null when closed. */
  groupName: string | null
  deleting: boolean
  onCancel: () => void
  onConfirm: () => void
}

export function DeleteGroupDialog({ groupName, deleting, onCancel, onConfirm }: DeleteGroupDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={groupName !== null}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Csoport törlése{groupName ? `: ${groupName}` : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="1">
              <Dialog.Description>Biztosan törölni szeretnéd a csoportot?</Dialog.Description>
              <Text color="fg.muted">Ez a művelet visszavonhatatlan.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={deleting}>
                Mégsem
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={deleting}>
                Törlés megerősítése
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** 'Rövid URL törlése' with the spec's sentence (§4 Links). */
import { Button, Dialog, Portal } from '@chakra-ui/react'

interface DeleteLinkDialogProps {
  open: boolean
  deleting: boolean
  onCancel: () => void
  onConfirm: () => void
}

export function DeleteLinkDialog({ open, deleting, onCancel, onConfirm }: DeleteLinkDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
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
              <Dialog.Title>Rövid URL törlése</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                Biztosan törölni szeretnéd ezt a rövid URL-t? A művelet nem vonható vissza.
              </Dialog.Description>
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

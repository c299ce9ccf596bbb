/** The delete confirmation of a blocked domain, with the domain named. */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'

interface DeleteDomainDialogProps {
  domain: string | null
  deleting: boolean
  onCancel: () => void
  onConfirm: (domain: string) => void
}

export function DeleteDomainDialog({ domain, deleting, onCancel, onConfirm }: DeleteDomainDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={domain !== null}
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
              <Dialog.Title>Domain eltávolítása</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="2">
              <Dialog.Description>Biztosan eltávolítod ezt a domaint a tiltólistáról?</Dialog.Description>
              {domain && (
                <Text fontWeight="semibold" wordBreak="break-all">
                  {domain}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={onCancel}>
                Mégsem
              </Button>
              <Button colorPalette="red" loading={deleting} onClick={() => domain && onConfirm(domain)}>
                Eltávolítás
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

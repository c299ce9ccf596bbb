/**
 * The generated one-time password, shown once (after create and after a reset): copy and print as a hand-out slip.
 * Closing the dialog forgets it: the server keeps only its hash.
 */
import { Button, CloseButton, Code, Dialog, HStack, Portal, Text } from '@chakra-ui/react'
import { Copy, Printer } from 'lucide-react'
import { notify } from '../../../lib/notify'
import { printSlips, type Slip } from '../print-slips'

export interface OneTimePasswordDialogProps {
  /** The account and its new password; null closes the dialog. */
  slip: Slip | null
  title: string
  onClose: () => void
}

export function OneTimePasswordDialog({ slip, title, onClose }: OneTimePasswordDialogProps) {
  const copy = async () => {
    if (!slip) return
    try {
      await navigator.clipboard.writeText(slip.password)
      notify.success('Jelszó a vágólapra másolva.')
    } catch {
      notify.error('Hiba történt a másolás során.')
    }
  }
  const print = () => {
    if (slip && !printSlips([slip])) notify.error('A böngésző nem engedte megnyitni a nyomtatási ablakot.')
  }
  return (
    <Dialog.Root
      open={slip !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Dialog.Description>
                Ezt a jelszót csak most látod: másold ki vagy nyomtasd ki. Az első bejelentkezéskor saját
                jelszót kell beállítani.
              </Dialog.Description>
              <Text>
                <strong>Név:</strong> {slip?.name}
              </Text>
              <Text>
                <strong>Felhasználónév:</strong> {slip?.username}
              </Text>
              <Text>
                <strong>Egyszer használatos jelszó:</strong>{' '}
                <Code fontSize="lg" data-testid="one-time-password">
                  {slip?.password}
                </Code>
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" flexWrap="wrap">
                <Button variant="outline" onClick={() => void copy()}>
                  <Copy size={16} aria-hidden />
                  Másolás
                </Button>
                <Button variant="outline" onClick={print}>
                  <Printer size={16} aria-hidden />
                  Nyomtatás
                </Button>
                <Button colorPalette="blue" onClick={onClose}>
                  Kész
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Bezárás" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

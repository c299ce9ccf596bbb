/**
 * Logging out with writes still in the outbox asks first (DESIGN §5): a logout wipes the queue with the rest of
 * the user's data. 'Küldés most' tries to send them and logs out once none is left; 'Kijelentkezés mégis' logs out
 * and drops them; 'Maradok' keeps the session.
 */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { outbox, useOutboxState } from '@/lib/outbox'
import { waitingText } from './outbox-badge'

interface UnsentWritesDialogProps {
  open: boolean
  onStay: () => void
  onLogout: () => void
}

export function UnsentWritesDialog({ open, onStay, onLogout }: UnsentWritesDialogProps) {
  const [sending, setSending] = useState(false)
  const [stillWaiting, setStillWaiting] = useState(false)

  async function sendNow() {
    setSending(true)
    setStillWaiting(false)
    try {
      await outbox.syncNow()
    } finally {
      setSending(false)
    }
    if (outbox.getSnapshot().items.length === 0) onLogout()
    else setStillWaiting(true)
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onStay()
      }}
      onExitComplete={() => setStillWaiting(false)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label="Elküldetlen módosítások">
            <Dialog.Header>
              <Dialog.Title>Elküldetlen módosítások</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <WaitingWrites stillWaiting={stillWaiting} />
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={onStay}>
                Maradok
              </Button>
              <Button variant="outline" colorPalette="red" onClick={onLogout}>
                Kijelentkezés mégis
              </Button>
              <Button colorPalette="blue" onClick={() => void sendNow()} loading={sending}>
                Küldés most
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/**
 * What waits, told from the outbox's state: only this part follows the outbox, and only while the dialog is open
 * (the closed dialog is not mounted), so a write stored or sent does not render the dialog.
 */
function WaitingWrites({ stillWaiting }: { stillWaiting: boolean }) {
  const { items } = useOutboxState()
  const lastError = items.find((item) => item.lastError)?.lastError
  return (
    <>
      <Dialog.Description>
        {waitingText(items.length)}. Ha most kijelentkezel, ezek a módosítások elvesznek.
      </Dialog.Description>
      {stillWaiting && (
        <Text role="alert" color="fg.error" fontSize="sm">
          Nem sikerült mindent elküldeni{lastError ? `: ${lastError}` : '.'}
        </Text>
      )}
    </>
  )
}

/**
 * The generated one-time password, shown once (after create and after a reset): copy and print as a hand-out slip.
 * Closing the dialog forgets it: the server keeps only its hash.
 */
import { Button, Code, Text } from '@chakra-ui/react'
import { Copy, Printer } from 'lucide-react'
import { useCopyText } from '@/components/copy-text'
import { InfoDialog } from '@/components/info-dialog'
import { notify } from '@/lib/notify'
import { printSlips, type Slip } from '../print-slips'

export interface OneTimePasswordDialogProps {
  /** The account and its new password; null closes the dialog. */
  slip: Slip | null
  title: string
  onClose: () => void
}

export function OneTimePasswordDialog({ slip, title, onClose }: OneTimePasswordDialogProps) {
  const { copy, dialog: copyDialog } = useCopyText('Jelszó a vágólapra másolva.')
  const print = () => {
    if (slip && !printSlips([slip])) notify.error('A böngésző nem engedte megnyitni a nyomtatási ablakot.')
  }
  return (
    <InfoDialog
      open={slip !== null}
      title={title}
      description="Ezt a jelszót csak most látod: másold ki vagy nyomtasd ki. Az első bejelentkezéskor saját jelszót kell beállítani."
      gap="3"
      onClose={onClose}
      actions={
        <>
          <Button variant="outline" onClick={() => slip && copy(slip.password)}>
            <Copy size={16} aria-hidden />
            Másolás
          </Button>
          <Button variant="outline" onClick={print}>
            <Printer size={16} aria-hidden />
            Nyomtatás
          </Button>
        </>
      }
    >
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
      {copyDialog}
    </InfoDialog>
  )
}

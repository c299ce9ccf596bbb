/** 'Új értesítés': the announcement's text (not empty after trimming, at most LIMITS.alertMax characters). */
import { CreateAlertRequest } from '@contract/api'
import { LIMITS } from '@contract/limits'
import { TextDialog } from '@/components/text-dialog'

export const EMPTY_ALERT = 'Az értesítés nem lehet üres!'
export const ALERT_TOO_LONG = `Az értesítés legfeljebb ${LIMITS.alertMax} karakter lehet.`

export interface AlertDialogProps {
  open: boolean
  onClose: () => void
  /** Resolves once the announcement is stored in the outbox (it is sent from there); rejects when it could not be. */
  onSave: (message: string) => Promise<void>
}

export function AlertDialog({ open, onClose, onSave }: AlertDialogProps) {
  return (
    <TextDialog
      open={open}
      title="Új értesítés"
      description="Minden bejelentkezett felhasználó látja a Kezdőlapon, amíg be nem zárja vagy nem törlöd."
      label="Értesítés szövege"
      submitLabel="Közzététel"
      rule={CreateAlertRequest.properties.message}
      emptyMessage={EMPTY_ALERT}
      tooLongMessage={ALERT_TOO_LONG}
      onClose={onClose}
      onSave={onSave}
    />
  )
}

/** 'Új értesítés': the announcement's text (not empty after trimming, at most LIMITS.alertMax characters). */
import { Type } from '@sinclair/typebox'
import { Textarea } from '@chakra-ui/react'
import { CreateAlertRequest } from '../../../../contract/api'
import { LIMITS } from '../../../../contract/limits'
import { FormDialog } from '../../../components/form-dialog'
import { FormField, useSchemaForm } from '../../../components/form'

export const EMPTY_ALERT = 'Az értesítés nem lehet üres!'
export const ALERT_TOO_LONG = `Az értesítés legfeljebb ${LIMITS.alertMax} karakter lehet.`

/** The request's message rule, from the contract. */
const AlertForm = Type.Pick(CreateAlertRequest, ['message'])

interface AlertDialogProps {
  open: boolean
  onClose: () => void
  /** Resolves once the announcement is stored in the outbox (it is sent from there); rejects when it could not be. */
  onSave: (message: string) => Promise<void>
}

export function AlertDialog({ open, onClose, onSave }: AlertDialogProps) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(AlertForm, {
    defaultValues: { message: '' },
    messages: { message: { required: EMPTY_ALERT, minLength: EMPTY_ALERT, maxLength: ALERT_TOO_LONG } },
    check: ({ message }) => ({ message: message.trim() ? undefined : EMPTY_ALERT }),
  })

  const save = handleSubmit(async ({ message }) => {
    try {
      await onSave(message.trim())
      onClose()
    } catch {
      // Could not be stored: the screen has said so; the text stays for another try.
    }
  })

  return (
    <FormDialog
      open={open}
      title="Új értesítés"
      description="Minden bejelentkezett felhasználó látja a Kezdőlapon, amíg be nem zárja vagy nem törlöd."
      onClose={onClose}
      onSubmit={() => void save()}
      onExitComplete={() => reset({ message: '' })}
      submitLabel="Közzététel"
      busy={formState.isSubmitting}
    >
      <FormField label="Értesítés szövege" error={formState.errors.message}>
        <Textarea rows={5} {...register('message')} />
      </FormField>
    </FormDialog>
  )
}

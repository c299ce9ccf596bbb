/** 'Új jegyzet' (spec: Groups screen, §5): a textarea; a trimmed empty note says 'A jegyzet nem lehet üres!'. */
import { Type } from '@sinclair/typebox'
import { Textarea } from '@chakra-ui/react'
import { CreateNoteRequest } from '../../../../contract/api'
import { LIMITS } from '../../../../contract/limits'
import { FormDialog } from '../../../components/form-dialog'
import { FormField, useSchemaForm } from '../../../components/form'

export const EMPTY_NOTE = 'A jegyzet nem lehet üres!'
const NOTE_TOO_LONG = `A jegyzet legfeljebb ${LIMITS.noteMax} karakter lehet.`

/** The request's message rule, from the contract. */
const NoteForm = Type.Pick(CreateNoteRequest, ['message'])

interface NoteDialogProps {
  open: boolean
  groupName: string
  onClose: () => void
  /** Resolves once the note is stored in the outbox (it is sent from there); rejects when it could not be. */
  onSave: (message: string) => Promise<void>
}

export function NoteDialog({ open, groupName, onClose, onSave }: NoteDialogProps) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(NoteForm, {
    defaultValues: { message: '' },
    messages: { message: { required: EMPTY_NOTE, maxLength: NOTE_TOO_LONG } },
    check: ({ message }) => ({ message: message.trim() ? undefined : EMPTY_NOTE }),
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
      title="Új jegyzet"
      description={groupName}
      onClose={onClose}
      onSubmit={() => void save()}
      onExitComplete={() => reset({ message: '' })}
      submitLabel="Mentés"
      busy={formState.isSubmitting}
    >
      <FormField label="Jegyzet" error={formState.errors.message}>
        <Textarea rows={5} {...register('message')} />
      </FormField>
    </FormDialog>
  )
}

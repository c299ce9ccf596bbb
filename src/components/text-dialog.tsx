/**
 * A dialog asking for one text (an announcement, a group note): a textarea whose text must not be empty after
 * trimming and must keep the contract's length rule. `onSave` gets the trimmed text and resolves once it is stored
 * (in the outbox: it is sent from there); the dialog then closes. When it rejects, the screen has said why and the
 * text stays for another try. Closing forgets the text.
 */
import { Type, type TString } from '@sinclair/typebox'
import { Textarea } from '@chakra-ui/react'
import { FormDialog } from './form-dialog'
import { FormField, useSchemaForm } from './form'

export interface TextDialogProps {
  open: boolean
  title: string
  description?: string
  /** The textarea's label. */
  label: string
  submitLabel: string
  /** The text's rule from the contract, e.g. `CreateAlertRequest.properties.message`. */
  rule: TString
  /** Said for an empty text (also one of spaces only). */
  emptyMessage: string
  /** Said for a text over the rule's maxLength. */
  tooLongMessage: string
  onClose: () => void
  /** Resolves once the text is stored; rejects when it could not be. */
  onSave: (text: string) => Promise<void>
}

export function TextDialog({
  open,
  title,
  description,
  label,
  submitLabel,
  rule,
  emptyMessage,
  tooLongMessage,
  onClose,
  onSave,
}: TextDialogProps) {
  // The schema, messages and check are read once (useSchemaForm): a dialog's rule does not change while it is open.
  const { register, handleSubmit, reset, formState } = useSchemaForm(Type.Object({ message: rule }), {
    defaultValues: { message: '' },
    messages: { message: { required: emptyMessage, minLength: emptyMessage, maxLength: tooLongMessage } },
    check: ({ message }) => ({ message: message.trim() ? undefined : emptyMessage }),
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
      title={title}
      description={description}
      onClose={onClose}
      onSubmit={() => void save()}
      onExitComplete={() => reset({ message: '' })}
      submitLabel={submitLabel}
      busy={formState.isSubmitting}
    >
      <FormField label={label} error={formState.errors.message}>
        <Textarea rows={5} {...register('message')} />
      </FormField>
    </FormDialog>
  )
}

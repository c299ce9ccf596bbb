/**
 * One name for an entry of the current folder — 'Új mappa' and 'Átnevezés' (issue 18) — checked as the server checks
 * it (not empty or dots only, no '/', '\' or control characters, at most 255 bytes); the server's refusal (a taken
 * name) shows under the field. Renaming starts from the current name with the part before the extension selected.
 */
import { Input } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { useEffect, useRef } from 'react'
import { FILE_NAME_MAX_BYTES, isValidEntryName } from '@contract/api'
import { FormDialog } from '@/components/form-dialog'
import { FormField, useSchemaForm } from '@/components/form'

const NameForm = Type.Object({ name: Type.String() })

export const NAME_INVALID = `A név nem lehet csak pontokból álló, nem tartalmazhat / vagy \\ jelet, és legfeljebb ${FILE_NAME_MAX_BYTES} bájt lehet.`

export interface EntryNameDialogProps {
  open: boolean
  title: string
  description: string
  label: string
  placeholder?: string
  submitLabel: string
  /** The message of an empty field. */
  requiredMessage: string
  /** The name the field starts with each time the dialog opens. */
  initialName?: string
  saving: boolean
  /** The server's refusal of the last try, shown under the field. */
  serverError: string | null
  onClose: () => void
  onSubmit: (name: string) => void
}

export function EntryNameDialog({
  open,
  title,
  description,
  label,
  placeholder,
  submitLabel,
  requiredMessage,
  initialName = '',
  saving,
  serverError,
  onClose,
  onSubmit,
}: EntryNameDialogProps) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(NameForm, {
    defaultValues: { name: initialName },
    check: ({ name }) => ({
      name: !name.trim() ? requiredMessage : !isValidEntryName(name.trim()) ? NAME_INVALID : undefined,
    }),
  })

  // The first focus after opening selects the name before its extension (once: a later click places the caret).
  const selectPending = useRef(false)
  useEffect(() => {
    if (open) reset({ name: initialName })
    selectPending.current = open
  }, [open, initialName, reset])

  useEffect(() => {
    if (serverError) setError('name', { type: 'server', message: serverError })
  }, [serverError, setError])

  const submit = handleSubmit((values) => onSubmit(values.name.trim()))
  const field = register('name')

  return (
    <FormDialog
      open={open}
      title={title}
      description={description}
      onClose={onClose}
      onSubmit={() => void submit()}
      onExitComplete={() => reset({ name: '' })}
      submitLabel={submitLabel}
      busy={saving}
    >
      <FormField label={label} error={formState.errors.name}>
        <Input
          placeholder={placeholder}
          autoComplete="off"
          {...field}
          onFocus={(event) => {
            // 'Órarend.pdf' → 'Órarend' selected, so typing keeps the extension. After the frame: the dialog's
            // focus trap selects the whole text right after focusing.
            const input = event.currentTarget
            const dot = initialName.lastIndexOf('.')
            if (!selectPending.current || !initialName) return
            selectPending.current = false
            requestAnimationFrame(() => {
              if (input.value === initialName) input.setSelectionRange(0, dot > 0 ? dot : initialName.length)
            })
          }}
        />
      </FormField>
    </FormDialog>
  )
}

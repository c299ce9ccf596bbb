/**
 * 'Új mappa': one name, checked as the server checks it (not empty or dots only, no '/', '\' or control characters,
 * at most 255 bytes); the server's refusal (a taken name) shows under the field.
 */
import { Input } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { useEffect } from 'react'
import { FILE_NAME_MAX_BYTES, isValidEntryName } from '../../../../contract/api'
import { FormDialog } from '../../../components/form-dialog'
import { FormField, useSchemaForm } from '../../../components/form'

const NewFolderForm = Type.Object({ name: Type.String() })
const DEFAULTS = { name: '' }

export const FOLDER_NAME_REQUIRED = 'Add meg a mappa nevét.'
export const FOLDER_NAME_INVALID = `A név nem lehet csak pontokból álló, nem tartalmazhat / vagy \\ jelet, és legfeljebb ${FILE_NAME_MAX_BYTES} bájt lehet.`

interface NewFolderDialogProps {
  open: boolean
  saving: boolean
  /** The server's refusal of the last try, shown under the field. */
  serverError: string | null
  onClose: () => void
  onCreate: (name: string) => void
}

export function NewFolderDialog({ open, saving, serverError, onClose, onCreate }: NewFolderDialogProps) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(NewFolderForm, {
    defaultValues: DEFAULTS,
    check: ({ name }) => ({
      name: !name.trim()
        ? FOLDER_NAME_REQUIRED
        : !isValidEntryName(name.trim())
          ? FOLDER_NAME_INVALID
          : undefined,
    }),
  })

  useEffect(() => {
    if (serverError) setError('name', { type: 'server', message: serverError })
  }, [serverError, setError])

  const submit = handleSubmit((values) => onCreate(values.name.trim()))

  return (
    <FormDialog
      open={open}
      title="Új mappa"
      description="A mappa a jelenlegi mappában jön létre."
      onClose={onClose}
      onSubmit={() => void submit()}
      onExitComplete={() => reset(DEFAULTS)}
      submitLabel="Létrehozás"
      busy={saving}
    >
      <FormField label="Mappa neve" error={formState.errors.name}>
        <Input placeholder="pl.: Órarendek" autoComplete="off" {...register('name')} />
      </FormField>
    </FormDialog>
  )
}

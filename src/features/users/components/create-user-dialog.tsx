/** 'Új felhasználó': name, username, type. The server generates the one-time password (shown in the next dialog). */
import { Input } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { CreateUserRequest, USERS_MESSAGES } from '@contract/api'
import { USER_TYPES, type UserType } from '@contract/features'
import { LIMITS } from '@contract/limits'
import { FormDialog } from '@/components/form-dialog'
import { FormField, SelectInput, useSchemaForm } from '@/components/form'
import { USER_TYPE_LABELS } from '../user-labels'

/** The contract's fields; the username also without spaces here, so it can be typed at a sign-in. */
const CreateUserForm = Type.Object({
  name: CreateUserRequest.properties.name,
  username: Type.String({
    minLength: 1,
    maxLength: LIMITS.usernameMax,
    pattern: '^[^\\s]+$',
    errorMessage: CreateUserRequest.properties.username.errorMessage,
  }),
  type: Type.String(),
})

const DEFAULTS = { name: '', username: '', type: 'student' }

export interface CreateUserDialogProps {
  open: boolean
  saving: boolean
  onClose: () => void
  onCreate: (request: CreateUserRequest) => void
}

export function CreateUserDialog({ open, saving, onClose, onCreate }: CreateUserDialogProps) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(CreateUserForm, {
    defaultValues: DEFAULTS,
    messages: {
      name: { maxLength: `A név legfeljebb ${LIMITS.nameMax} karakter lehet.` },
      username: {
        maxLength: `A felhasználónév legfeljebb ${LIMITS.usernameMax} karakter lehet.`,
        pattern: USERS_MESSAGES.usernameInvalid,
      },
    },
    check: (values) => ({
      ...(values.name.trim() ? {} : { name: USERS_MESSAGES.nameRequired }),
    }),
  })

  const submit = handleSubmit((values) =>
    onCreate({ name: values.name.trim(), username: values.username.trim(), type: values.type as UserType }),
  )

  return (
    <FormDialog
      open={open}
      title="Új felhasználó"
      description="A rendszer egyszer használatos jelszót generál, amelyet csak egyszer mutat meg."
      onClose={onClose}
      onSubmit={() => void submit()}
      onExitComplete={() => reset(DEFAULTS)}
      submitLabel="Létrehozás"
      busy={saving}
    >
      <FormField label="Név" error={formState.errors.name}>
        <Input placeholder="pl.: Kiss Anna" autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Felhasználónév" error={formState.errors.username}>
        <Input placeholder="pl.: kiss.anna" autoComplete="off" spellCheck={false} {...register('username')} />
      </FormField>
      <FormField label="Típus">
        <SelectInput
          {...register('type')}
          options={USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))}
        />
      </FormField>
    </FormDialog>
  )
}

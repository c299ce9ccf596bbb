/**
 * 'Új csoport létrehozása' (spec: Groups screen, §5, §8): name, day, classroom and the student picker. The form is
 * checked with the contract's CreateGroupRequest (the server's own schema): a trimmed name and at least one student,
 * else 'Kérjük, töltse ki az összes kötelező mezőt.' and nothing is sent. Online only: the server names the group.
 */
import { Input, NativeSelect } from '@chakra-ui/react'
import { Controller } from 'react-hook-form'
import { CreateGroupRequest, type Student } from '@contract/api'
import { LIMITS } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { WEEKDAYS } from '@contract/weekdays'
import { useClassrooms } from '@/api/get-classrooms'
import { useStudents } from '@/api/get-students'
import { FormDialog } from '@/components/form-dialog'
import { FormField, useSchemaForm } from '@/components/form'
import { ApiError, messageOf } from '@/lib/api-client'
import { CREATE_FAILED } from '../api/create-group'
import { StudentPicker } from './student-picker'

const NAME_TOO_LONG = `A csoport neve legfeljebb ${LIMITS.nameMax} karakter lehet.`
const NO_STUDENTS: Student[] = []

interface CreateGroupDialogProps {
  open: boolean
  /** The weekday the day select starts on (today's). */
  defaultDay: number
  onClose: () => void
  /** Resolves once the server created the group; rejects (and the dialog stays open) when it did not. */
  onCreate: (request: CreateGroupRequest) => Promise<void>
}

export function CreateGroupDialog({ open, defaultDay, onClose, onCreate }: CreateGroupDialogProps) {
  const defaultValues = { groupName: '', groupDay: defaultDay, students: [], classroom: '' }
  const { register, control, handleSubmit, reset, setError, formState } = useSchemaForm(CreateGroupRequest, {
    defaultValues,
    // An empty name or no student: the schema's message ('Kérjük, töltse ki az összes kötelező mezőt.').
    messages: { groupName: { maxLength: NAME_TOO_LONG } },
    check: ({ groupName }) => ({ groupName: groupName.trim() ? undefined : MESSAGES.groupNameRequired }),
  })
  const students = useStudents()
  const classrooms = useClassrooms()

  const submit = handleSubmit(async (values) => {
    try {
      await onCreate({ ...values, groupName: values.groupName.trim() })
      onClose()
    } catch (error) {
      // The screen has said what went wrong; the form keeps what was typed. An identical group (409) is also said
      // at the name, where the user changes it.
      if (error instanceof ApiError && error.status === 409)
        setError('groupName', { message: messageOf(error.body) ?? CREATE_FAILED })
    }
  })

  return (
    <FormDialog
      open={open}
      title="Új csoport létrehozása"
      onClose={onClose}
      onSubmit={() => void submit()}
      onExitComplete={() => reset(defaultValues)}
      submitLabel="Létrehozás"
      busy={formState.isSubmitting}
    >
      <FormField label="Csoport neve" error={formState.errors.groupName}>
        <Input autoComplete="off" placeholder="pl.: Matematika 9.A" {...register('groupName')} />
      </FormField>

      <FormField label="Nap" error={formState.errors.groupDay}>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('groupDay', { valueAsNumber: true })}>
            {WEEKDAYS.map((day) => (
              <option key={day.id} value={day.id}>
                {day.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>

      <FormField
        label="Terem"
        error={formState.errors.classroom}
        helper={
          classrooms.isPending
            ? 'Termek betöltése...'
            : classrooms.isError
              ? 'A termek most nem tölthetők be; a csoport terem nélkül is létrehozható.'
              : undefined
        }
      >
        <NativeSelect.Root>
          <NativeSelect.Field {...register('classroom')}>
            <option value="">Nincs terem</option>
            {(classrooms.data?.classrooms ?? []).map((classroom) => (
              <option key={classroom._id} value={classroom._id}>
                {classroom.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>

      <Controller
        control={control}
        name="students"
        render={({ field, fieldState }) => (
          <StudentPicker
            students={students.data?.students ?? NO_STUDENTS}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            status={
              students.isPending
                ? { loading: true }
                : students.isError && !students.data
                  ? { error: 'Hiba történt a diákok betöltése közben.', retry: () => void students.refetch() }
                  : null
            }
          />
        )}
      />
    </FormDialog>
  )
}

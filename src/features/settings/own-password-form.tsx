/**
 * 'Jelszó módosítása' in Beállítások › Profil (issue 11): the current password, the new one twice. The length and
 * the two entries are checked here; strength (common and guessable passwords) only by the server, whose Hungarian
 * message shows under the field it is about. On success every other session of the user ends, this one stays.
 */
import { Alert, Button, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { LIMITS } from '@contract/limits'
import { PASSWORD_MESSAGES, passwordLengthProblem } from '@contract/password-rule'
import { changeOwnPassword, ownPasswordErrorField, ownPasswordErrorMessage } from '@/api/account'
import { FormField, useSchemaForm } from '@/components/form'
import { notify } from '@/lib/notify'

const OwnPasswordFields = Type.Object({
  currentPassword: Type.String({ minLength: 1 }),
  newPassword: Type.String({ minLength: 1 }),
  confirm: Type.String({ minLength: 1 }),
})

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' }

export function OwnPasswordForm() {
  const [formError, setFormError] = useState<string | null>(null)
  const { register, handleSubmit, setError, reset, formState } = useSchemaForm(OwnPasswordFields, {
    defaultValues: EMPTY,
    messages: {
      currentPassword: { required: PASSWORD_MESSAGES.currentRequired },
      newPassword: { required: PASSWORD_MESSAGES.newRequired },
      confirm: { required: PASSWORD_MESSAGES.confirmRequired },
    },
    check: ({ newPassword, confirm }) => ({
      newPassword: passwordLengthProblem(newPassword) ?? undefined,
      confirm: newPassword === confirm ? undefined : PASSWORD_MESSAGES.mismatch,
    }),
  })
  const save = useMutation({ mutationFn: changeOwnPassword })

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    if (save.isPending) return
    setFormError(null)
    try {
      const message = await save.mutateAsync({ currentPassword, newPassword })
      reset(EMPTY)
      notify.success(message)
    } catch (failure) {
      const message = ownPasswordErrorMessage(failure)
      const field = ownPasswordErrorField(message)
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true })
      else setFormError(message)
    }
  })

  return (
    <Stack as="section" gap="4" aria-labelledby="own-password-title" maxW="md">
      <Stack gap="1">
        <Heading as="h3" size="md" id="own-password-title">
          Jelszó módosítása
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Legalább {LIMITS.passwordMin} karakter; a gyakori, könnyen kitalálható jelszavakat nem fogadjuk el.
          A módosítás után a többi eszközödön kijelentkeztetünk.
        </Text>
      </Stack>
      {formError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{formError}</Alert.Title>
        </Alert.Root>
      )}
      <Stack asChild gap="4">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Jelszó módosítása">
          <FormField label="Jelenlegi jelszó" error={formState.errors.currentPassword}>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField label="Új jelszó" error={formState.errors.newPassword}>
            <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          </FormField>
          <FormField label="Új jelszó még egyszer" error={formState.errors.confirm}>
            <Input type="password" autoComplete="new-password" {...register('confirm')} />
          </FormField>
          <Button type="submit" colorPalette="blue" alignSelf="flex-start" disabled={save.isPending}>
            {save.isPending ? 'Mentés...' : 'Jelszó módosítása'}
          </Button>
        </form>
      </Stack>
    </Stack>
  )
}

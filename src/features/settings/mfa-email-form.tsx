/**
 * 'MFA e-mail cím' in Beállítások › Profil (spec §3 MFAEmail). Beyond the spec (issue 18): setting, changing or
 * removing the address asks for the current password, so it is saved by its own button, not by the settings'
 * debounce; the password field and the button show once the address differs from the saved one. A refusal shows
 * under the field it is about; success says 'Mentve' beside the button and the server's message in a toast.
 */
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { SetMfaRequest } from '@contract/api/auth'
import { LIMITS } from '@contract/limits'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { dashboardQuery } from '@/api/dashboard'
import { setMfa } from '@/api/account'
import { FormField, useSchemaForm } from '@/components/form'
import { messageOf, NetworkError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { UPDATE_ERROR } from '@/session/settings-context'
import type { CustomSettingProps } from './quick-actions-editor'

/** Said beside the button once the address is saved (issue 18: a silent save looked like nothing happened). */
export const SAVED_MESSAGE = 'Mentve'
export const PASSWORD_LABEL = 'Jelszavad a módosításhoz'

const Fields = Type.Object({ email: SetMfaRequest.properties.email, password: Type.String({ minLength: 1 }) })

export function MfaEmailForm({ value, label, description, disabledReason }: CustomSettingProps<string>) {
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(false)
  const { register, handleSubmit, watch, reset, setError, formState } = useSchemaForm(Fields, {
    defaultValues: { email: value, password: '' },
    messages: {
      email: { maxLength: `Az e-mail cím legfeljebb ${LIMITS.emailMax} karakter lehet.` },
      password: { required: PASSWORD_MESSAGES.currentRequired },
    },
  })
  const save = useMutation({ mutationFn: setMfa })
  const email = watch('email').trim()
  const changed = email !== value

  const submit = handleSubmit(async ({ password }) => {
    if (save.isPending || !changed) return
    try {
      const answer = await save.mutateAsync({ email, password })
      queryClient.setQueryData(dashboardQuery().queryKey, (old) =>
        old ? { ...old, '2fa': { ...old['2fa'], email } } : old,
      )
      reset({ email, password: '' })
      setSaved(true)
      notify.success(answer.message || SAVED_MESSAGE)
    } catch (failure) {
      // Spec §5: the server's message when it sent one, else 'Failed to update settings'.
      const message =
        failure instanceof NetworkError
          ? failure.message
          : (messageOf((failure as { body?: unknown })?.body) ?? UPDATE_ERROR)
      const aboutPassword =
        message === PASSWORD_MESSAGES.currentWrong || message === PASSWORD_MESSAGES.currentRequired
      setError(aboutPassword ? 'password' : 'email', { type: 'server', message }, { shouldFocus: true })
    }
  })

  return (
    <Stack asChild gap="3" maxW="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={label}
          error={formState.errors.email}
          helper={disabledReason ?? description}
          disabled={Boolean(disabledReason)}
        >
          <Input
            type="email"
            autoComplete="email"
            placeholder="nev@pelda.hu"
            {...register('email', { onChange: () => setSaved(false) })}
          />
        </FormField>
        {changed && !disabledReason && (
          <>
            <FormField
              label={PASSWORD_LABEL}
              error={formState.errors.password}
              helper="A többfaktoros hitelesítés módosításához add meg a jelenlegi jelszavadat."
            >
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </FormField>
            <Button type="submit" colorPalette="blue" alignSelf="flex-start" disabled={save.isPending}>
              {save.isPending
                ? 'Mentés...'
                : email
                  ? 'E-mail cím mentése'
                  : 'Többfaktoros hitelesítés kikapcsolása'}
            </Button>
          </>
        )}
        <HStack aria-live="polite" color="fg.success" fontSize="sm" minH="5">
          {saved && !changed && (
            <>
              <Check size={16} aria-hidden />
              <Text>{SAVED_MESSAGE}</Text>
            </>
          )}
        </HStack>
      </form>
    </Stack>
  )
}

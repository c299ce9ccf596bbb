/**
 * The inline password form of the spec's "Password reset row" (§4, §5): a password input ('Add meg az új
 * jelszót...'), 'Mentés' ('Mentés...' while saving) and 'Mégse'; an empty password says 'Kérlek add meg az új
 * jelszót.' and sends nothing. One piece for Diákok (the students table's row) and Kezdőlap (today's groups): the
 * screen owns which row is open and the save; this form owns what is typed and its rule.
 */
import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { useEffect, useId } from 'react'
import { StudentPasswordRequest } from '@contract/api/students'
import { PASSWORD_MESSAGES } from '@contract/password-rule'
import { NetworkError } from '../lib/api-client'
import { useSchemaForm } from './form'

/** Spec §5: the new password must not be empty (nor only spaces); nothing is sent otherwise. */
const PASSWORD_REQUIRED = PASSWORD_MESSAGES.newRequired

/** Whose password the form changes: the name labels the controls, the username is what is sent. */
export interface PasswordResetTarget {
  name: string
  username: string
}

export interface PasswordResetFormProps {
  student: PasswordResetTarget
  /** The save of this form is running: its button says 'Mentés...' and is disabled. */
  saving: boolean
  /**
   * Sends a password the form accepted. Resolves once it is saved (the screen closes the form); rejects with the
   * failure, after the screen has told the user, and the form stays open with what was typed.
   */
  onSave: (username: string, password: string) => Promise<void>
  onCancel: () => void
}

/** The contract's rule for a new password (what the server checks), as a one-field form. */
const PasswordFields = Type.Object({ password: StudentPasswordRequest.properties.password })

export function PasswordResetForm({ student, saving, onSave, onCancel }: PasswordResetFormProps) {
  const errorId = useId()
  const { register, handleSubmit, setError, setFocus, formState } = useSchemaForm(PasswordFields, {
    defaultValues: { password: '' },
    messages: { password: { required: PASSWORD_REQUIRED } },
    check: ({ password }) => ({ password: password.trim() === '' ? PASSWORD_REQUIRED : undefined }),
  })
  const error = formState.errors.password?.message

  useEffect(() => setFocus('password'), [setFocus])

  const submit = handleSubmit(async ({ password }) => {
    if (saving) return
    try {
      await onSave(student.username, password)
    } catch (failure) {
      // The toast says the save failed; without a network the row also says why, next to what was typed.
      if (failure instanceof NetworkError) setError('password', { type: 'network', message: failure.message })
    }
  })

  return (
    <Stack asChild gap="1" minW="0">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={`Jelszó módosítása: ${student.name}`}
      >
        {/* The field keeps at least 12 rem: on a phone the buttons wrap under it instead of squeezing it (issue 18). */}
        <Flex gap="2" align="center" minW="0" wrap="wrap">
          <Input
            type="password"
            size="sm"
            flex="1 1 12rem"
            minW="0"
            autoComplete="new-password"
            aria-label={`Új jelszó: ${student.name} (${student.username})`}
            placeholder="Add meg az új jelszót..."
            {...register('password')}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault()
                onCancel()
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <Button type="submit" size="sm" colorPalette="blue" disabled={saving}>
            {saving ? 'Mentés...' : 'Mentés'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Mégse
          </Button>
        </Flex>
        {error && (
          <Text id={errorId} role="alert" color="fg.error" fontSize="xs" whiteSpace="normal">
            {error}
          </Text>
        )}
      </form>
    </Stack>
  )
}

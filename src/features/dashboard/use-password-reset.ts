/**
 * The password reset rows of today's groups (spec §4): one row open at a time, the save with Diákok's toasts
 * (MESSAGES.passwordChanged, or passwordErrorMessage's words), and the row closing once it is saved.
 */
import { useCallback, useState } from 'react'
import { MESSAGES } from '@contract/messages'
import { passwordErrorMessage, useChangeStudentPassword } from '@/api/students'
import { notify } from '@/lib/notify'

export interface PasswordReset {
  /** The open row's key (group id and username), or null. */
  open: string | null
  /** The open row's save is running. */
  saving: boolean
  edit: (rowKey: string) => void
  cancel: () => void
  save: (rowKey: string, username: string, password: string) => Promise<void>
}

/** A row's key: a student may be in two of today's groups, and only the row clicked opens. */
export function passwordRowKey(groupId: string, username: string): string {
  return `${groupId}/${username}`
}

export function usePasswordReset(): PasswordReset {
  const [open, setOpen] = useState<string | null>(null)
  const [savingRow, setSavingRow] = useState<string | null>(null)
  const { mutateAsync, isPending } = useChangeStudentPassword()

  const edit = useCallback((rowKey: string) => setOpen(rowKey), [])
  const cancel = useCallback(() => setOpen(null), [])
  const save = useCallback(
    async (rowKey: string, username: string, password: string) => {
      setSavingRow(rowKey)
      try {
        await mutateAsync({ username, password })
      } catch (error) {
        notify.error(passwordErrorMessage(error))
        throw error
      } finally {
        setSavingRow(null)
      }
      notify.success(MESSAGES.passwordChanged)
      // Closes the row unless the user has opened another one meanwhile.
      setOpen((latest) => (latest === rowKey ? null : latest))
    },
    [mutateAsync],
  )
  return { open, saving: isPending && savingRow !== null && savingRow === open, edit, cancel, save }
}

/**
 * 'Hiba bejelentése' (issue 11): what happened (required) and on which screen (prefilled with the current one). The
 * app adds its version; the server adds the user and the time. A trimmed empty text says 'Írd le, mi történt!'.
 */
import { Type } from '@sinclair/typebox'
import { Input, Textarea } from '@chakra-ui/react'
import { useEffect } from 'react'
import { BUG_REPORT_LIMITS, CreateBugReportRequest } from '@contract/api/bug-reports'
import { FormDialog } from '../form-dialog'
import { FormField, useSchemaForm } from '../form'

export const EMPTY_BUG_REPORT = 'Írd le, mi történt!'
export const BUG_REPORT_TOO_LONG = `A leírás legfeljebb ${BUG_REPORT_LIMITS.messageMax} karakter lehet.`
const SCREEN_TOO_LONG = `A képernyő neve legfeljebb ${BUG_REPORT_LIMITS.screenMax} karakter lehet.`

const BugReportForm = Type.Pick(CreateBugReportRequest, ['message', 'screen'])

interface BugReportDialogProps {
  open: boolean
  /** The screen the report is about, prefilled. */
  screen: string
  onClose: () => void
  /** Resolves once the report is stored in the outbox (it is sent from there); rejects when it could not be. */
  onSave: (values: { message: string; screen: string }) => Promise<void>
}

export function BugReportDialog({ open, screen, onClose, onSave }: BugReportDialogProps) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(BugReportForm, {
    defaultValues: { message: '', screen },
    messages: {
      message: { required: EMPTY_BUG_REPORT, maxLength: BUG_REPORT_TOO_LONG },
      screen: { maxLength: SCREEN_TOO_LONG },
    },
    check: ({ message }) => ({ message: message.trim() ? undefined : EMPTY_BUG_REPORT }),
  })

  // Each opening starts from an empty text and the screen the user is on now.
  useEffect(() => {
    if (open) reset({ message: '', screen })
  }, [open, screen, reset])

  const save = handleSubmit(async ({ message, screen: where }) => {
    try {
      await onSave({ message: message.trim(), screen: where.trim() })
      onClose()
    } catch {
      // Could not be stored: the button has said so; the text stays for another try.
    }
  })

  return (
    <FormDialog
      open={open}
      title="Hiba bejelentése"
      description="Az alkalmazás verziója, a képernyő és az időpont a bejelentéssel együtt elküldésre kerül."
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel="Küldés"
      busy={formState.isSubmitting}
    >
      <FormField label="Mi történt?" error={formState.errors.message}>
        <Textarea rows={5} {...register('message')} />
      </FormField>
      <FormField label="Melyik képernyőn?" error={formState.errors.screen}>
        <Input {...register('screen')} />
      </FormField>
    </FormDialog>
  )
}

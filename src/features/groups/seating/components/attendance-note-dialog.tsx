/**
 * 'Megjegyzés' (issue 20): a note on one marked pupil's entry of the day's register ('orvosi igazolás', 'a 2. órától').
 * A note belongs to an entry, so only a marked pupil can have one; 'Megjegyzés törlése' (or an empty text) clears it.
 * The dialog lives beside the register's toolbar, not on the desks: the tap path renders nothing more.
 */
import { Button, Textarea } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { useWatch } from 'react-hook-form'
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_NOTE_MAX,
  type AttendanceEntry,
  type GroupMember,
} from '@contract/api'
import { FormDialog } from '@/components/form-dialog'
import { FormField, SelectInput, useSchemaForm } from '@/components/form'

/** The pupil and the note's text; the text's limit is the one the server checks on the day's register. */
const NoteForm = Type.Object({
  student: Type.String({ minLength: 1 }),
  note: Type.String({ maxLength: ATTENDANCE_NOTE_MAX, errorMessage: ATTENDANCE_MESSAGES.noteTooLong }),
})

export interface AttendanceNoteDialogProps {
  /** The marked pupils, in member order. */
  pupils: readonly GroupMember[]
  /** The day's entries as shown (their notes prefill the text). */
  entries: readonly AttendanceEntry[]
  onClose: () => void
  /** Stores the note ('' clears it); resolves once it is in the outbox. */
  onSave: (student: string, note: string) => Promise<unknown>
}

/** Mounted while open: closing forgets the choice and the text. */
export function AttendanceNoteDialog({ pupils, entries, onClose, onSave }: AttendanceNoteDialogProps) {
  const noteOf = (student: string) => entries.find((entry) => entry.student === student)?.note ?? ''
  const first = pupils[0]?.username ?? ''
  const { register, handleSubmit, setValue, control, formState } = useSchemaForm(NoteForm, {
    defaultValues: { student: first, note: noteOf(first) },
  })
  const student = useWatch({ control, name: 'student' })

  /** Saves `note`, or the typed text; the dialog stays open with the text if it could not be stored. */
  const save = (note?: string) =>
    handleSubmit(async (values) => {
      try {
        await onSave(values.student, note ?? values.note)
        onClose()
      } catch {
        // Could not be stored: the outbox's toast said so; the text stays for another try.
      }
    })()

  return (
    <FormDialog
      open
      title="Megjegyzés"
      description="Megjegyzés csak jelölt tanulóhoz írható."
      onClose={onClose}
      onSubmit={() => void save()}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Mégsem
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            disabled={formState.isSubmitting || noteOf(student) === ''}
            onClick={() => void save('')}
          >
            Megjegyzés törlése
          </Button>
          <Button type="submit" colorPalette="blue" loading={formState.isSubmitting} disabled={!student}>
            Mentés
          </Button>
        </>
      }
    >
      <FormField label="Tanuló" error={formState.errors.student}>
        <SelectInput
          {...register('student', { onChange: (event) => setValue('note', noteOf(event.target.value)) })}
          options={pupils.map((pupil) => ({ value: pupil.username, label: pupil.name }))}
        />
      </FormField>
      <FormField label="Megjegyzés szövege" error={formState.errors.note}>
        <Textarea rows={3} maxLength={ATTENDANCE_NOTE_MAX} {...register('note')} />
      </FormField>
    </FormDialog>
  )
}

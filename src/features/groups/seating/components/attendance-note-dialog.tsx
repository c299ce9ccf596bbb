/**
 * 'Megjegyzés' (issue 20): a note on one marked pupil's entry of the day's register ('orvosi igazolás', 'a 2. órától').
 * A note belongs to an entry, so only a marked pupil can have one; 'Megjegyzés törlése' (or an empty text) clears it.
 * The dialog lives beside the register's toolbar, not on the desks: the tap path renders nothing more.
 */
import { Button, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { ATTENDANCE_NOTE_MAX, type AttendanceEntry, type GroupMember } from '@contract/api'
import { FormDialog } from '@/components/form-dialog'
import { FormField, SelectInput } from '@/components/form'

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
  const [student, setStudent] = useState(pupils[0]?.username ?? '')
  const [text, setText] = useState(() => noteOf(student))
  const [busy, setBusy] = useState(false)

  const save = async (note: string) => {
    if (!student) return
    setBusy(true)
    try {
      await onSave(student, note)
      onClose()
    } catch {
      // Could not be stored: the outbox's toast said so; the text stays for another try.
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open
      title="Megjegyzés"
      description="Megjegyzés csak jelölt tanulóhoz írható."
      onClose={onClose}
      onSubmit={() => void save(text)}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Mégsem
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            disabled={busy || noteOf(student) === ''}
            onClick={() => void save('')}
          >
            Megjegyzés törlése
          </Button>
          <Button type="submit" colorPalette="blue" loading={busy} disabled={!student}>
            Mentés
          </Button>
        </>
      }
    >
      <FormField label="Tanuló">
        <SelectInput
          value={student}
          onChange={(event) => {
            setStudent(event.target.value)
            setText(noteOf(event.target.value))
          }}
          options={pupils.map((pupil) => ({ value: pupil.username, label: pupil.name }))}
        />
      </FormField>
      <FormField label="Megjegyzés szövege">
        <Textarea
          rows={3}
          maxLength={ATTENDANCE_NOTE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </FormField>
    </FormDialog>
  )
}

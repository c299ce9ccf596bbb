/** 'Új jegyzet' (spec: Groups screen, §5): a textarea; a trimmed empty note says 'A jegyzet nem lehet üres!'. */
import { CreateNoteRequest } from '@contract/api'
import { LIMITS } from '@contract/limits'
import { MESSAGES } from '@contract/messages'
import { TextDialog } from '@/components/text-dialog'

const NOTE_TOO_LONG = `A jegyzet legfeljebb ${LIMITS.noteMax} karakter lehet.`

interface NoteDialogProps {
  open: boolean
  groupName: string
  onClose: () => void
  /** Resolves once the note is stored in the outbox (it is sent from there); rejects when it could not be. */
  onSave: (message: string) => Promise<void>
}

export function NoteDialog({ open, groupName, onClose, onSave }: NoteDialogProps) {
  return (
    <TextDialog
      open={open}
      title="Új jegyzet"
      description={groupName}
      label="Jegyzet"
      submitLabel="Mentés"
      rule={CreateNoteRequest.properties.message}
      emptyMessage={MESSAGES.noteEmpty}
      tooLongMessage={NOTE_TOO_LONG}
      onClose={onClose}
      onSave={onSave}
    />
  )
}

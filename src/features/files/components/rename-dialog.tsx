/**
 * 'Átnevezés' (issue 18): the entry's new name in the same folder, starting from its current name; the same checks
 * as a new folder, and the server's refusal (a taken name) under the field.
 */
import type { FileEntry } from '@contract/api'
import { EntryNameDialog } from './entry-name-dialog'

export const RENAME_REQUIRED = 'Add meg az új nevet.'

interface RenameDialogProps {
  /** The entry being renamed; the dialog is open while it is set. */
  entry: FileEntry | null
  saving: boolean
  serverError: string | null
  onClose: () => void
  onRename: (name: string) => void
}

export function RenameDialog({ entry, saving, serverError, onClose, onRename }: RenameDialogProps) {
  const folder = entry?.type === 'Directory'
  return (
    <EntryNameDialog
      open={entry !== null}
      title={folder ? 'Mappa átnevezése' : 'Fájl átnevezése'}
      description={entry ? `Jelenlegi név: ${entry.fileName}` : ''}
      label="Új név"
      submitLabel="Átnevezés"
      requiredMessage={RENAME_REQUIRED}
      initialName={entry?.fileName ?? ''}
      saving={saving}
      serverError={serverError}
      onClose={onClose}
      onSubmit={onRename}
    />
  )
}

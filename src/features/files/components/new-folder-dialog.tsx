/**
 * 'Új mappa': one name, checked as the server checks it (EntryNameDialog); the server's refusal (a taken name) shows
 * under the field.
 */
import { EntryNameDialog, NAME_INVALID } from './entry-name-dialog'

export const FOLDER_NAME_REQUIRED = 'Add meg a mappa nevét.'
export const FOLDER_NAME_INVALID = NAME_INVALID

interface NewFolderDialogProps {
  open: boolean
  saving: boolean
  /** The server's refusal of the last try, shown under the field. */
  serverError: string | null
  onClose: () => void
  onCreate: (name: string) => void
}

export function NewFolderDialog({ open, saving, serverError, onClose, onCreate }: NewFolderDialogProps) {
  return (
    <EntryNameDialog
      open={open}
      title="Új mappa"
      description="A mappa a jelenlegi mappában jön létre."
      label="Mappa neve"
      placeholder="pl.: Órarendek"
      submitLabel="Létrehozás"
      requiredMessage={FOLDER_NAME_REQUIRED}
      saving={saving}
      serverError={serverError}
      onClose={onClose}
      onSubmit={onCreate}
    />
  )
}

/**
 * One row of the students table. Rows are plain elements styled by the table's single stylesheet (no Chakra
 * component tree per row): thousands of students scroll through a handful of these.
 */
import { Button, Input } from '@chakra-ui/react'
import { memo, useEffect, useId, useLayoutEffect, useRef, type CSSProperties, type FormEvent } from 'react'
import type { Student } from '../../../../contract/api'
import { studentInitials } from '../student-initials'

export interface PasswordDraft {
  username: string
  password: string
  error: string | null
}

/** The inline password form's state and handlers, passed from the screen through the table to a row. */
export interface PasswordEditing {
  /** The table: the one draft being edited; a row: present only on the row in edit mode. */
  draft: PasswordDraft | null
  saving: boolean
  onEdit: (username: string) => void
  onPasswordChange: (password: string) => void
  onSave: () => void
  onCancel: () => void
}

export interface StudentRowProps extends PasswordEditing {
  student: Student
  rowIndex: number
  style: CSSProperties
}

export const StudentRow = memo(function StudentRow({
  student,
  rowIndex,
  style,
  draft,
  saving,
  onEdit,
  onPasswordChange,
  onSave,
  onCancel,
}: StudentRowProps) {
  const editing = draft !== null
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(editing)

  // Closing the form removes the focused input; give focus back to the row's button unless it went elsewhere.
  useLayoutEffect(() => {
    if (
      wasEditing.current &&
      !editing &&
      (document.activeElement === document.body || !document.activeElement)
    )
      editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])

  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={editing ? 'st-row st-row--editing' : 'st-row'}
      style={style}
    >
      <div role="cell" className="st-cell st-name">
        <span className="st-avatar" aria-hidden="true">
          {studentInitials(student.name)}
        </span>
        <span className="st-name-lines">
          <span className="st-name-text">{student.name}</span>
          <span className="st-username-inline">{student.username}</span>
        </span>
      </div>
      {editing ? (
        <div role="cell" aria-colspan={2} className="st-cell st-edit">
          <PasswordForm
            student={student}
            draft={draft}
            saving={saving}
            onPasswordChange={onPasswordChange}
            onSave={onSave}
            onCancel={onCancel}
          />
        </div>
      ) : (
        <>
          <div role="cell" className="st-cell st-username">
            {student.username}
          </div>
          <div role="cell" className="st-cell st-actions">
            <button
              ref={editButton}
              type="button"
              className="st-action"
              aria-label={`Jelszó módosítása: ${student.name}`}
              onClick={() => onEdit(student.username)}
            >
              Jelszó módosítása
            </button>
          </div>
        </>
      )}
    </div>
  )
})

interface PasswordFormProps {
  student: Student
  draft: PasswordDraft
  saving: boolean
  onPasswordChange: (password: string) => void
  onSave: () => void
  onCancel: () => void
}

function PasswordForm({ student, draft, saving, onPasswordChange, onSave, onCancel }: PasswordFormProps) {
  const input = useRef<HTMLInputElement>(null)
  const errorId = useId()

  useEffect(() => {
    input.current?.focus()
  }, [])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!saving) onSave()
  }

  return (
    <form className="st-form" onSubmit={submit} noValidate aria-label={`Jelszó módosítása: ${student.name}`}>
      <div className="st-form-line">
        <Input
          ref={input}
          type="password"
          size="sm"
          autoComplete="new-password"
          aria-label={`Új jelszó: ${student.name} (${student.username})`}
          placeholder="Add meg az új jelszót..."
          value={draft.password}
          onChange={(event) => onPasswordChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault()
              onCancel()
            }
          }}
          aria-invalid={draft.error ? true : undefined}
          aria-describedby={draft.error ? errorId : undefined}
          className="st-password"
        />
        <Button type="submit" size="sm" colorPalette="blue" disabled={saving}>
          {saving ? 'Mentés...' : 'Mentés'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Mégse
        </Button>
      </div>
      {draft.error && (
        <p id={errorId} role="alert" className="st-error">
          {draft.error}
        </p>
      )}
    </form>
  )
}

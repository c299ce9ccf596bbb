/**
 * One row of the students table. Rows are plain elements styled by the table's single stylesheet (no Chakra
 * component tree per row): thousands of students scroll through a handful of these.
 */
import { memo, useLayoutEffect, useRef, type CSSProperties } from 'react'
import type { Student } from '@contract/api'
import { LazyPasswordResetForm } from '@/components/lazy-password-reset-form'
import { studentInitials } from '../student-initials'

/** The inline password form's handlers, passed from the screen through the table to the row in edit mode. */
export interface PasswordEditing {
  /** The save of the row in edit mode is running: its button is disabled. */
  saving: boolean
  onEdit: (username: string) => void
  /**
   * Sends a password the form accepted. Resolves once it is saved (the screen closes the form); rejects with the
   * failure, after the screen has told the user, and the form stays open with what was typed.
   */
  onSave: (username: string, password: string) => Promise<void>
  onCancel: () => void
}

export interface StudentRowProps extends PasswordEditing {
  student: Student
  rowIndex: number
  style: CSSProperties
  /** This row shows the password form. */
  editing: boolean
}

export const StudentRow = memo(function StudentRow({
  student,
  rowIndex,
  style,
  editing,
  saving,
  onEdit,
  onSave,
  onCancel,
}: StudentRowProps) {
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
      {/* The username stays while the form is open: the form takes a line of its own under it. */}
      <div role="cell" className="st-cell st-username">
        {student.username}
      </div>
      {editing ? (
        <div role="cell" aria-colspan={2} className="st-cell st-edit">
          <LazyPasswordResetForm student={student} saving={saving} onSave={onSave} onCancel={onCancel} />
        </div>
      ) : (
        <div role="cell" className="st-cell st-actions">
          <button
            ref={editButton}
            type="button"
            className="vt-action"
            aria-label={`Jelszó módosítása: ${student.name}`}
            onClick={() => onEdit(student.username)}
          >
            Jelszó módosítása
          </button>
        </div>
      )}
    </div>
  )
})

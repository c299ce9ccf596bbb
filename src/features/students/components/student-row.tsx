/**
 * One row of the students table. Rows are plain elements styled by the table's single stylesheet (no Chakra
 * component tree per row): thousands of students scroll through a handful of these.
 */
import { Button, Input } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { memo, useEffect, useId, useLayoutEffect, useRef, type CSSProperties } from 'react'
import type { Student } from '../../../../contract/api'
import { StudentPasswordRequest } from '../../../../contract/api/students'
import { useSchemaForm } from '../../../components/form'
import { NetworkError } from '../../../lib/api-client'
import { studentInitials } from '../student-initials'

/** Spec §5: the new password must not be empty (nor only spaces); nothing is sent otherwise. */
export const PASSWORD_REQUIRED = 'Kérlek add meg az új jelszót.'

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
          <PasswordForm student={student} saving={saving} onSave={onSave} onCancel={onCancel} />
        </div>
      ) : (
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
      )}
    </div>
  )
})

/** The contract's rule for a new password (what the server checks), as a one-field form. */
const PasswordFields = Type.Object({ password: StudentPasswordRequest.properties.password })

interface PasswordFormProps extends Pick<PasswordEditing, 'saving' | 'onSave' | 'onCancel'> {
  student: Student
}

function PasswordForm({ student, saving, onSave, onCancel }: PasswordFormProps) {
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
    <form
      className="st-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Jelszó módosítása: ${student.name}`}
    >
      <div className="st-form-line">
        <Input
          type="password"
          size="sm"
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
          className="st-password"
        />
        <Button type="submit" size="sm" colorPalette="blue" disabled={saving}>
          {saving ? 'Mentés...' : 'Mentés'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Mégse
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="st-error">
          {error}
        </p>
      )}
    </form>
  )
}

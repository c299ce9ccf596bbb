/**
 * The students table: the shared VirtualTable with Diákok's columns and its own rows (a row turns into the inline
 * password form). Memoised: a keystroke in the search box re-renders the screen, and the table only once the
 * results change.
 */
import { memo, useCallback } from 'react'
import type { Student } from '@contract/api'
import { COMPACT_MEDIA } from '@/lib/use-compact-layout'
import { VirtualTable, type VirtualColumn, type VirtualRowProps } from '@/components/virtual-table'
import { StudentRow, type PasswordEditing } from './student-row'

const COLUMNS: readonly VirtualColumn<Student>[] = [
  { id: 'name', header: 'Név', width: 'minmax(0, 3fr)', compactWidth: 'minmax(0, 1fr)' },
  // On phones the username moves under the name (the row's st-username-inline).
  { id: 'username', header: 'Felhasználónév', width: 'minmax(0, 2fr)', compactWidth: null },
  { id: 'actions', header: 'Műveletek', width: '11rem', compactWidth: 'auto', align: 'end' },
]

/** [normal row, row in edit mode], for the wide and the phone layout. */
const ROW_HEIGHT = { wide: 56, compact: 64 }
const EDIT_HEIGHT = { wide: 120, compact: 156 }

const studentId = (student: Student) => student.id

export interface StudentsTableProps extends PasswordEditing {
  students: readonly Student[]
  /** The username of the row showing the password form, if any. */
  editing: string | null
}

export const StudentsTable = memo(function StudentsTable({
  students,
  editing: editingUsername,
  saving,
  onEdit,
  onSave,
  onCancel,
}: StudentsTableProps) {
  const editingIndex =
    editingUsername === null ? -1 : students.findIndex((s) => s.username === editingUsername)

  const renderRow = useCallback(
    (student: Student, { index, rowIndex, style }: VirtualRowProps) => {
      const editing = index === editingIndex
      return (
        <StudentRow
          student={student}
          rowIndex={rowIndex}
          style={style}
          editing={editing}
          saving={editing && saving}
          onEdit={onEdit}
          onSave={onSave}
          onCancel={onCancel}
        />
      )
    },
    [editingIndex, saving, onEdit, onSave, onCancel],
  )

  return (
    <VirtualTable
      label="Diákok"
      regionLabel="Diáklista"
      columns={COLUMNS}
      rows={students}
      getKey={studentId}
      rowHeight={ROW_HEIGHT}
      expandedIndex={editingIndex}
      expandedHeight={EDIT_HEIGHT}
      renderRow={renderRow}
      css={rowCss}
    />
  )
})

/** The student row's own parts (student-row.tsx): avatar, name lines, the action button, the inline form. */
const rowCss = {
  // In edit mode the form takes a second line under the username, which stays (tablet, desktop).
  '& .st-row--editing': {
    bg: 'bg.subtle',
    gridTemplateRows: 'auto auto',
    alignContent: 'center',
    rowGap: '2',
  },
  '& .st-name': { display: 'flex', alignItems: 'center', gap: '3' },
  '& .st-avatar': {
    flexShrink: '0',
    width: '9',
    height: '9',
    rounded: 'full',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 'semibold',
    fontSize: 'xs',
    bg: 'blue.subtle',
    color: 'blue.fg',
  },
  '& .st-name-lines': { display: 'flex', flexDirection: 'column', minWidth: '0' },
  '& .st-name-text': { fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .st-username-inline': {
    display: 'none',
    color: 'fg.muted',
    fontSize: 'xs',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .st-username': { color: 'fg.muted' },
  '& .st-actions': { textAlign: 'end' },
  '& .st-edit': { gridColumn: '2 / -1', gridRow: '2', overflow: 'visible' },
  [COMPACT_MEDIA]: {
    '& .st-username': { display: 'none' },
    '& .st-username-inline': { display: 'block' },
    '& .st-row--editing': { gridTemplateRows: 'auto auto', alignContent: 'center', rowGap: '2' },
    '& .st-edit': { gridColumn: '1 / -1' },
  },
} as const

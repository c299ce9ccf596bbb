/**
 * 'Új óra' (spec Órarendtervező): Óra neve ('pl.: Matematika 9.A'), Nap, Kezdés (08:00), Befejezés (09:00), Oktató
 * ('Válassz oktatót...'); Mégse / Létrehozás. The same form edits a class ('Óra szerkesztése': Törlés, Mégse,
 * Mentés). Name and instructor are required ('Kérlek töltsd ki az összes kötelező mezőt!'); the end is not checked
 * against the start (spec §5). Mounted afresh for each opening, so it always starts from its defaults.
 */
import { Button, Input } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { WEEKDAYS } from '@contract/weekdays'
import { FormDialog } from '@/components/form-dialog'
import { FormField, SelectInput, useSchemaForm } from '@/components/form'
import { TIME_SLOTS } from '../slots'
import { checkRequired, REQUIRED_MESSAGE, type ClassFormValues } from '../timetable-class'

/** The form's schema (its values: ClassFormValues in timetable-class.ts). */
const ClassForm = Type.Object({
  name: Type.String(),
  day: Type.String({ pattern: '^[1-7]$' }),
  start: Type.String({ pattern: '^\\d{1,2}$' }),
  end: Type.String({ pattern: '^\\d{1,2}$' }),
  instructor: Type.String(),
})

interface Choice {
  value: string
  label: string
}

/** Nap, Kezdés and Befejezés: the ids travel as the select's strings. */
const DAY_OPTIONS: readonly Choice[] = WEEKDAYS.map((day) => ({ value: String(day.id), label: day.name }))
const SLOT_OPTIONS: readonly Choice[] = TIME_SLOTS.map((slot) => ({
  value: String(slot.id),
  label: slot.fullLabel,
}))
const CHOICES = [
  { name: 'day', label: 'Nap', options: DAY_OPTIONS },
  { name: 'start', label: 'Kezdés', options: SLOT_OPTIONS },
  { name: 'end', label: 'Befejezés', options: SLOT_OPTIONS },
] as const

export interface ClassDialogProps {
  open: boolean
  /** 'create' shows Létrehozás; 'edit' shows Mentés and Törlés. */
  mode: 'create' | 'edit'
  defaultValues: ClassFormValues
  /** Names offered for Oktató (typing another name is allowed). */
  instructors: readonly string[]
  onClose: () => void
  /** Resolves when the class is stored; a rejection keeps the dialog open. */
  onSubmit: (values: ClassFormValues) => Promise<void>
  onDelete?: () => void
}

export function ClassDialog({
  open,
  mode,
  defaultValues,
  instructors,
  onClose,
  onSubmit,
  onDelete,
}: ClassDialogProps) {
  const { register, handleSubmit, formState } = useSchemaForm(ClassForm, {
    defaultValues,
    messages: { name: REQUIRED_MESSAGE, instructor: REQUIRED_MESSAGE },
    check: checkRequired,
  })
  const [saving, setSaving] = useState(false)
  const listId = useId()
  const errors = formState.errors

  const submit = handleSubmit(async (values) => {
    setSaving(true)
    try {
      await onSubmit(values)
    } catch {
      // The screen told the user; the dialog stays open with what they typed.
    } finally {
      setSaving(false)
    }
  })

  return (
    <FormDialog
      open={open}
      title={mode === 'create' ? 'Új óra' : 'Óra szerkesztése'}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          {mode === 'edit' && onDelete && (
            <Button variant="ghost" colorPalette="red" me="auto" onClick={onDelete} disabled={saving}>
              <Trash2 aria-hidden />
              Törlés
            </Button>
          )}
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Mégse
          </Button>
          <Button type="submit" colorPalette="blue" loading={saving}>
            {mode === 'create' ? 'Létrehozás' : 'Mentés'}
          </Button>
        </>
      }
    >
      <FormField label="Óra neve" error={errors.name}>
        <Input
          placeholder="pl.: Matematika 9.A"
          autoComplete="off"
          defaultValue={defaultValues.name}
          {...register('name')}
        />
      </FormField>
      {CHOICES.map(({ name, label, options }) => (
        <FormField key={name} label={label} error={errors[name]}>
          <SelectInput defaultValue={defaultValues[name]} {...register(name)} options={options} />
        </FormField>
      ))}
      <FormField label="Oktató" error={errors.instructor}>
        <Input
          placeholder="Válassz oktatót..."
          autoComplete="off"
          defaultValue={defaultValues.instructor}
          list={instructors.length > 0 ? listId : undefined}
          {...register('instructor')}
        />
      </FormField>
      {instructors.length > 0 && (
        <datalist id={listId}>
          {instructors.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </FormDialog>
  )
}

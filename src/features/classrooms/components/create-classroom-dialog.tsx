/**
 * 'Új terem': name, columns and rows (spec §5: default 8×6; each clamped to 1–20, 1 when not a number). A name that
 * is empty after trimming is silently ignored (spec §5): nothing is sent and the dialog stays open.
 */
import { HStack, Input } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import { DEFAULT_LAYOUT_SIZE, LAYOUT_MAX, LAYOUT_MIN, clampDimension } from '@contract/classroom-layout'
import { LIMITS } from '@contract/limits'
import type { ClassroomRequest } from '@contract/api'
import { FormDialog } from '@/components/form-dialog'
import { FormField, useSchemaForm } from '@/components/form'
import { SIZE_INPUT } from './size-input'

/** What the form holds: text, as typed (the spec's clamping decides what a size means). */
const CreateClassroomForm = Type.Object({
  name: Type.String({ maxLength: LIMITS.nameMax }),
  columns: Type.String(),
  rows: Type.String(),
})

const DEFAULTS = {
  name: '',
  columns: String(DEFAULT_LAYOUT_SIZE[0]),
  rows: String(DEFAULT_LAYOUT_SIZE[1]),
}

/** The form's values as a request, or null when the trimmed name is empty (ignored). */
export function createRequestOf(values: {
  name: string
  columns: string
  rows: string
}): ClassroomRequest | null {
  const name = values.name.trim()
  if (!name) return null
  return {
    name,
    layout: { size: [clampDimension(values.columns), clampDimension(values.rows)], objects: [] },
  }
}

interface CreateClassroomDialogProps {
  open: boolean
  saving: boolean
  onClose: () => void
  onCreate: (request: ClassroomRequest) => void
}

export function CreateClassroomDialog({ open, saving, onClose, onCreate }: CreateClassroomDialogProps) {
  const { register, handleSubmit, reset, formState } = useSchemaForm(CreateClassroomForm, {
    defaultValues: DEFAULTS,
    messages: { name: { maxLength: `A név legfeljebb ${LIMITS.nameMax} karakter lehet.` } },
  })

  const submit = handleSubmit((values) => {
    const request = createRequestOf(values)
    if (request) onCreate(request)
  })

  const sizeHelper = `${LAYOUT_MIN}–${LAYOUT_MAX}`
  return (
    <FormDialog
      open={open}
      title="Új terem"
      description="Add meg a terem nevét és méretét; a bútorokat a tervezőben helyezheted el."
      onClose={onClose}
      onSubmit={() => void submit()}
      onExitComplete={() => reset(DEFAULTS)}
      submitLabel="Létrehozás"
      busy={saving}
    >
      <FormField label="Terem neve" error={formState.errors.name}>
        <Input placeholder="pl.: 12-es terem" autoComplete="off" {...register('name')} />
      </FormField>
      <HStack gap="4" align="start">
        <FormField label="Oszlopok" helper={sizeHelper}>
          <Input {...SIZE_INPUT} {...register('columns')} />
        </FormField>
        <FormField label="Sorok" helper={sizeHelper}>
          <Input {...SIZE_INPUT} {...register('rows')} />
        </FormField>
      </HStack>
    </FormDialog>
  )
}

/** One setting's input by its type: text, boolean, select or a custom component (spec §2). */
import { Field, Input, Stack, Switch, Text } from '@chakra-ui/react'
import { Type } from '@sinclair/typebox'
import type { ComponentType } from 'react'
import { FormField, SelectInput, useSchemaForm } from '@/components/form'
import type { SettingsValues } from '@/lib/settings/settings-values'
import { MfaEmailForm } from './mfa-email-form'
import { QuickActionsEditor, type CustomSettingProps } from './quick-actions-editor'
import type { SettingDefinition } from './settings-definitions'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each custom component narrows its own value type
export const CUSTOM_COMPONENTS: Record<string, ComponentType<CustomSettingProps<any>>> = {
  quickActions: QuickActionsEditor,
  mfaEmail: MfaEmailForm,
}

interface SettingInputProps {
  definition: SettingDefinition
  value: unknown
  values: SettingsValues
  onChange: (value: unknown) => void
}

/**
 * A text setting is a one-field form (src/components/form): it commits on blur or Enter, so half-typed values are
 * never saved; a value the rules refuse shows its message and is not saved.
 */
function TextSetting({
  definition,
  value,
  disabledReason,
  onChange,
}: {
  definition: SettingDefinition
  value: string
  disabledReason: string | null
  onChange: (value: string) => void
}) {
  const { parse } = definition
  const { register, handleSubmit, reset, formState } = useSchemaForm(
    Type.Object({ value: definition.schema ?? Type.String() }),
    {
      defaultValues: { value },
      messages: { value: definition.messages },
      check: parse
        ? (values) => {
            const result = parse(values.value as string)
            return 'error' in result ? { value: result.error } : {}
          }
        : undefined,
    },
  )
  const commit = handleSubmit((values) => {
    const typed = values.value as string
    const next = parse ? parse(typed) : { value: typed }
    if (!('value' in next)) return
    if (next.value !== value) onChange(next.value)
    // The stored value did not change (e.g. only https:// was missing): show it as stored.
    else reset({ value })
  })
  return (
    <FormField
      label={definition.label}
      error={formState.errors.value}
      helper={disabledReason ?? definition.description}
      disabled={Boolean(disabledReason)}
    >
      <Input
        placeholder={definition.placeholder}
        {...register('value', { onBlur: () => void commit() })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void commit()
        }}
      />
    </FormField>
  )
}

export function SettingInput({ definition, value, values, onChange }: SettingInputProps) {
  const disabledReason = definition.disabled?.(values) ?? null

  switch (definition.type) {
    case 'text':
      return (
        <TextSetting
          // Remount when the stored value changes (a revert, a reload) so the draft follows it.
          key={String(value ?? '')}
          definition={definition}
          value={String(value ?? '')}
          disabledReason={disabledReason}
          onChange={onChange}
        />
      )
    case 'boolean':
      return (
        <Stack gap="1">
          <Switch.Root
            checked={value === true}
            disabled={Boolean(disabledReason)}
            onCheckedChange={(details) => onChange(details.checked)}
            colorPalette="blue"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{definition.label}</Switch.Label>
          </Switch.Root>
          <Text fontSize="sm" color="fg.muted">
            {disabledReason ?? definition.description}
          </Text>
        </Stack>
      )
    case 'select': {
      const options = definition.options ?? []
      const index = options.findIndex((option) => option.value === value)
      return (
        <Field.Root disabled={Boolean(disabledReason)}>
          <Field.Label>{definition.label}</Field.Label>
          <SelectInput
            maxW="sm"
            value={String(Math.max(index, 0))}
            onChange={(event) => onChange(options[Number(event.target.value)]?.value)}
            options={options.map((option, i) => ({ value: String(i), label: option.label }))}
          />
          <Field.HelperText>{disabledReason ?? definition.description}</Field.HelperText>
        </Field.Root>
      )
    }
    case 'custom': {
      const Component = definition.component ? CUSTOM_COMPONENTS[definition.component] : undefined
      if (!Component) return <Text color="fg.error">Komponens nem található</Text>
      return (
        <Component
          value={value}
          onChange={onChange}
          label={definition.label}
          description={definition.description}
          disabledReason={disabledReason}
        />
      )
    }
    default:
      return <Text color="fg.error">Nem támogatott input típus</Text>
  }
}

/** One setting's input by its type: text, boolean, select or a custom component (spec §2). */
import { Field, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react'
import { useState, type ComponentType } from 'react'
import type { SettingsValues } from '../../lib/settings/settings-values'
import { QuickActionsEditor, type CustomSettingProps } from './quick-actions-editor'
import type { SettingDefinition } from './settings-definitions'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each custom component narrows its own value type
export const CUSTOM_COMPONENTS: Record<string, ComponentType<CustomSettingProps<any>>> = {
  quickActions: QuickActionsEditor,
}

interface SettingInputProps {
  definition: SettingDefinition
  value: unknown
  values: SettingsValues
  onChange: (value: unknown) => void
}

/** A text setting commits on blur or Enter, so half-typed values are never saved. */
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
  const [draft, setDraft] = useState(value)
  const commit = () => {
    if (draft !== value) onChange(draft)
  }
  return (
    <Field.Root disabled={Boolean(disabledReason)}>
      <Field.Label>{definition.label}</Field.Label>
      <Input
        value={draft}
        placeholder={definition.placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
        }}
      />
      <Field.HelperText>{disabledReason ?? definition.description}</Field.HelperText>
    </Field.Root>
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
          <NativeSelect.Root maxW="sm">
            <NativeSelect.Field
              value={String(Math.max(index, 0))}
              onChange={(event) => onChange(options[Number(event.target.value)]?.value)}
            >
              {options.map((option, i) => (
                <option key={String(option.value)} value={String(i)}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{disabledReason ?? definition.description}</Field.HelperText>
        </Field.Root>
      )
    }
    case 'custom': {
      const Component = definition.component ? CUSTOM_COMPONENTS[definition.component] : undefined
      if (!Component) return <Text color="fg.error">Komponens nem található</Text>
      return <Component value={value} onChange={onChange} label={definition.label} />
    }
    default:
      return <Text color="fg.error">Nem támogatott input típus</Text>
  }
}

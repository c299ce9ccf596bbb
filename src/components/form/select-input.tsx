/**
 * A native select with Chakra's look: the one way to offer a fixed list of choices (a form field with
 * `{...register('x')}`, or a controlled filter with `value` and `onChange`). The root takes the size and the width;
 * every other prop (name, value, ref, aria-label, onChange…) goes to the <select>.
 */
import { NativeSelect } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface SelectOption {
  value: string | number
  label: ReactNode
}

export interface SelectInputProps extends Omit<NativeSelect.FieldProps, 'children' | 'size'> {
  options: readonly SelectOption[]
  size?: NativeSelect.RootProps['size']
  width?: NativeSelect.RootProps['width']
  maxW?: NativeSelect.RootProps['maxW']
}

export function SelectInput({ options, size, width, maxW, ...field }: SelectInputProps) {
  return (
    <NativeSelect.Root size={size} width={width} maxW={maxW}>
      <NativeSelect.Field {...field}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

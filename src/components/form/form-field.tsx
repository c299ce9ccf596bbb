/**
 * A labelled form field over Chakra's Field: the label, the control (`children`, e.g. `<Input {...register('x')} />`),
 * then the error (from react-hook-form) or else the helper text. Chakra wires the label, the control and the
 * error text together (id, aria-invalid, aria-describedby).
 */
import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface FormFieldProps {
  label: ReactNode
  /** The field's error: shown in red under the control, and the control is marked invalid. */
  error?: { message?: string } | string | null
  helper?: ReactNode
  disabled?: boolean
  children: ReactNode
}

export function FormField({ label, error, helper, disabled, children }: FormFieldProps) {
  const message = typeof error === 'string' ? error : error?.message
  return (
    <Field.Root invalid={Boolean(message)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {children}
      {message ? (
        <Field.ErrorText>{message}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  )
}

/**
 * The one way to write a form (issue 6 §4): react-hook-form validated by the `contract/` TypeBox schema the server
 * also uses (@hookform/resolvers' TypeBox resolver), with the spec's Hungarian message per field and rule in
 * place of TypeBox's English ones, and an optional `check` for what a schema cannot say (a URL that must parse, a
 * trimmed value that must not be empty). Example: src/features/login/backend-dialog.tsx.
 */
import { typeboxResolver } from '@hookform/resolvers/typebox'
import type { Static, TObject } from '@sinclair/typebox'
import { ValueErrorType } from '@sinclair/typebox/value'
import { useState } from 'react'
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form'

/**
 * What a message can be given for: `required` (the field is empty, whichever keyword failed), a schema keyword,
 * or `invalid` (every other failure of the field).
 */
export type Rule =
  'required' | 'minLength' | 'maxLength' | 'pattern' | 'format' | 'minimum' | 'maximum' | 'type' | 'invalid'

/** Per field: one message for every rule, or one per rule (a missing rule falls back to `invalid`). */
export type FormMessages<T> = { [K in keyof T]?: string | Partial<Record<Rule, string>> }

/** Per field: the message of a failed extra check; an empty result means the values pass. */
export type FormCheck<T> = (values: T) => { [K in keyof T]?: string }

/** Said when a field fails a rule that has no message of its own. */
export const INVALID_VALUE = 'Érvénytelen érték.'

const RULES: Partial<Record<ValueErrorType, Rule>> = {
  [ValueErrorType.StringMinLength]: 'minLength',
  [ValueErrorType.StringMaxLength]: 'maxLength',
  [ValueErrorType.StringPattern]: 'pattern',
  [ValueErrorType.StringFormat]: 'format',
  [ValueErrorType.StringFormatUnknown]: 'format',
  [ValueErrorType.NumberMinimum]: 'minimum',
  [ValueErrorType.NumberMaximum]: 'maximum',
  [ValueErrorType.IntegerMinimum]: 'minimum',
  [ValueErrorType.IntegerMaximum]: 'maximum',
  [ValueErrorType.String]: 'type',
  [ValueErrorType.Number]: 'type',
  [ValueErrorType.Integer]: 'type',
}

function messageFor(
  messages: string | Partial<Record<Rule, string>> | undefined,
  type: string,
  value: unknown,
): string {
  if (typeof messages === 'string') return messages
  const rule = RULES[Number(type) as ValueErrorType] ?? 'invalid'
  const empty = value === '' || value === undefined || value === null
  return (empty ? messages?.required : undefined) ?? messages?.[rule] ?? messages?.invalid ?? INVALID_VALUE
}

/**
 * The TypeBox resolver with Hungarian messages, then `check` once the schema passes. Top-level fields only: the
 * forms of this app are flat.
 */
export function schemaResolver<S extends TObject>(
  schema: S,
  messages: FormMessages<Static<S>> = {},
  check?: FormCheck<Static<S>>,
): Resolver<Static<S>> {
  const resolve = typeboxResolver(schema)
  return async (values, context, options) => {
    const result = await resolve(values, context, options)
    const errors = result.errors as Record<string, FieldError | undefined>
    for (const [name, error] of Object.entries(errors)) {
      if (!error) continue
      error.message = messageFor(
        messages[name as keyof Static<S>],
        String(error.type),
        (values as Record<string, unknown>)[name],
      )
    }
    if (Object.keys(errors).length > 0 || !check) return result as never
    const failed: Record<string, FieldError> = {}
    for (const [name, message] of Object.entries(check(values) as Record<string, string | undefined>)) {
      if (message) failed[name] = { type: 'check', message }
    }
    if (Object.keys(failed).length === 0) return result as never
    return { values: {}, errors: failed as FieldErrors<Static<S>> } as never
  }
}

export interface SchemaFormOptions<T extends FieldValues> extends Omit<UseFormProps<T>, 'resolver'> {
  defaultValues: DefaultValues<T>
  messages?: FormMessages<T>
  check?: FormCheck<T>
}

/**
 * `useForm` over a TypeBox schema. The schema, messages and check are read once (a form's rules do not change
 * while it is open). Errors show after the first submit and then follow each keystroke.
 */
export function useSchemaForm<S extends TObject>(schema: S, options: SchemaFormOptions<Static<S>>) {
  const { messages, check, ...rest } = options
  const [resolver] = useState(() => schemaResolver(schema, messages, check))
  return useForm<Static<S>>({ ...rest, resolver })
}

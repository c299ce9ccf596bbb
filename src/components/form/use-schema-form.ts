/**
 * The one way to write a form (issue 6 §4): react-hook-form validated by the `contract/` TypeBox schema the server
 * also uses (@hookform/resolvers' TypeBox resolver), with the Hungarian message the schema writes on each field
 * (`errorMessage`, contract/field-messages.ts: the server's 400 says the same) in place of TypeBox's English ones,
 * `messages` only for what the server does not say (a form-only field or rule), and an optional `check` for what a
 * schema cannot say (a URL that must parse, a trimmed value that must not be empty). Example:
 * src/features/login/backend-dialog.tsx.
 */
import { typeboxResolver } from '@hookform/resolvers/typebox'
import type { Static, TObject, TSchema } from '@sinclair/typebox'
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
import type { FieldMessages, FieldRule } from '@contract/field-messages'

/**
 * What a message can be given for: `required` (in a form: the field is empty, whichever keyword failed), a schema
 * keyword, or `invalid` (every other failure of the field).
 */
export type Rule = FieldRule

/**
 * Per field, what the schema's own `errorMessage` does not say: one message for every rule, or one per rule (a
 * missing rule falls back to the schema's, then to `invalid`).
 */
export type FormMessages<T> = { [K in keyof T]?: FieldMessages }

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
  [ValueErrorType.NumberMultipleOf]: 'multipleOf',
  [ValueErrorType.IntegerMultipleOf]: 'multipleOf',
  [ValueErrorType.ArrayMinItems]: 'minItems',
  [ValueErrorType.ArrayMaxItems]: 'maxItems',
  [ValueErrorType.String]: 'type',
  [ValueErrorType.Number]: 'type',
  [ValueErrorType.Integer]: 'type',
}

/** The form's message for a rule, else the schema's (a single message stands for every rule). */
function said(sources: (FieldMessages | undefined)[], rule: Rule): string | undefined {
  for (const messages of sources) {
    const message = typeof messages === 'string' ? messages : messages?.[rule]
    if (message) return message
  }
  return undefined
}

function messageFor(sources: (FieldMessages | undefined)[], type: string, value: unknown): string {
  const rule = RULES[Number(type) as ValueErrorType] ?? 'invalid'
  const empty = value === '' || value === undefined || value === null
  return (
    (empty ? said(sources, 'required') : undefined) ??
    said(sources, rule) ??
    said(sources, 'invalid') ??
    INVALID_VALUE
  )
}

/**
 * The TypeBox resolver with Hungarian messages (the form's `messages`, then the field schema's `errorMessage`), then
 * `check` once the schema passes. Top-level fields only: the forms of this app are flat.
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
      const field = (schema.properties as Record<string, TSchema | undefined>)[name]
      error.message = messageFor(
        [messages[name as keyof Static<S>], field?.errorMessage],
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

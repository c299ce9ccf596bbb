/**
 * A field's Hungarian message, written once on its contract schema as `errorMessage` and said by both sides: the
 * server's 400 when a request's first schema error is at that field (server/lib/schema-errors.ts) and the form kit
 * under the field (src/components/form). One message for every failed rule, or one per rule: `required` (the field
 * is missing, or empty in a form), a JSON Schema keyword, `invalid` for every other rule. A rule without a message
 * falls to the enclosing schema's; with none anywhere the server says 'Hibás kérés.'.
 *
 *   message: Type.String({ minLength: 1, maxLength: 2000, errorMessage: { required: E, minLength: E } })
 */
export type FieldRule =
  | 'required'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'format'
  | 'minimum'
  | 'maximum'
  | 'multipleOf'
  | 'minItems'
  | 'maxItems'
  | 'type'
  | 'invalid'

export type FieldMessages = string | Partial<Record<FieldRule, string>>

declare module '@sinclair/typebox' {
  interface SchemaOptions {
    /** The field's Hungarian message for a failed rule (contract/field-messages.ts). */
    errorMessage?: FieldMessages
  }
}

/** The message for one failed rule (a schema keyword, or `required`): its own, else `invalid`, else none. */
export function ruleMessage(messages: FieldMessages | undefined, rule: string): string | undefined {
  if (messages === undefined || typeof messages === 'string') return messages
  return messages[rule as FieldRule] ?? messages.invalid
}

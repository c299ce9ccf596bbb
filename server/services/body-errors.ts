/**
 * Schema errors as Hungarian 400s: a route that sets `attachValidation` hands its `validationError` to the service,
 * which names the field's message (as work hours does) instead of the generic 'Hibás kérés.'.
 */
import { MESSAGES } from '@contract/messages'
import { HttpError } from '../lib/http-error'

/** One schema error as the validator reports it (Fastify's `FastifySchemaValidationError`, Ajv's `ErrorObject`). */
export interface SchemaError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

/** The route's `request.validationError` (set with `attachValidation`), undefined when the body passed. */
export type ValidationError = { validation?: SchemaError[] } | undefined

/** Where the first error points: '/layout/size/0', or '/name' for a missing `name`. */
export function errorPath(error: SchemaError | undefined): string {
  if (!error) return ''
  const missing = (error.params as { missingProperty?: unknown } | undefined)?.missingProperty
  return typeof missing === 'string' ? `${error.instancePath}/${missing}` : error.instancePath
}

/** A field's message: its path pattern, the message, and optionally the only schema keywords it is for. */
export type BodyRule = [path: RegExp, message: string, keywords?: readonly string[]]

/**
 * Throws a 400 when the body failed its schema: the message of the first rule whose pattern matches the error's
 * path (and whose keywords, when given, include the error's), else 'Hibás kérés.'.
 */
export function refuseInvalidBody(validationError: ValidationError, rules: readonly BodyRule[]): void {
  if (!validationError) return
  const first = validationError.validation?.[0]
  const path = errorPath(first)
  const rule = rules.find(
    ([pattern, , keywords]) => pattern.test(path) && (!keywords || keywords.includes(first?.keyword ?? '')),
  )
  throw new HttpError(400, rule ? rule[1] : MESSAGES.badRequest)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An id that is not a UUID names no row (a 404 or 400, never a database error). */
export function isUuid(id: string): boolean {
  return UUID.test(id)
}

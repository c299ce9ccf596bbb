/**
 * A request part (body, query, params) that fails its contract schema is a 400 with the Hungarian message the
 * schema writes on the failing field (`errorMessage`, contract/field-messages.ts), else 'Hibás kérés.'. The one
 * place this happens: app.ts compiles every request schema with `withFieldMessages`, so routes need neither
 * `attachValidation` nor a table of their own. Only the first error counts (Ajv runs with `allErrors: false`).
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import { ruleMessage, type FieldMessages } from '@contract/field-messages'
import { MESSAGES } from '@contract/messages'
import { HttpError } from './http-error'

/** The parts of a JSON Schema the walk reads. */
interface SchemaNode {
  errorMessage?: FieldMessages
  properties?: Record<string, SchemaNode>
  items?: SchemaNode | SchemaNode[]
  anyOf?: SchemaNode[]
}

function childOf(node: SchemaNode, key: string): SchemaNode | undefined {
  if (node.properties && Object.hasOwn(node.properties, key)) return node.properties[key]
  if (Array.isArray(node.items)) return /^\d+$/.test(key) ? node.items[Number(key)] : undefined
  if (node.items) return /^\d+$/.test(key) ? node.items : undefined
  for (const branch of node.anyOf ?? []) {
    const child = childOf(branch, key)
    if (child) return child
  }
  return undefined
}

/**
 * The message for one schema error: that of the failing field (for `required`, the missing one) for the error's
 * keyword, else of the nearest enclosing schema that has one; undefined when none does.
 */
export function fieldMessage(schema: unknown, error: ErrorObject): string | undefined {
  const keys = error.instancePath
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
  const missing = (error.params as { missingProperty?: unknown }).missingProperty
  if (error.keyword === 'required' && typeof missing === 'string') keys.push(missing)
  const along: SchemaNode[] = [schema as SchemaNode]
  for (const key of keys) {
    const child = childOf(along[along.length - 1], key)
    if (!child) break
    along.push(child)
  }
  for (const node of along.reverse()) {
    const message = ruleMessage(node.errorMessage, error.keyword)
    if (message) return message
  }
  return undefined
}

/**
 * Fastify's validator for one request part: Ajv's, answering a failure with the field's Hungarian 400. It keeps
 * `schemaEnv`, so Fastify still hands Ajv the parent object (coercion and defaults of a root value).
 */
export function withFieldMessages(schema: unknown, validate: ValidateFunction) {
  const check = (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    if (validate(data, context)) return true
    const first = validate.errors?.[0]
    return { error: new HttpError(400, (first && fieldMessage(schema, first)) ?? MESSAGES.badRequest) }
  }
  return Object.assign(check, { schemaEnv: validate.schemaEnv })
}

import type { TSchema } from '@sinclair/typebox'
import { ErrorBody, withErrors } from '../../contract/api'

/**
 * contract's `withErrors` with a precise type: its `Record<number, ErrorBody>` return type hides the success
 * schema from the TypeBox type provider, so handlers could not return their success body. Same runtime value.
 */
export function responses<T extends Record<number, TSchema>, S extends number>(
  ok: T,
  ...statuses: S[]
): Omit<{ [K in S]: typeof ErrorBody }, keyof T> & T {
  return withErrors(ok, ...statuses) as Omit<{ [K in S]: typeof ErrorBody }, keyof T> & T
}

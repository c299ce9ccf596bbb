const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An id that is not a UUID names no row (a 404 or 400, never a database error). */
export function isUuid(id: string): boolean {
  return UUID.test(id)
}

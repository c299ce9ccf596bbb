/**
 * The students list as sent to clients, serialised once per change of the users table. With 5,000 students,
 * loading, sorting with the Hungarian collation and serialising took ~40 ms per request; now a request reads one
 * counter row (`data_versions`) and sends the kept bytes with their ETag — and their brotli or gzip variant,
 * compressed once per change on first demand (lib/compression) instead of on every request.
 * This cache is a measured exception for the one large list, not a pattern for other routes; the route sends it.
 */
import type { Db } from '../db'
import { compressOnce, type Encoding } from '../lib/compression'
import { etagOf } from '../lib/etag'
import { dataVersion } from '../repositories/data-versions-repository'
import { listStudents } from '../repositories/users-repository'

const collator = new Intl.Collator('hu')

export interface SerialisedList {
  body: string
  etag: string
  /** The body compressed with `encoding`, made once per list. */
  encoded: (encoding: Encoding) => Promise<Buffer>
}

/** One cache per app instance (tests run several apps on different databases in one process). */
export function createStudentsList(db: Db) {
  let cached: (SerialisedList & { version: number }) | null = null
  let loading: { version: number; list: Promise<SerialisedList & { version: number }> } | null = null

  async function load(version: number) {
    const students = await listStudents(db)
    students.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.username, b.username))
    const body = JSON.stringify({ students })
    return { version, body, etag: etagOf(body), encoded: compressOnce(body) }
  }

  return {
    /** The current list. The counter is read before the rows, so a change racing the load only costs a reload. */
    async get(): Promise<SerialisedList> {
      const version = await dataVersion(db, 'users')
      if (cached?.version === version) return cached
      // Concurrent requests that saw the same counter share one load; one that saw a newer counter must not get
      // the rows of an older load, so it starts its own.
      if (loading?.version !== version) {
        const list = load(version)
        loading = { version, list }
        void list
          .finally(() => {
            if (loading?.list === list) loading = null
          })
          .catch(() => undefined)
      }
      const result = await loading.list
      if (!cached || result.version > cached.version) cached = result
      return result
    },
  }
}

/**
 * Lists kept serialised (issue 21): a list answer — its bytes, ETag and compressed variants — is made once per change
 * of its data set's counter (`data_versions`, bumped by database triggers) and sent as it is until the next change,
 * so a request costs one counter read (a prepared statement), not a rebuild. The counter lives in the database, so a
 * change made by another server process or the CLI is seen by the next request here. Used for the students list,
 * the short links, the block list and its Squid feed, all groups, the classrooms and the accounts; the routes send
 * them with lib/kept-answer.ts.
 *
 * A list is rebuilt only when a request asks for it after a change — never in the background — and one build at a
 * time serves every request that read the counter before the build began. A build that a newer one has superseded
 * (a request saw a newer counter) stops at its next step and its requests take the newer one's answer.
 */
import type { Db } from '../db'
import { compressOnce, type Encoding } from '../lib/compression'
import { etagOf } from '../lib/etag'
import { dataVersion, type DataSet } from '../repositories/data-versions-repository'

export interface KeptAnswer<T = undefined> {
  /**
   * The answer's UTF-8 bytes as sent (JSON, or the Squid feed's text), encoded once: a Buffer is written to the
   * socket without a per-request encoding pass. The string it was made from is not kept: with Hungarian letters it is
   * held two bytes per character, and a district's lists would keep twice their size in the heap for nothing.
   */
  bytes: Buffer
  etag: string
  /** The body compressed with `encoding`, made once per list on first demand. */
  encoded: (encoding: Encoding) => Promise<Buffer>
  /** What the body was made of, for a list that keeps it (the block list answers its writes from it). */
  value: T
  /** The data set's counter read before the rows: the body holds every change counted up to it. */
  version: number
}

/** Thrown inside a build that a newer build has superseded (`stillWanted`). */
class Superseded extends Error {}

/**
 * A list kept per change of `dataSets` (one app instance's: tests run several apps on different databases in one
 * process). `build` reads the rows and serialises them; it may call `stillWanted()` between its steps, which throws
 * when a newer build has started, so a superseded build stops there.
 */
export function keptList<T = undefined>(
  db: Db,
  dataSets: DataSet | readonly DataSet[],
  build: (stillWanted: () => void) => Promise<{ body: string; value: T }>,
) {
  let cached: KeptAnswer<T> | null = null
  let loading: { version: number; list: Promise<KeptAnswer<T>> } | null = null

  async function load(version: number): Promise<KeptAnswer<T>> {
    const stillWanted = () => {
      if (loading && loading.version > version) throw new Superseded()
    }
    const { body, value } = await build(stillWanted)
    stillWanted()
    const bytes = Buffer.from(body)
    return { version, bytes, value, etag: etagOf(bytes), encoded: compressOnce(bytes) }
  }

  async function at(version: number): Promise<KeptAnswer<T>> {
    // The kept list was read after a counter at least this one: it holds every change the caller could have seen.
    if (cached && cached.version >= version) return cached
    // Concurrent requests share one build; one that saw a newer counter than the running build's starts its own.
    if (!loading || loading.version < version) {
      const list = load(version)
      loading = { version, list }
      void list
        .finally(() => {
          if (loading?.list === list) loading = null
        })
        .catch(() => undefined)
    }
    try {
      const result = await loading.list
      if (!cached || result.version > cached.version) cached = result
      return result
    } catch (error) {
      // Superseded: the newer build (already started) answers.
      if (error instanceof Superseded) return at(version)
      throw error
    }
  }

  return {
    /** The current list: the counter is read before the rows, so a change racing a build only costs a rebuild. */
    async get(): Promise<KeptAnswer<T>> {
      return at(await dataVersion(db, dataSets))
    },
  }
}

export type KeptList<T = undefined> = ReturnType<typeof keptList<T>>

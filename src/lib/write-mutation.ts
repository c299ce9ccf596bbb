/**
 * Online-only writes, a separate path from the outbox's `useQueuedMutation` (./outbox/use-queued-mutation.ts) because
 * they need the server's answer now (a new classroom's id, an upload, a password) and must fail, not wait, offline.
 *
 * A write keeps the page's TanStack queries right by itself — the service worker's refresh of its cached GETs is off
 * in dev and in tests and never reaches the in-memory cache — in outline's drag-and-drop order:
 *   onMutate  cancel the query's fetches, snapshot it, show the change at once (optimistic, optional);
 *   onError   put the snapshot back (the user sees the list as the server still has it);
 *   onSettled invalidate the queries the write changes, so they refetch what the server now holds.
 *
 * API modules export `fooMutation = writeMutation({...})` and `useFoo = () => useMutation(fooMutation)`, as
 * `src/api/students.ts` (`changeStudentPasswordMutation`).
 */
import {
  hashKey,
  type MutationFunctionContext,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query'

/** An optimistic change of one cached query. */
export interface OptimisticUpdate<TVariables, TCached> {
  queryKey: QueryKey
  /** The cached data as the write will leave it. Not called while nothing is cached. */
  update: (current: TCached, variables: TVariables) => TCached
}

export interface WriteCacheConfig<TVariables, TCached> {
  /**
   * The queries the write changes: invalidated once it settles, success or failure (a failed write may still
   * have changed something). `[]` for a write that changes nothing a query shows, e.g. a student's password.
   */
  invalidates: readonly QueryKey[]
  /** Shown before the server answers and rolled back if it refuses or cannot be reached. */
  optimistic?: OptimisticUpdate<TVariables, TCached>
}

/** What onMutate kept: the optimistic query's data before the change (absent when nothing was cached). */
export interface WriteSnapshot {
  queryKey: QueryKey
  previous: unknown
}

/** The onMutate / onError / onSettled trio of a write; spread into mutation options or call from your own. */
export function writeCacheHandlers<TVariables, TCached = unknown>({
  invalidates,
  optimistic,
}: WriteCacheConfig<TVariables, TCached>) {
  return {
    async onMutate(
      variables: TVariables,
      { client }: MutationFunctionContext,
    ): Promise<WriteSnapshot | undefined> {
      if (!optimistic) return undefined
      const { queryKey, update } = optimistic
      // A fetch that started before the write would land after it and overwrite the optimistic data.
      await client.cancelQueries({ queryKey })
      const previous = client.getQueryData<TCached>(queryKey)
      if (previous !== undefined) client.setQueryData<TCached>(queryKey, update(previous, variables))
      return { queryKey, previous }
    },
    onError(
      _error: unknown,
      _variables: TVariables,
      snapshot: WriteSnapshot | undefined,
      { client }: MutationFunctionContext,
    ): void {
      if (snapshot && snapshot.previous !== undefined)
        client.setQueryData(snapshot.queryKey, snapshot.previous)
    },
    onSettled(
      _data: unknown,
      _error: unknown,
      _variables: TVariables,
      _snapshot: WriteSnapshot | undefined,
      { client }: MutationFunctionContext,
    ): void {
      // Not awaited: offline, a refetch waits for the network, and the write must not stay pending for it.
      const keys = optimistic ? [optimistic.queryKey, ...invalidates] : invalidates
      const seen = new Set<string>()
      for (const queryKey of keys) {
        if (seen.has(hashKey(queryKey))) continue
        seen.add(hashKey(queryKey))
        void client.invalidateQueries({ queryKey })
      }
    },
  }
}

export interface WriteMutationConfig<TData, TVariables, TCached> extends WriteCacheConfig<
  TVariables,
  TCached
> {
  mutationFn: (variables: TVariables) => Promise<TData>
  mutationKey?: QueryKey
}

/**
 * Mutation options for `useMutation` that keep the cache right (see the file comment). Per-call reactions (a toast,
 * closing a form) go in `mutate(variables, { onSuccess, onError })` or after `mutateAsync`, so they never replace
 * the rollback.
 */
export function writeMutation<TData, TVariables, TCached = unknown>({
  mutationFn,
  mutationKey,
  ...cache
}: WriteMutationConfig<TData, TVariables, TCached>): UseMutationOptions<
  TData,
  Error,
  TVariables,
  WriteSnapshot | undefined
> {
  return { mutationKey, mutationFn, ...writeCacheHandlers<TVariables, TCached>(cache) }
}

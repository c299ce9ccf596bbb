/**
 * Writes IndexedDB itself, not through the outbox: the plan is this device's data and no server ever receives it.
 *
 * The signed-in user's plan, kept in IndexedDB (no server calls: spec "All data is local mock data"). One record
 * per user id in the per-user database `portal-timetable`, which `wipeUserData()` empties on logout, on a 401 and
 * before another login — a shared tablet never shows the previous teacher's plan. Read through TanStack Query
 * (`networkMode: 'always'`: IndexedDB answers offline too); a save shows at once and is rolled back if IndexedDB
 * refuses it.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { createStore, get, set, type UseStore } from 'idb-keyval'
import { useCallback } from 'react'
import { TIMETABLE_DATABASE } from '@/lib/offline/user-data'
import { parseStoredClass, type TimetableClass } from '../timetable-class'

export const TIMETABLE_STORE = 'plans'

let store: UseStore | null = null
function planStore(): UseStore {
  store ??= createStore(TIMETABLE_DATABASE, TIMETABLE_STORE)
  return store
}

/** The stored plan of user `userId`; records that are not classes are left out. */
export async function loadPlan(userId: string): Promise<TimetableClass[]> {
  const stored = await get<unknown>(userId, planStore())
  if (!Array.isArray(stored)) return []
  return stored.map(parseStoredClass).filter((c): c is TimetableClass => c !== null)
}

export async function storePlan(userId: string, classes: readonly TimetableClass[]): Promise<void> {
  await set(userId, classes, planStore())
}

export const planQuery = (userId: string) =>
  queryOptions({
    // 'local:' — data of this device (IndexedDB), never an API answer: no worker cache refreshes it.
    queryKey: ['local:timetable', userId] as const,
    queryFn: () => loadPlan(userId),
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: Infinity,
  })

/** Shows `next` at once and stores it; on failure the previous plan comes back and the error is rethrown. */
export async function savePlan(
  client: QueryClient,
  userId: string,
  next: readonly TimetableClass[],
): Promise<void> {
  const key = planQuery(userId).queryKey
  const previous = client.getQueryData(key)
  client.setQueryData(key, [...next])
  try {
    await storePlan(userId, next)
  } catch (error) {
    client.setQueryData(key, previous)
    throw error
  }
}

/** The plan of `userId` (null while the signed-in user is not known yet) and its save. */
export function usePlan(userId: string | null) {
  const client = useQueryClient()
  const query = useQuery({ ...planQuery(userId ?? ''), enabled: userId !== null })
  const save = useCallback(
    (next: readonly TimetableClass[]) =>
      userId === null
        ? Promise.reject(new Error('Nincs bejelentkezett felhasználó.'))
        : savePlan(client, userId, next),
    [client, userId],
  )
  return { query, save }
}

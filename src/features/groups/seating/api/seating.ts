/**
 * GET /classrooms/:classroomId/groups/:groupId/seating and its queued POST (spec §7): the POST carries the WHOLE
 * seating, so the optimistic view simply replaces the positions (idempotent), a replay changes nothing and the last
 * of several offline moves wins when they arrive in order.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { SeatPosition, SeatingRequest, SeatingResponse } from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { MESSAGES } from '@contract/messages'
import { apiRequest } from '@/lib/api-client'
import { useQueuedMutation } from '@/lib/outbox'

export interface SeatingData {
  positions: SeatPosition[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

export function seatingPath(classroomId: string, groupId: string): string {
  return `/classrooms/${encodeURIComponent(classroomId)}/groups/${encodeURIComponent(groupId)}/seating`
}

export async function getSeating(
  classroomId: string,
  groupId: string,
  signal?: AbortSignal,
): Promise<SeatingData> {
  const { data, date } = await apiRequest<SeatingResponse>(seatingPath(classroomId, groupId), {
    signal,
    expectCode: 200,
  })
  return { positions: Array.isArray(data?.positions) ? data.positions : [], date }
}

export const seatingQuery = (classroomId: string, groupId: string) =>
  queryOptions({
    queryKey: queryKeyOf('seating', classroomId, groupId),
    queryFn: ({ signal }) => getSeating(classroomId, groupId, signal),
  })

export function useSeating(classroomId: string, groupId: string) {
  return useQuery(seatingQuery(classroomId, groupId))
}

function replaceSeating(current: SeatingData | undefined, body: SeatingRequest): SeatingData {
  return { positions: body.positions, date: current?.date ?? null }
}

/**
 * Spec §8 (seating): the toasts of a save. Seating a class is many drops, one save each: one 'mentve' toast for the
 * last save the server confirms after a burst, none while the last one still shows, one 'elküldésre vár' a burst.
 */
const SAVE_MESSAGES = {
  sent: MESSAGES.seatingSaved,
  failed: 'Hiba történt az ülésrend mentése közben.',
  queued: 'Nincs hálózat – a módosítás elküldésre vár.',
  burst: true,
}

/** Saves the whole seating through the outbox: shown at once, sent in order when the network allows, once. */
export function useSaveSeating(classroomId: string, groupId: string) {
  const request = useCallback(
    (positions: SeatPosition[]) => ({
      method: 'POST' as const,
      url: seatingPath(classroomId, groupId),
      body: { positions } satisfies SeatingRequest,
      label: 'Ülésrend',
      expectCode: 200,
    }),
    [classroomId, groupId],
  )
  return useQueuedMutation({
    key: queryKeyOf('seating', classroomId, groupId),
    request,
    optimistic: replaceSeating,
    messages: SAVE_MESSAGES,
  })
}

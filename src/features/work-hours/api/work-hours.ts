/** GET /work/hours (the map of the signed-in user) and the queued POST /work/hours (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryKeyOf } from '@contract/api-resources'
import type { WorkHoursRequest } from '@contract/api/work-hours'
import { MESSAGES } from '@contract/messages'
import { apiRequest } from '@/lib/api-client'
import { formatDayWithWeekday } from '@/lib/format'
import { useQueuedMutation } from '@/lib/outbox'
import { formatHours } from '../month'
import { normaliseWorkHours, withHours, type WorkHoursMap } from '../work-hours-map'

export interface WorkHoursData {
  hours: WorkHoursMap
  /** The first day that counts as missing when empty; null: none does; undefined: the server did not say. */
  missingFrom?: string | null
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

export async function getWorkHours(signal?: AbortSignal): Promise<WorkHoursData> {
  const { data, date } = await apiRequest<{ workHours?: unknown; missingFrom?: unknown } | null>(
    '/work/hours',
    { signal },
  )
  const from = data?.missingFrom
  const missingFrom =
    from === null ? null : typeof from === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : undefined
  return { hours: normaliseWorkHours(data?.workHours), missingFrom, date }
}

/** The key comes from contract/api-resources.ts, so the service worker's update notices refetch it. */
export const workHoursQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('workHours'),
    queryFn: ({ signal }) => getWorkHours(signal),
  })

export function useWorkHours() {
  return useQuery(workHoursQuery())
}

function request(values: WorkHoursRequest) {
  return {
    method: 'POST' as const,
    url: '/work/hours',
    body: values,
    label: `Munkaidő: ${formatDayWithWeekday(values.date)} – ${formatHours(values.hours)} óra`,
    expectCode: 200,
  }
}

function optimistic(current: WorkHoursData | undefined, body: WorkHoursRequest): WorkHoursData {
  return {
    hours: withHours(current?.hours, body.date, body.hours),
    missingFrom: current?.missingFrom,
    date: current?.date ?? null,
  }
}

/** Spec §8 (work hours): the toasts of a recorded day; a refusal shows the server's message. */
const RECORD_MESSAGES = {
  sent: MESSAGES.workHoursSaved,
  failed: 'Hiba történt a munkaidő rögzítése során.',
  queued: 'Nincs hálózat – a módosítás elküldésre vár.',
  serverMessage: true,
}

/** Records hours through the outbox: shown at once, sent when the network allows, exactly once. */
export function useRecordWorkHours() {
  return useQueuedMutation({ key: workHoursQuery().queryKey, request, optimistic, messages: RECORD_MESSAGES })
}

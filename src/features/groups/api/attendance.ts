/**
 * GET /groups/:id/attendance?date= and the queued PUT /groups/:id/attendance/:date (issue 20): the PUT carries the
 * WHOLE day's register, so the optimistic view simply replaces the entries (idempotent), a replay changes nothing and
 * the last of several offline taps wins when they arrive in order, after the seating moves queued before them.
 * GET /groups/:id/attendance.xlsx?month= is the month's jelenléti ív, downloaded online; GET …/attendance/month?month=
 * is the same sheet as data, for its print view (cached by the service worker like the days).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import {
  ATTENDANCE_MESSAGES,
  type AttendanceEntry,
  type AttendanceMonthResponse,
  type AttendanceResponse,
  type SaveAttendanceRequest,
} from '@contract/api'
import { queryKeyOf } from '@contract/api-resources'
import { apiDownload, apiRequest } from '@/lib/api-client'
import { useQueuedMutation } from '@/lib/outbox'
import { saveBlob } from '@/lib/save-file'

export interface AttendanceData {
  entries: AttendanceEntry[]
  /** When the server (or the service worker's cached copy) answered: feeds the offline marker. */
  date: Date | null
}

function attendancePath(groupId: string): string {
  return `/groups/${encodeURIComponent(groupId)}/attendance`
}

async function getAttendance(groupId: string, day: string, signal?: AbortSignal): Promise<AttendanceData> {
  const { data, date } = await apiRequest<AttendanceResponse>(
    `${attendancePath(groupId)}?date=${encodeURIComponent(day)}`,
    { signal, expectCode: 200 },
  )
  return { entries: Array.isArray(data?.entries) ? data.entries : [], date }
}

/** One group's register of one day ('YYYY-MM-DD'); the key comes from contract/api-resources.ts. */
export const attendanceQuery = (groupId: string, day: string) =>
  queryOptions({
    queryKey: queryKeyOf('attendance', groupId, day),
    queryFn: ({ signal }) => getAttendance(groupId, day, signal),
  })

export function useAttendance(groupId: string, day: string) {
  return useQuery(attendanceQuery(groupId, day))
}

/** The month's jelenléti ív ('YYYY-MM') as data: the print view's rows, columns and totals. */
export const attendanceMonthQuery = (groupId: string, month: string) =>
  queryOptions({
    queryKey: queryKeyOf('attendanceMonth', groupId, month),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<AttendanceMonthResponse>(
          `${attendancePath(groupId)}/month?month=${encodeURIComponent(month)}`,
          { signal, expectCode: 200 },
        )
      ).data,
  })

function replaceEntries(current: AttendanceData | undefined, body: SaveAttendanceRequest): AttendanceData {
  return { entries: body.entries, date: current?.date ?? null }
}

/** A register is many taps, one save each: toasts as for the seating's drops (one per burst). */
const SAVE_MESSAGES = {
  sent: ATTENDANCE_MESSAGES.saved,
  failed: 'Hiba történt a jelenlét mentése közben.',
  queued: 'Nincs hálózat – a jelenlét elküldésre vár.',
  serverMessage: true,
  burst: true,
}

/** Saves the whole day's register through the outbox: shown at once, sent in order when the network allows, once. */
export function useSaveAttendance(groupId: string, day: string) {
  const request = useCallback(
    (entries: AttendanceEntry[]) => ({
      method: 'PUT' as const,
      url: `${attendancePath(groupId)}/${encodeURIComponent(day)}`,
      body: { entries } satisfies SaveAttendanceRequest,
      label: `Jelenlét (${day})`,
      expectCode: 200,
    }),
    [groupId, day],
  )
  return useQueuedMutation({
    key: attendanceQuery(groupId, day).queryKey,
    request,
    optimistic: replaceEntries,
    messages: SAVE_MESSAGES,
  })
}

/** GET /groups/:id/attendance.xlsx?month=YYYY-MM, saved under `fileName`. */
export async function downloadAttendanceSheet(
  groupId: string,
  month: string,
  fileName: string,
): Promise<void> {
  const blob = await apiDownload(`${attendancePath(groupId)}.xlsx?month=${encodeURIComponent(month)}`)
  saveBlob(fileName, blob)
}

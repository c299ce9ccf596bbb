/**
 * The attendance register of a group (issue 20; feature manageAttendance): one day read or replaced whole, and the
 * month's jelenléti ív as a workbook and as data for its print view (one builder). A group the caller may not see is 404 (services/groups.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { GroupIdParams, MessageBody, WRITE_ERRORS, withErrors } from '@contract/api'
import {
  AttendanceDayParams,
  AttendanceMonthResponse,
  AttendanceQuery,
  AttendanceResponse,
  AttendanceSheetQuery,
  SaveAttendanceRequest,
} from '@contract/api/attendance'
import { attendanceMonth, attendanceOf, attendanceSheet, saveAttendance } from '@server/services/attendance'
import { clientGone } from '@server/lib/client-gone'
import { runWrite } from '@server/plugins/app/write'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const manage = app.requireFeatures('manageAttendance')

  app.get(
    '/groups/:id/attendance',
    {
      onRequest: manage,
      schema: {
        params: GroupIdParams,
        querystring: AttendanceQuery,
        response: withErrors({ 200: AttendanceResponse }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) => attendanceOf(app.db, request.session!.user, request.params.id, request.query.date),
  )

  app.put(
    '/groups/:id/attendance/:date',
    {
      onRequest: manage,
      schema: {
        params: AttendanceDayParams,
        body: SaveAttendanceRequest,
        response: withErrors({ 200: MessageBody }, ...WRITE_ERRORS, 404, 422),
      },
    },
    async (request, reply) =>
      runWrite(
        request,
        reply,
        saveAttendance(request.params.id, request.params.date, request.body, app.config.TZ),
      ),
  )

  app.get(
    '/groups/:id/attendance/month',
    {
      onRequest: manage,
      schema: {
        params: GroupIdParams,
        querystring: AttendanceSheetQuery,
        response: withErrors({ 200: AttendanceMonthResponse }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) =>
      attendanceMonth(
        app.db,
        request.session!.user,
        request.params.id,
        request.query.month,
        app.now(),
        app.config.TZ,
      ),
  )

  app.get(
    '/groups/:id/attendance.xlsx',
    {
      onRequest: manage,
      schema: {
        params: GroupIdParams,
        querystring: AttendanceSheetQuery,
        response: withErrors({ 200: Type.Unknown() }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request, reply) => {
      const { file, fileName } = await attendanceSheet(
        app.db,
        request.session!.user,
        request.params.id,
        request.query.month,
        app.now(),
        app.config.TZ,
        clientGone(reply),
      )
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(file)
    },
  )
}

export default routes

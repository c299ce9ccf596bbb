/** Announcements (DESIGN §3): listing, and the administrators' create and delete, run by `runWrite`. */
import type { Alert, AlertsResponse, MessageBody } from '../../contract/api'
import { MESSAGES } from '../../contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import {
  createAlert as insertAlert,
  deleteAlert as removeAlert,
  listAlerts,
} from '../repositories/alerts-repository'
import type { WriteContext, WriteResult } from './write'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function alertsList(db: Db): Promise<Alert[]> {
  const alerts = await listAlerts(db)
  return alerts.map((a) => ({ id: a.id, _id: a.id, message: a.message }))
}

/** Creates an announcement (audited as createAdminAlert) and answers 201 with the whole list. */
export async function createAlert(w: WriteContext, text: string): Promise<WriteResult<AlertsResponse>> {
  const message = text.trim()
  if (!message) throw new HttpError(400, MESSAGES.badRequest)
  await insertAlert(w.tx, message, w.now)
  return {
    status: 201,
    body: { code: 201, alerts: await alertsList(w.tx) },
    audit: { type: 'createAdminAlert' },
  }
}

/** Deletes an announcement (audited as deleteAdminAlert); an id that is not a UUID names no announcement (404, not a database error). */
export async function deleteAlert(w: WriteContext, id: string): Promise<WriteResult<MessageBody>> {
  if (!UUID.test(id) || !(await removeAlert(w.tx, id))) throw new HttpError(404, MESSAGES.notFound)
  return { body: { code: 200, message: 'Értesítés törölve.' }, audit: { type: 'deleteAdminAlert' } }
}

/** Announcements (DESIGN §3): listing, and the administrators' create and delete (Change factories for `runWrite`). */
import type { Alert, AlertsResponse, MessageBody } from '@contract/api'
import { MESSAGES } from '@contract/messages'
import type { Db } from '../db'
import { HttpError } from '../lib/http-error'
import { isUuid } from '../lib/uuid'
import {
  createAlert as insertAlert,
  deleteAlert as removeAlert,
  listAlerts,
} from '../repositories/alerts-repository'
import type { Change } from './write'

export async function alertsList(db: Db): Promise<Alert[]> {
  const alerts = await listAlerts(db)
  return alerts.map((a) => ({ id: a.id, _id: a.id, message: a.message }))
}

/** Creates an announcement (audited as createAdminAlert) and answers 201 with the whole list; an empty text is a 400. */
export function createAlert(text: string): Change<AlertsResponse> {
  const message = text.trim()
  if (!message) throw new HttpError(400, MESSAGES.badRequest)
  return async ({ tx, now }) => {
    await insertAlert(tx, message, now)
    return {
      status: 201,
      body: { code: 201, alerts: await alertsList(tx) },
      audit: { type: 'createAdminAlert' },
    }
  }
}

/** Deletes an announcement (audited as deleteAdminAlert); an id that is not a UUID names no announcement (404, not a database error). */
export function deleteAlert(id: string): Change<MessageBody> {
  if (!isUuid(id)) throw new HttpError(404, MESSAGES.notFound)
  return async ({ tx }) => {
    if (!(await removeAlert(tx, id))) throw new HttpError(404, MESSAGES.notFound)
    return { body: { code: 200, message: 'Értesítés törölve.' }, audit: { type: 'deleteAdminAlert' } }
  }
}

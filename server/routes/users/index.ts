/**
 * Felhasználók (issue 11, feature `manageUsers`): the accounts list and export, create, name/type, disable/enable,
 * password reset, MFA removal, per-user features, and the import's preview and run. Services: users-admin*.ts.
 */
import { PassThrough } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { Type } from '@sinclair/typebox'
import {
  CreateUserRequest,
  ImportPreviewResponse,
  type ImportProgressLine,
  ImportUsersRequest,
  ImportUsersResponse,
  MessageBody,
  OneTimePasswordResponse,
  UpdateUserRequest,
  UserFeaturesRequest,
  UserFeaturesResponse,
  UserIdParams,
  UserResponse,
  UserStatusRequest,
  UsersResponse,
  withErrors,
} from '@contract/api'
import { dayInZone } from '@contract/features'
import { NDJSON_TYPE } from '@contract/http'
import { MESSAGES } from '@contract/messages'
import { clientGone } from '@server/lib/client-gone'
import { HttpError } from '@server/lib/http-error'
import { sendKept } from '@server/lib/kept-answer'
import { safeError } from '@server/lib/log'
import {
  createUserChange,
  removeMfaChange,
  resetPasswordChange,
  setUserFeaturesChange,
  setUserStatus,
  updateUserChange,
  keptUsersList,
  userFeatures,
  usersList,
} from '@server/services/users-admin'
import { importChange, previewImport, usersWorkbook } from '@server/services/users-admin-import'
import { commitWrite, runWrite } from '@server/plugins/app/write'

const WRITE_ERRORS = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500] as const
/** The import's progress lines: at most one per this long (and the last one). */
const PROGRESS_EVERY_MS = 250
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const manage = app.requireFeatures('manageUsers')
  const logN = () => app.config.PASSWORD_HASH_LOG_N
  const accounts = keptUsersList(app.db)

  app.get(
    '/users',
    { onRequest: manage, schema: { response: withErrors({ 200: UsersResponse }, 401, 403, 429, 500) } },
    // Kept serialised in the UsersResponse shape: sent as it is, without the serializer.
    async (request, reply) => sendKept(request, reply, await accounts.get()),
  )

  app.get(
    '/users/export.xlsx',
    {
      onRequest: manage,
      schema: { response: withErrors({ 200: Type.Unknown() }, 401, 403, 429, 500) },
    },
    async (_request, reply) => {
      // Built in a worker that a client going away terminates.
      const file = await usersWorkbook(await usersList(app.db), app.config.TZ, clientGone(reply))
      const day = dayInZone(app.now(), app.config.TZ)
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="felhasznalok-${day}.xlsx"`)
        .send(file)
    },
  )

  app.post(
    '/users',
    {
      onRequest: manage,
      schema: {
        body: CreateUserRequest,
        response: withErrors({ 201: OneTimePasswordResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) => runWrite(request, reply, await createUserChange(request.body, logN())),
  )

  app.put(
    '/users/:id',
    {
      onRequest: manage,
      schema: {
        params: UserIdParams,
        body: UpdateUserRequest,
        response: withErrors({ 200: UserResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) => runWrite(request, reply, updateUserChange(request.params.id, request.body)),
  )

  app.put(
    '/users/:id/status',
    {
      onRequest: manage,
      schema: {
        params: UserIdParams,
        body: UserStatusRequest,
        response: withErrors({ 200: UserResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, setUserStatus(request.params.id, request.body.disabled)),
  )

  app.post(
    '/users/:id/password',
    {
      onRequest: manage,
      schema: {
        params: UserIdParams,
        response: withErrors({ 200: OneTimePasswordResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) => runWrite(request, reply, await resetPasswordChange(request.params.id, logN())),
  )

  app.delete(
    '/users/:id/mfa',
    {
      onRequest: manage,
      schema: { params: UserIdParams, response: withErrors({ 200: UserResponse }, ...WRITE_ERRORS) },
    },
    async (request, reply) => runWrite(request, reply, removeMfaChange(request.params.id)),
  )

  app.get(
    '/users/:id/features',
    {
      onRequest: manage,
      schema: {
        params: UserIdParams,
        response: withErrors({ 200: UserFeaturesResponse }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) => userFeatures(app.db, request.params.id, app.now(), app.config.TZ),
  )

  app.put(
    '/users/:id/features',
    {
      onRequest: manage,
      schema: {
        params: UserIdParams,
        body: UserFeaturesRequest,
        response: withErrors({ 200: MessageBody }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(
        request,
        reply,
        setUserFeaturesChange(request.params.id, request.body.overrides, app.config.TZ),
      ),
  )

  // The preview only reads: it is a POST because the file is its body.
  app.post(
    '/users/import/preview',
    {
      onRequest: manage,
      schema: {
        body: ImportUsersRequest,
        response: withErrors({ 200: ImportPreviewResponse }, 400, 401, 403, 413, 415, 429, 500),
      },
    },
    async (request) => ({ rows: await previewImport(app.db, request.body.fileName, request.body.content) }),
  )

  app.post(
    '/users/import',
    {
      onRequest: manage,
      schema: {
        body: ImportUsersRequest,
        response: withErrors({ 201: ImportUsersResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      // A client that goes away (the tab closed, the network lost) stops the hashing: nothing is written.
      const signal = clientGone(reply)
      const { fileName, content } = request.body
      const streamed = (request.headers.accept ?? '').includes(NDJSON_TYPE)
      // Taken before the stream starts: sending clears the request's claim (plugins/app/idempotency.ts).
      const claim = request.idempotency
      const stream = new PassThrough()
      const line = (value: ImportProgressLine) => stream.write(`${JSON.stringify(value)}\n`)
      // The stream's answer (a 200 with NDJSON) is not one of the route's JSON schemas.
      const plain = reply as unknown as FastifyReply
      let lastLine = 0
      let rows = 0
      try {
        const change = await importChange(app.db, fileName, content, logN(), {
          signal,
          // NDJSON (docs/decisions/users.md, "Import progress"): the stream starts once the file is checked (a refused
          // file answers plain JSON), then a line at most every 250 ms while the passwords are hashed.
          onHashed: !streamed
            ? undefined
            : (done, total) => {
                rows = total
                // X-Accel-Buffering: nginx (deploy/nginx) would otherwise hold the lines back until 4–8 KB gathered.
                if (done === 0)
                  void plain.code(200).type(NDJSON_TYPE).header('X-Accel-Buffering', 'no').send(stream)
                else if (done < total && Date.now() - lastLine < PROGRESS_EVERY_MS) return
                lastLine = Date.now()
                line({ phase: 'hash', done, total })
              },
        })
        if (!streamed) return await runWrite(request, reply, change)
        line({ phase: 'write', total: rows })
        let answer: { status: number; body: string }
        try {
          answer = await commitWrite(request, reply, change, claim)
        } catch (error) {
          const known = error instanceof HttpError && error.statusCode < 500
          if (!known) request.log.error({ err: safeError(error) }, 'users import failed')
          const [code, message] = known ? [error.statusCode, error.message] : [500, MESSAGES.internal]
          answer = { status: code, body: JSON.stringify({ code, message }) }
        }
        stream.end(`{"phase":"result","status":${answer.status},"body":${answer.body}}\n`)
        return reply
      } catch (error) {
        if (!signal.aborted) throw error
        request.log.info('users import: the client went away, nothing was written')
        stream.end()
        return reply.sent ? reply : plain.code(499).send()
      }
    },
  )
}

export default routes

/**
 * Felhasználók (issue 11, feature `manageUsers`): the accounts list and export, create, name/type, disable/enable,
 * password reset, MFA removal, per-user features, and the import's preview and run. Services: users-admin*.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import {
  CreateUserRequest,
  ImportPreviewResponse,
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
} from '../../../contract/api'
import { dayInZone } from '../../../contract/features'
import {
  createUserChange,
  removeMfaChange,
  resetPasswordChange,
  setUserFeaturesChange,
  setUserStatus,
  updateUserChange,
  userFeatures,
  usersList,
} from '../../services/users-admin'
import { importChange, previewImport, usersWorkbook } from '../../services/users-admin-import'
import { runWrite } from '../../services/write'

const WRITE_ERRORS = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500] as const
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const manage = app.requireFeatures('manageUsers')
  const logN = () => app.config.PASSWORD_HASH_LOG_N

  app.get(
    '/users',
    { onRequest: manage, schema: { response: withErrors({ 200: UsersResponse }, 401, 403, 429, 500) } },
    async () => ({ users: await usersList(app.db) }),
  )

  app.get(
    '/users/export.xlsx',
    {
      onRequest: manage,
      schema: { response: withErrors({ 200: Type.Unknown() }, 401, 403, 429, 500) },
    },
    async (_request, reply) => {
      const file = usersWorkbook(await usersList(app.db), app.config.TZ)
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
      attachValidation: true,
      schema: {
        body: CreateUserRequest,
        response: withErrors({ 201: OneTimePasswordResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, await createUserChange(request.body, request.validationError, logN())),
  )

  app.put(
    '/users/:id',
    {
      onRequest: manage,
      attachValidation: true,
      schema: {
        params: UserIdParams,
        body: UpdateUserRequest,
        response: withErrors({ 200: UserResponse }, ...WRITE_ERRORS),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, updateUserChange(request.params.id, request.body, request.validationError)),
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
      attachValidation: true,
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
        setUserFeaturesChange(
          request.params.id,
          request.body.overrides,
          request.validationError,
          app.config.TZ,
        ),
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
    async (request, reply) =>
      runWrite(
        request,
        reply,
        await importChange(app.db, request.body.fileName, request.body.content, logN()),
      ),
  )
}

export default routes

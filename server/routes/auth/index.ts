/** Sign-in, MFA, MFA e-mail and sign-out (spec §7, DESIGN §3). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  LoginRequest,
  LoginResponse,
  MessageBody,
  MfaRequest,
  MfaResponse,
  SetMfaRequest,
  withErrors,
} from '@contract/api'
import { OwnPasswordRequest } from '@contract/api/password'
import { MESSAGES } from '@contract/messages'
import { completeMfa, login, logout } from '@server/services/auth-service'
import { mfaEmailChange } from '@server/services/mfa-email'
import { ownPasswordChange } from '@server/services/own-password'
import { runWrite } from '@server/plugins/app/write'
import outboxKeyRoutes from './outbox-key'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(outboxKeyRoutes)
  const deps = { db: app.db, config: app.config, mailer: app.mailer, now: app.now }

  app.post(
    '/auth/login',
    {
      schema: {
        body: LoginRequest,
        response: withErrors({ 200: LoginResponse }, 400, 401, 413, 415, 429, 500),
      },
    },
    async (request) =>
      login(deps, request.body.username, request.body.password, request.ip, request.body.device),
  )

  app.post(
    '/auth/mfa',
    {
      onRequest: app.requireMfaToken,
      schema: { body: MfaRequest, response: withErrors({ 200: MfaResponse }, 400, 401, 413, 415, 429, 500) },
    },
    async (request) => {
      const token = request.headers.authorization!.replace(/^Bearer /, '').trim()
      return completeMfa(deps, token, request.body.code)
    },
  )

  app.post(
    '/auth/setmfa',
    {
      onRequest: app.requireSession,
      schema: {
        body: SetMfaRequest,
        response: withErrors({ 200: MessageBody }, 400, 401, 413, 415, 429, 500),
      },
    },
    async (request, reply) => {
      const change = await mfaEmailChange(deps, request.session!, request.body)
      return runWrite(request, reply, change)
    },
  )

  // One's own password (issue 11); also the only write an account with a one-time password may make.
  app.post(
    '/auth/password',
    {
      onRequest: app.requireSession,
      schema: {
        body: OwnPasswordRequest,
        response: withErrors({ 200: MessageBody }, 400, 401, 413, 415, 429, 500),
      },
    },
    async (request, reply) => {
      const change = await ownPasswordChange(deps, request.session!, request.body)
      return runWrite(request, reply, change)
    },
  )

  app.post(
    '/auth/logout',
    { onRequest: app.requireSession, schema: { response: withErrors({ 200: MessageBody }, 401, 429, 500) } },
    async (request) => {
      await logout(app.db, request.session!.tokenHash)
      return { code: 200, message: MESSAGES.loggedOut }
    },
  )
}

export default routes

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
} from '../../../contract/api'
import { LIMITS } from '../../../contract/limits'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'
import { setMfaEmail } from '../../repositories/users-repository'
import { completeMfa, login, logout } from '../../services/auth-service'

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, config: app.config, mailer: app.mailer, now: app.now }

  app.post(
    '/auth/login',
    {
      schema: {
        body: LoginRequest,
        response: withErrors({ 200: LoginResponse }, 400, 401, 413, 415, 429, 500),
      },
    },
    async (request) => login(deps, request.body.username, request.body.password, request.ip),
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
    async (request) => {
      const email = request.body.email.trim()
      if (email && (email.length > LIMITS.emailMax || !EMAIL.test(email))) {
        throw new HttpError(400, MESSAGES.invalidEmail)
      }
      await setMfaEmail(app.db, request.session!.user.id, email || null)
      return { code: 200, message: email ? MESSAGES.mfaSaved : MESSAGES.mfaDisabled }
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

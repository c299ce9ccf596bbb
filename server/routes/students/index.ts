/** The students list and the students' password reset (spec §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MessageBody, StudentPasswordRequest, StudentsResponse, withErrors } from '../../../contract/api'
import { LIMITS } from '../../../contract/limits'
import { MESSAGES } from '../../../contract/messages'
import { HttpError } from '../../lib/http-error'
import { hashPassword } from '../../lib/password'
import { writeAudit } from '../../repositories/audit-repository'
import { setPasswordHash } from '../../repositories/users-repository'
import { createStudentsList } from '../../services/students-list'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const studentsList = createStudentsList(app.db)

  app.get(
    '/students/',
    {
      onRequest: app.requireFeatures('getAllStudents'),
      schema: { response: withErrors({ 200: StudentsResponse }, 401, 403, 429, 500) },
    },
    async (_request, reply) => {
      // Already serialised in the StudentsResponse shape: Fastify sends a JSON string as it is, without the
      // serializer, so the type provider's body type does not apply here.
      const { body, etag } = await studentsList.get()
      return reply
        .header('ETag', etag)
        .type('application/json; charset=utf-8')
        .send(body as unknown as StudentsResponse)
    },
  )

  app.post(
    '/students/password',
    {
      onRequest: app.requireFeatures('changeStudentPassword'),
      schema: {
        body: StudentPasswordRequest,
        response: withErrors({ 200: MessageBody }, 400, 401, 403, 404, 413, 415, 429, 500),
      },
    },
    async (request) => {
      const { username, password } = request.body
      if ([...password].length < LIMITS.passwordMin) throw new HttpError(400, MESSAGES.passwordTooShort)
      const passwordHash = await hashPassword(password, app.config.PASSWORD_HASH_LOG_N)
      const actor = request.session!.user.username
      const now = app.now()
      await app.db.transaction(async (tx) => {
        // Setting the hash also revokes the student's sessions; the audit entry commits with the change.
        const student = await setPasswordHash(tx, username, passwordHash, { now, onlyType: 'student' })
        if (!student) throw new HttpError(404, MESSAGES.studentNotFound)
        await writeAudit(tx, {
          username: actor,
          type: 'changeUserPassword',
          at: now,
          extras: { studentUsername: student.username },
        })
      })
      return { code: 200, message: MESSAGES.passwordChanged }
    },
  )
}

export default routes

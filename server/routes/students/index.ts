/** The students list and the students' password reset (spec §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MessageBody, StudentPasswordRequest, StudentsResponse, withErrors } from '../../../contract/api'
import { studentPasswordChange } from '../../services/student-password'
import { createStudentsList } from '../../services/students-list'
import { runWrite } from '../../services/write'

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
    async (request, reply) =>
      runWrite(request, reply, await studentPasswordChange(request.body, app.config.PASSWORD_HASH_LOG_N)),
  )
}

export default routes

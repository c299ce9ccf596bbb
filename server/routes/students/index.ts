/** The students list and the students' password reset (spec §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MessageBody, StudentPasswordRequest, StudentsResponse, withErrors } from '@contract/api'
import { sendKept } from '@server/lib/kept-answer'
import { runWrite } from '@server/plugins/app/write'
import { studentPasswordChange } from '@server/services/student-password'
import { createStudentsList } from '@server/services/students-list'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const studentsList = createStudentsList(app.db)

  app.get(
    '/students/',
    {
      onRequest: app.requireFeatures('getAllStudents'),
      schema: { response: withErrors({ 200: StudentsResponse }, 401, 403, 429, 500) },
    },
    // Already serialised (and compressed) in the StudentsResponse shape: sent as it is, without the serializer.
    async (request, reply) => sendKept(request, reply, await studentsList.get()),
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

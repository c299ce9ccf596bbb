/** The students list and the students' password reset (spec §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MessageBody, StudentPasswordRequest, StudentsResponse, withErrors } from '@contract/api'
import { preferredEncoding } from '@server/lib/compression'
import { runWrite } from '@server/plugins/app/write'
import { studentPasswordChange } from '@server/services/student-password'
import { createStudentsList, type SerialisedList } from '@server/services/students-list'

/**
 * Sends a kept list: the variant the client accepts (Content-Encoding set, so @fastify/compress leaves it),
 * with the list's ETag, which @fastify/etag (plugins/app/http-cache.ts) keeps and answers 304 from in any encoding.
 */
async function sendSerialised(request: FastifyRequest, reply: FastifyReply, list: SerialisedList) {
  reply.header('ETag', list.etag).vary('Accept-Encoding')
  reply.type('application/json; charset=utf-8')
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(list.body)
  return reply.header('Content-Encoding', encoding).send(await list.encoded(encoding))
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const studentsList = createStudentsList(app.db)

  app.get(
    '/students/',
    {
      onRequest: app.requireFeatures('getAllStudents'),
      schema: { response: withErrors({ 200: StudentsResponse }, 401, 403, 429, 500) },
    },
    // Already serialised (and compressed) in the StudentsResponse shape: sent as it is, without the serializer.
    async (request, reply) => sendSerialised(request, reply, await studentsList.get()),
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

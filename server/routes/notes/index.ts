/** Notes on a group (spec §7; feature groupNotes): read a group's notes, add one. Plain text both ways. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CreateNoteRequest, CreateNoteResponse, NotesParams, NotesResponse, withErrors } from '@contract/api'
import { createNote, groupNotes } from '@server/services/notes'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notes/:groupId',
    {
      onRequest: app.requireFeatures('groupNotes'),
      schema: {
        params: NotesParams,
        response: withErrors({ 200: NotesResponse }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) => ({
      code: 200,
      notes: await groupNotes(app.db, request.session!.user, request.params.groupId),
    }),
  )

  app.post(
    '/notes',
    {
      onRequest: app.requireFeatures('groupNotes'),
      schema: {
        body: CreateNoteRequest,
        response: withErrors({ 201: CreateNoteResponse }, 400, 401, 403, 404, 413, 415, 422, 429, 500),
      },
    },
    async (request, reply) => runWrite(request, reply, createNote(request.body)),
  )
}

export default routes

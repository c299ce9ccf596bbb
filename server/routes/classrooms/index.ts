/**
 * Classrooms (spec §7): school-wide list, one classroom, create, replace, delete (409 while groups meet there), and a
 * group's seating in its classroom.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ClassroomIdParams,
  ClassroomRequest,
  ClassroomResponse,
  ClassroomsResponse,
  CreateClassroomResponse,
  MessageBody,
  SeatingParams,
  SeatingRequest,
  SeatingResponse,
  WRITE_ERRORS,
  withErrors,
} from '@contract/api'
import { sendKept } from '@server/lib/kept-answer'
import {
  classroomById,
  createClassroom,
  deleteClassroom,
  keptClassrooms,
  updateClassroom,
} from '@server/services/classrooms'
import { saveSeating, seatingOf } from '@server/services/seating'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const classrooms = keptClassrooms(app.db)

  app.get(
    '/classrooms',
    {
      onRequest: app.requireFeatures('getAllClassrooms'),
      schema: { response: withErrors({ 200: ClassroomsResponse }, 401, 403, 429, 500) },
    },
    // Kept serialised in the ClassroomsResponse shape: sent as it is, without the serializer.
    async (request, reply) => sendKept(request, reply, await classrooms.get()),
  )

  app.get(
    '/classrooms/:id',
    {
      onRequest: app.requireFeatures('getClassroomById'),
      schema: {
        params: ClassroomIdParams,
        response: withErrors({ 200: ClassroomResponse }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) => ({ classroom: await classroomById(app.db, request.params.id) }),
  )

  app.post(
    '/classrooms',
    {
      onRequest: app.requireFeatures('createClassroom'),
      schema: {
        body: ClassroomRequest,
        response: withErrors({ 201: CreateClassroomResponse }, ...WRITE_ERRORS, 404, 422),
      },
    },
    async (request, reply) => runWrite(request, reply, createClassroom(request.body)),
  )

  app.put(
    '/classrooms/:id',
    {
      onRequest: app.requireFeatures('updateClassroom'),
      schema: {
        params: ClassroomIdParams,
        body: ClassroomRequest,
        response: withErrors({ 200: MessageBody }, ...WRITE_ERRORS, 404, 422),
      },
    },
    async (request, reply) => runWrite(request, reply, updateClassroom(request.params.id, request.body)),
  )

  app.delete(
    '/classrooms/:id',
    {
      onRequest: app.requireFeatures('deleteClassroom'),
      schema: {
        params: ClassroomIdParams,
        response: withErrors({ 200: MessageBody }, 400, 401, 403, 404, 409, 429, 500),
      },
    },
    async (request, reply) => runWrite(request, reply, deleteClassroom(request.params.id)),
  )

  app.get(
    '/classrooms/:classroomId/groups/:groupId/seating',
    {
      onRequest: app.requireFeatures('getGroupsforInstructor'),
      schema: {
        params: SeatingParams,
        response: withErrors({ 200: SeatingResponse }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request) => ({
      code: 200,
      positions: await seatingOf(
        app.db,
        request.session!.user,
        request.params.classroomId,
        request.params.groupId,
      ),
    }),
  )

  app.post(
    '/classrooms/:classroomId/groups/:groupId/seating',
    {
      onRequest: app.requireFeatures('updateSeating'),
      schema: {
        params: SeatingParams,
        body: SeatingRequest,
        response: withErrors({ 200: MessageBody }, ...WRITE_ERRORS, 404, 422),
      },
    },
    async (request, reply) =>
      runWrite(request, reply, saveSeating(request.params.classroomId, request.params.groupId, request.body)),
  )
}

export default routes

/** Student groups (spec §7, DESIGN §3): the caller's own, all visible ones, create, edit (issue 20), delete. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CreateGroupRequest,
  CreateGroupResponse,
  GroupIdParams,
  GroupsResponse,
  MessageBody,
  UpdateGroupRequest,
  WRITE_ERRORS,
  withErrors,
} from '@contract/api'
import { sendKept } from '@server/lib/kept-answer'
import {
  allGroups,
  createGroup,
  deleteGroup,
  instructorGroups,
  keptAllGroups,
  updateGroup,
} from '@server/services/groups'
import { runWrite } from '@server/plugins/app/write'

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const everyGroup = keptAllGroups(app.db)

  app.get(
    '/groups/instructor',
    {
      onRequest: app.requireFeatures('getGroupsforInstructor'),
      schema: { response: withErrors({ 200: GroupsResponse }, 401, 403, 404, 429, 500) },
    },
    async (request) => ({ code: 200, groups: await instructorGroups(app.db, request.session!.user) }),
  )

  app.get(
    '/groups',
    {
      onRequest: app.requireFeatures('getAllGroups'),
      schema: { response: withErrors({ 200: GroupsResponse }, 401, 403, 429, 500) },
    },
    // An administrator's (every group) is kept serialised; a teacher's own few are made per request.
    async (request, reply) => {
      const user = request.session!.user
      if (user.type === 'admin') return sendKept(request, reply, await everyGroup.get())
      return { code: 200, groups: await allGroups(app.db, user) }
    },
  )

  app.post(
    '/groups/create',
    {
      onRequest: app.requireFeatures('createGroup'),
      schema: {
        body: CreateGroupRequest,
        response: withErrors({ 201: CreateGroupResponse }, 400, 401, 403, 409, 413, 415, 422, 429, 500),
      },
    },
    async (request, reply) => runWrite(request, reply, createGroup(request.body)),
  )

  // Issue 20: the group as a whole (name, day, time, classroom, members); gated as creating a group is.
  app.put(
    '/groups/:id',
    {
      onRequest: app.requireFeatures('createGroup'),
      schema: {
        params: GroupIdParams,
        body: UpdateGroupRequest,
        response: withErrors({ 200: MessageBody }, ...WRITE_ERRORS, 404, 409, 422),
      },
    },
    async (request, reply) => runWrite(request, reply, updateGroup(request.params.id, request.body)),
  )

  app.delete(
    '/groups/:id',
    {
      onRequest: app.requireFeatures('deleteGroup'),
      schema: {
        params: GroupIdParams,
        response: withErrors({ 200: MessageBody }, 400, 401, 403, 404, 429, 500),
      },
    },
    async (request, reply) => runWrite(request, reply, deleteGroup(request.params.id)),
  )
}

export default routes

// POST /api/v1/workspaces: personal keys only (spec, Authentication 8).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CreateWorkspaceBodySchema as CreateWorkspaceBody } from '../../../src-shared/api/workspaces.ts'
import { createWorkspace, workspaceView } from '../../services/workspaces.ts'
import { callerOf } from '../auth.ts'

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/workspaces',
    {
      schema: { body: CreateWorkspaceBody },
      config: { auth: { scope: 'account', keyTypes: ['personal'] } },
    },
    async (request) => {
      const { user } = callerOf(request)
      const { workspace, role } = createWorkspace(app.ctx, user, request.body)
      return { success: true, data: { workspace: workspaceView(workspace, role) } }
    },
  )
}

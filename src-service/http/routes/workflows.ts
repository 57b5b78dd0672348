// Workflow routes: list, detail, deploy status, import, deploy and undeploy.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IdParamsSchema as IdParams,
  WorkspaceBodySchema as WorkspaceBody,
  WorkspaceQuerySchema as WorkspaceQuery,
} from '../../../src-shared/api/common.ts'
import {
  ImportWorkflowBodySchema as ImportWorkflowBody,
  ListWorkflowsQuerySchema as ListWorkflowsQuery,
} from '../../../src-shared/api/workflows.ts'
import {
  deployWorkflow,
  importWorkflow,
  listWorkflows,
  undeployWorkflow,
  workflowDetail,
  workflowStatus,
} from '../../services/workflows.ts'
import { accessOf, callerOf, workflowOf } from '../auth.ts'
import { limitsFor } from '../limits.ts'

export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app

  app.get(
    '/api/v1/workflows',
    {
      schema: { querystring: ListWorkflowsQuery },
      config: { auth: { scope: 'workspace', workflowSubset: true } },
    },
    async (request) => ({
      ...listWorkflows(ctx, accessOf(request), request.query),
      limits: limitsFor(ctx, request),
    }),
  )

  app.get(
    '/api/v1/workflows/:id',
    {
      schema: { params: IdParams, querystring: WorkspaceQuery },
      config: { auth: { scope: 'workflow', param: 'id' } },
    },
    async (request) => ({
      data: workflowDetail(workflowOf(request)),
      limits: limitsFor(ctx, request),
    }),
  )

  app.get(
    '/api/workflows/:id/status',
    {
      schema: { params: IdParams },
      config: { auth: { scope: 'workflow-by-id', param: 'id' } },
    },
    async (request) => workflowStatus(workflowOf(request)),
  )

  app.post(
    '/api/v1/workflows/import',
    {
      schema: { body: ImportWorkflowBody },
      config: { auth: { scope: 'workspace' } },
    },
    async (request, reply) => {
      const { workspaceId: _ws, ...input } = request.body
      const created = importWorkflow(ctx, callerOf(request).user, accessOf(request), input)
      reply.code(201)
      return { data: workflowDetail(created), limits: limitsFor(ctx, request) }
    },
  )

  // Deploying changes what runs for every caller of the workflow: admin, like key management.
  for (const [method, action] of [
    ['POST', deployWorkflow],
    ['DELETE', undeployWorkflow],
  ] as const) {
    app.route({
      method,
      url: '/api/v1/workflows/:id/deploy',
      schema: { params: IdParams, body: WorkspaceBody },
      config: { auth: { scope: 'workflow', param: 'id', need: 'admin' } },
      handler: async (request) => {
        const updated = action(ctx, callerOf(request).user, workflowOf(request))
        return {
          data: { ...workflowDetail(updated), needsRedeployment: updated.needsRedeployment },
          limits: limitsFor(ctx, request),
        }
      },
    })
  }
}

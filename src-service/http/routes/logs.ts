// Execution logs (/api/v1/logs): list and detail, both with the `limits` object. Keys narrowed
// to single workflows pass the workspace rule and see only their workflows' logs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamsSchema, WorkspaceQuerySchema } from '../../../src-shared/api/common.ts'
import { ListLogsQuerySchema } from '../../../src-shared/api/logs.ts'
import { getLog, listLogs } from '../../services/execution-logs.ts'
import { accessOf } from '../auth.ts'
import { limitsFor } from '../limits.ts'

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app

  app.get(
    '/api/v1/logs',
    {
      schema: { querystring: ListLogsQuerySchema },
      config: { auth: { scope: 'workspace', workflowSubset: true } },
    },
    async (request) => ({
      ...listLogs(ctx, accessOf(request), request.query),
      limits: limitsFor(ctx, request),
    }),
  )

  app.get(
    '/api/v1/logs/:id',
    {
      schema: { params: IdParamsSchema, querystring: WorkspaceQuerySchema },
      config: { auth: { scope: 'workspace', workflowSubset: true } },
    },
    async (request) => ({
      data: getLog(ctx, accessOf(request), request.params.id),
      limits: limitsFor(ctx, request),
    }),
  )
}

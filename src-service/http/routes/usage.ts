// `GET /api/users/me/usage-limits` (API-NOTES): any valid key; answers for the account that
// key bills. Not under /api/v1, so the per-key request limit does not apply.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../auth.ts'
import { usageLimits } from '../../services/usage.ts'

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app
  app.get(
    '/api/users/me/usage-limits',
    { config: { auth: { scope: 'account', keyTypes: ['personal', 'workspace', 'organization'] } } },
    async (request) => usageLimits(ctx, callerOf(request)),
  )
}

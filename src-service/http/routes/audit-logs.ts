// Audit-log routes. Both need an Enterprise organization, its owner or admin role, and an
// unscoped personal key (spec, Authentication 8); the rule is declared once for both.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AuthRule } from '../auth.ts'
import { IdParamsSchema as IdParams } from '../../../src-shared/api/common.ts'
import { ListAuditLogsQuerySchema as ListAuditLogsQuery } from '../../../src-shared/api/audit.ts'
import { getAuditLog, listAuditLogs } from '../../services/audit-logs.ts'
import { organizationOf } from '../auth.ts'
import { limitsFor } from '../limits.ts'

const AUDIT_ACCESS: AuthRule = {
  scope: 'organization',
  feature: 'Audit logs',
  keyTypes: ['personal'],
  roles: ['owner', 'admin'],
  plans: ['enterprise'],
}

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app

  app.get(
    '/api/v1/audit-logs',
    { schema: { querystring: ListAuditLogsQuery }, config: { auth: AUDIT_ACCESS } },
    async (request) => ({
      ...listAuditLogs(ctx, organizationOf(request).id, request.query),
      limits: limitsFor(ctx, request),
    }),
  )

  // The spec's detail body is `{data}` alone: no `success`, no `limits`.
  app.get(
    '/api/v1/audit-logs/:id',
    { schema: { params: IdParams }, config: { auth: AUDIT_ACCESS } },
    async (request) => ({ data: getAuditLog(ctx, organizationOf(request).id, request.params.id) }),
  )
}

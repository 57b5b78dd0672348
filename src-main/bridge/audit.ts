import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

export function auditHandlers({ client }: CoreDeps): AreaHandlers<'audit'> {
  return {
    'audit:list': async ({ connectionId, workspaceId, ...query }) =>
      client.call(connectionId, endpoints.listAuditLogs, {
        query: { workspaceId: client.workspaceOf({ connectionId, workspaceId }), ...query },
      }),
    'audit:detail': async (input) =>
      client.call(input.connectionId, endpoints.getAuditLog, {
        params: { id: input.auditLogId },
      }),
  }
}

import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

export function logsHandlers({ client }: CoreDeps): AreaHandlers<'logs'> {
  return {
    'logs:list': async ({ connectionId, workspaceId, workflowIds, ...query }) =>
      client.call(connectionId, endpoints.listLogs, {
        query: {
          workspaceId: client.workspaceOf({ connectionId, workspaceId }),
          workflowIds: workflowIds?.join(','),
          ...query,
        },
      }),
    'logs:detail': async (input) =>
      client.call(input.connectionId, endpoints.getLog, {
        params: { id: input.logId },
        query: { workspaceId: client.workspaceOf(input) },
      }),
  }
}

import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

export function workflowsHandlers({ client }: CoreDeps): AreaHandlers<'workflows'> {
  return {
    'workflows:list': async (input) =>
      client.call(input.connectionId, endpoints.listWorkflows, {
        query: {
          workspaceId: client.workspaceOf(input),
          folderId: input.folderId,
          deployedOnly: input.deployedOnly,
          limit: input.limit,
          cursor: input.cursor,
        },
      }),
    'workflows:detail': async (input) =>
      client.call(input.connectionId, endpoints.getWorkflow, {
        params: { id: input.workflowId },
        query: { workspaceId: client.workspaceOf(input) },
      }),
    'workflows:status': async (input) =>
      client.call(input.connectionId, endpoints.getWorkflowStatus, {
        params: { id: input.workflowId },
      }),
  }
}

import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

export function workspacesHandlers({ client }: CoreDeps): AreaHandlers<'workspaces'> {
  return {
    // Creating a workspace is not safe to repeat: only a 429 (refused before anything) is retried.
    'workspaces:create': async ({ connectionId, ...body }) =>
      client.call(connectionId, endpoints.createWorkspace, { body }),
  }
}

import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

export function docsHandlers({ client }: CoreDeps): AreaHandlers<'docs'> {
  return {
    'docs:list': async (input) =>
      client.call(input.connectionId, endpoints.listDocs, {
        query: {
          workspaceId: client.workspaceOf(input),
          folderId: input.folderId,
          scope: input.scope,
        },
      }),
  }
}

import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'
import { dataUrlToBlob } from './files.ts'

export function knowledgeHandlers({ client }: CoreDeps): AreaHandlers<'knowledge'> {
  const ws = client.workspaceOf
  return {
    'knowledge:list': async (input) =>
      client.call(input.connectionId, endpoints.listKnowledgeBases, {
        query: { workspaceId: ws(input) },
      }),
    'knowledge:get': async (input) =>
      client.call(input.connectionId, endpoints.getKnowledgeBase, {
        params: { id: input.knowledgeBaseId },
        query: { workspaceId: ws(input) },
      }),
    'knowledge:create': async ({ connectionId, workspaceId, ...fields }) =>
      client.call(connectionId, endpoints.createKnowledgeBase, {
        body: { workspaceId: ws({ connectionId, workspaceId }), ...fields },
      }),
    'knowledge:update': async ({ connectionId, workspaceId, knowledgeBaseId, ...fields }) =>
      client.call(connectionId, endpoints.updateKnowledgeBase, {
        params: { id: knowledgeBaseId },
        body: { workspaceId: ws({ connectionId, workspaceId }), ...fields },
      }),
    'knowledge:documents': async ({ connectionId, workspaceId, knowledgeBaseId, ...query }) =>
      client.call(connectionId, endpoints.listDocuments, {
        params: { id: knowledgeBaseId },
        query: { workspaceId: ws({ connectionId, workspaceId }), ...query },
      }),
    'knowledge:document': async (input) =>
      client.call(input.connectionId, endpoints.getDocument, {
        params: { id: input.knowledgeBaseId, documentId: input.documentId },
        query: { workspaceId: ws(input) },
      }),
    'knowledge:upload': async (input) => {
      const form = new FormData()
      form.set('workspaceId', ws(input))
      form.set('file', dataUrlToBlob(input.file.dataUrl, input.file.mime), input.file.name)
      return client.call(input.connectionId, endpoints.uploadDocument, {
        params: { id: input.knowledgeBaseId },
        body: form,
      })
    },
  }
}

import { useQuery } from '@tanstack/react-query'
import type { ProcessingStatus } from '../../src-shared/api/index.ts'
import type { ChannelInput } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import { queryKeys, type Scope } from './keys.ts'

export type DocumentsQuery = Omit<
  ChannelInput<'knowledge:documents'>,
  'connectionId' | 'workspaceId' | 'knowledgeBaseId'
>

const working = (s: ProcessingStatus) => s === 'pending' || s === 'processing'

export function useKnowledgeBases(scope: Scope | null) {
  return useQuery({
    queryKey: scope ? queryKeys.knowledgeList(scope) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () => (await call('knowledge:list', scope!)).data,
  })
}

export function useKnowledgeBase(scope: Scope | null, id: string) {
  return useQuery({
    queryKey: scope ? queryKeys.knowledgeMeta(scope, id) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () =>
      (await call('knowledge:get', { ...scope!, knowledgeBaseId: id })).data.knowledgeBase,
  })
}

export function useDocuments(scope: Scope | null, id: string, q: DocumentsQuery) {
  return useQuery({
    queryKey: scope ? queryKeys.documentsPage(scope, id, q) : ['no-scope'],
    enabled: !!scope,
    placeholderData: (prev) => prev,
    queryFn: async () =>
      (await call('knowledge:documents', { ...scope!, knowledgeBaseId: id, ...q })).data,
    // Documents still being processed change on their own: look again until they settle.
    refetchInterval: (query) =>
      query.state.data?.documents.some((d) => working(d.processingStatus)) ? 2000 : false,
  })
}

export function useDocument(scope: Scope | null, kbId: string, docId: string | null) {
  return useQuery({
    queryKey: scope ? queryKeys.document(scope, kbId, docId ?? '') : ['no-scope'],
    enabled: !!scope && !!docId,
    queryFn: async () =>
      (await call('knowledge:document', { ...scope!, knowledgeBaseId: kbId, documentId: docId! }))
        .data.document,
    refetchInterval: (query) =>
      query.state.data && working(query.state.data.processingStatus) ? 1500 : false,
  })
}

import { useQuery } from '@tanstack/react-query'
import type { ChannelInput } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import {
  DocumentGetSchema,
  DocumentsPageSchema,
  KnowledgeGetSchema,
  KnowledgeListSchema,
  parseAnswer,
} from '../api/shapes.ts'
import { queryKeys, type Scope } from './keys.ts'

export type DocumentsQuery = Omit<
  ChannelInput<'knowledge:documents'>,
  'connectionId' | 'workspaceId' | 'knowledgeBaseId'
>

const working = (s: string) => s === 'pending' || s === 'processing'

export function useKnowledgeBases(scope: Scope | null) {
  return useQuery({
    queryKey: scope ? queryKeys.knowledgeList(scope) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () =>
      parseAnswer(KnowledgeListSchema, await call('knowledge:list', scope!), 'the knowledge bases')
        .data,
  })
}

export function useKnowledgeBase(scope: Scope | null, id: string) {
  return useQuery({
    queryKey: scope ? queryKeys.knowledgeMeta(scope, id) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () =>
      parseAnswer(
        KnowledgeGetSchema,
        await call('knowledge:get', { ...scope!, knowledgeBaseId: id }),
        'the knowledge base',
      ).data.knowledgeBase,
  })
}

export function useDocuments(scope: Scope | null, id: string, q: DocumentsQuery) {
  return useQuery({
    queryKey: scope ? queryKeys.documentsPage(scope, id, q) : ['no-scope'],
    enabled: !!scope,
    placeholderData: (prev) => prev,
    queryFn: async () =>
      parseAnswer(
        DocumentsPageSchema,
        await call('knowledge:documents', { ...scope!, knowledgeBaseId: id, ...q }),
        'the documents',
      ).data,
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
      parseAnswer(
        DocumentGetSchema,
        await call('knowledge:document', { ...scope!, knowledgeBaseId: kbId, documentId: docId! }),
        'the document',
      ).data.document,
    refetchInterval: (query) =>
      query.state.data && working(query.state.data.processingStatus) ? 1500 : false,
  })
}

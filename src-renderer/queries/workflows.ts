import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { call } from '../bridge.ts'
import {
  parseAnswer,
  WorkflowDetailSchema,
  WorkflowPageSchema,
  WorkflowStatusSchema,
} from '../api/shapes.ts'
import { queryKeys, type Scope } from './keys.ts'

export function useWorkflowPages(
  scope: Scope | null,
  filters: { deployedOnly: boolean; folderId: string },
  pageSize = 50,
) {
  return useInfiniteQuery({
    queryKey: scope ? queryKeys.workflowList(scope, filters) : ['no-scope'],
    enabled: !!scope,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      parseAnswer(
        WorkflowPageSchema,
        await call('workflows:list', {
          ...scope!,
          limit: pageSize,
          cursor: pageParam,
          deployedOnly: filters.deployedOnly || undefined,
          folderId: filters.folderId.trim() || undefined,
        }),
        'the workflow list',
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function useWorkflow(scope: Scope | null, id: string) {
  return useQuery({
    queryKey: scope ? queryKeys.workflow(scope, id) : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: async () =>
      parseAnswer(
        WorkflowDetailSchema,
        await call('workflows:detail', { ...scope!, workflowId: id }),
        'the workflow',
      ).data,
  })
}

export function useWorkflowStatus(scope: Scope | null, id: string) {
  return useQuery({
    queryKey: scope ? queryKeys.workflowStatus(scope, id) : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: async () =>
      parseAnswer(
        WorkflowStatusSchema,
        await call('workflows:status', { ...scope!, workflowId: id }),
        'the deploy status',
      ),
  })
}

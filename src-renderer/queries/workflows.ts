// Workflows: the cursor-paged list, one workflow's detail and its deploy status. main checks
// every answer against the endpoint's schema in src-shared/api before it crosses the bridge,
// so the results arrive typed and are used as they are.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { call } from '../bridge.ts'
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
    queryFn: ({ pageParam }) =>
      call('workflows:list', {
        ...scope!,
        limit: pageSize,
        cursor: pageParam,
        deployedOnly: filters.deployedOnly || undefined,
        folderId: filters.folderId.trim() || undefined,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function useWorkflow(scope: Scope | null, id: string) {
  return useQuery({
    queryKey: scope ? queryKeys.workflow(scope, id) : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: async () => (await call('workflows:detail', { ...scope!, workflowId: id })).data,
  })
}

export function useWorkflowStatus(scope: Scope | null, id: string) {
  return useQuery({
    queryKey: scope ? queryKeys.workflowStatus(scope, id) : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: () => call('workflows:status', { ...scope!, workflowId: id }),
  })
}

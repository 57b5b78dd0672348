// Tables and their rows. The answers arrive already checked by main against src-shared/api.
import { useQuery } from '@tanstack/react-query'
import { call } from '../bridge.ts'
import { queryKeys, type Scope } from './keys.ts'

export const PAGE_SIZE = 1000

export function useTables(scope: Scope | null) {
  return useQuery({
    queryKey: scope ? queryKeys.tableList(scope) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () => (await call('tables:list', scope!)).data,
  })
}

export function useTable(scope: Scope | null, tableId: string) {
  return useQuery({
    queryKey: scope ? queryKeys.tableMeta(scope, tableId) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () => (await call('tables:get', { ...scope!, tableId })).data.table,
  })
}

export interface RowsQuery {
  filter?: Record<string, unknown>
  sort?: Record<string, 'asc' | 'desc'>
}

export async function fetchRows(
  scope: Scope,
  tableId: string,
  q: RowsQuery,
  offset: number,
  limit = PAGE_SIZE,
) {
  const answer = await call('tables:rows', {
    ...scope,
    tableId,
    limit,
    offset,
    filter: q.filter,
    sort: q.sort,
  })
  return answer.data
}

export function rowsPageKey(scope: Scope, tableId: string, q: RowsQuery, offset: number) {
  return queryKeys.rowsPage(scope, tableId, {
    filter: JSON.stringify(q.filter ?? null),
    sort: JSON.stringify(q.sort ?? null),
    offset,
  })
}

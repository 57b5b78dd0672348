import { useQuery } from '@tanstack/react-query'
import { call } from '../bridge.ts'
import { parseAnswer, RowsPageSchema, TableGetSchema, TablesListSchema } from '../api/shapes.ts'
import { queryKeys, type Scope } from './keys.ts'

export const PAGE_SIZE = 1000

export function useTables(scope: Scope | null) {
  return useQuery({
    queryKey: scope ? queryKeys.tableList(scope) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () =>
      parseAnswer(TablesListSchema, await call('tables:list', scope!), 'the table list').data,
  })
}

export function useTable(scope: Scope | null, tableId: string) {
  return useQuery({
    queryKey: scope ? queryKeys.tableMeta(scope, tableId) : ['no-scope'],
    enabled: !!scope,
    queryFn: async () =>
      parseAnswer(TableGetSchema, await call('tables:get', { ...scope!, tableId }), 'the table')
        .data.table,
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
  const page = parseAnswer(
    RowsPageSchema,
    await call('tables:rows', { ...scope, tableId, limit, offset, filter: q.filter, sort: q.sort }),
    'the rows',
  ).data
  return page
}

export function rowsPageKey(scope: Scope, tableId: string, q: RowsQuery, offset: number) {
  return queryKeys.rowsPage(scope, tableId, {
    filter: JSON.stringify(q.filter ?? null),
    sort: JSON.stringify(q.sort ?? null),
    offset,
  })
}

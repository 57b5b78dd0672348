import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

export function tablesHandlers({ client }: CoreDeps): AreaHandlers<'tables'> {
  const ws = client.workspaceOf
  return {
    'tables:list': async (input) =>
      client.call(input.connectionId, endpoints.listTables, { query: { workspaceId: ws(input) } }),
    'tables:get': async (input) =>
      client.call(input.connectionId, endpoints.getTable, {
        params: { tableId: input.tableId },
        query: { workspaceId: ws(input) },
      }),
    'tables:rows': async (input) =>
      client.call(input.connectionId, endpoints.listRows, {
        params: { tableId: input.tableId },
        query: {
          workspaceId: ws(input),
          limit: input.limit,
          offset: input.offset,
          // The API takes filter and sort as JSON in the query string.
          filter: input.filter === undefined ? undefined : JSON.stringify(input.filter),
          sort: input.sort === undefined ? undefined : JSON.stringify(input.sort),
        },
      }),
    'tables:insert-row': async (input) =>
      client.call(input.connectionId, endpoints.insertRows, {
        params: { tableId: input.tableId },
        body: { workspaceId: ws(input), data: input.data },
      }),
    'tables:insert-rows': async (input) =>
      client.call(input.connectionId, endpoints.insertRows, {
        params: { tableId: input.tableId },
        body: { workspaceId: ws(input), rows: input.rows },
      }),
    'tables:update-row': async (input) =>
      client.call(input.connectionId, endpoints.updateRow, {
        params: { tableId: input.tableId, rowId: input.rowId },
        body: { workspaceId: ws(input), data: input.data },
      }),
    'tables:delete-row': async (input) =>
      client.call(input.connectionId, endpoints.deleteRow, {
        params: { tableId: input.tableId, rowId: input.rowId },
        body: { workspaceId: ws(input) },
      }),
    'tables:delete-rows': async (input) =>
      client.call(input.connectionId, endpoints.deleteRows, {
        params: { tableId: input.tableId },
        body: {
          workspaceId: ws(input),
          ...(input.rowIds ? { rowIds: input.rowIds } : { filter: input.filter }),
        },
      }),
    'tables:add-column': async (input) =>
      client.call(input.connectionId, endpoints.addColumn, {
        params: { tableId: input.tableId },
        body: {
          workspaceId: ws(input),
          column: input.column,
          ...(input.position === undefined ? {} : { position: input.position }),
        },
      }),
  }
}

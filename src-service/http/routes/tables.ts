// Table routes: tables, columns and rows, registered from the shared endpoint table so paths
// and schemas are exactly the client's. Tables are workspace-wide: keys narrowed to single
// workflows get 403 here (scope 'workspace' without workflowSubset).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src-shared/api/index.ts'
import {
  addColumn,
  archiveTable,
  createTable,
  dropColumn,
  getTable,
  listTables,
  updateColumn,
} from '../../services/tables.ts'
import {
  deleteRow,
  deleteRows,
  getRow,
  insertRows,
  listRows,
  updateRow,
  upsertRow,
} from '../../services/table-rows.ts'
import { accessOf, callerOf } from '../auth.ts'

const auth = { auth: { scope: 'workspace' } } as const

export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app
  const e = endpoints

  app.get(
    e.listTables.path,
    { schema: { querystring: e.listTables.query }, config: auth },
    async (request) => ({ success: true, data: listTables(ctx, accessOf(request)) }),
  )

  app.post(
    e.createTable.path,
    { schema: { body: e.createTable.body }, config: auth },
    async (request) => {
      const { workspaceId: _ws, ...input } = request.body
      return {
        success: true,
        data: createTable(ctx, callerOf(request).user, accessOf(request), input),
      }
    },
  )

  app.get(
    e.getTable.path,
    { schema: { params: e.getTable.params, querystring: e.getTable.query }, config: auth },
    async (request) => ({
      success: true,
      data: getTable(ctx, accessOf(request), request.params.tableId),
    }),
  )

  app.delete(
    e.archiveTable.path,
    { schema: { params: e.archiveTable.params, body: e.archiveTable.body }, config: auth },
    async (request) => ({
      success: true,
      data: archiveTable(ctx, callerOf(request).user, accessOf(request), request.params.tableId),
    }),
  )

  // ---- Columns ----

  app.post(
    e.addColumn.path,
    { schema: { params: e.addColumn.params, body: e.addColumn.body }, config: auth },
    async (request) => ({
      success: true,
      data: addColumn(ctx, callerOf(request).user, accessOf(request), request.params.tableId, {
        column: request.body.column,
        position: request.body.position,
      }),
    }),
  )

  app.patch(
    e.updateColumn.path,
    { schema: { params: e.updateColumn.params, body: e.updateColumn.body }, config: auth },
    async (request) => ({
      success: true,
      data: updateColumn(ctx, callerOf(request).user, accessOf(request), request.params.tableId, {
        columnName: request.body.columnName,
        updates: request.body.updates,
      }),
    }),
  )

  app.delete(
    e.dropColumn.path,
    { schema: { params: e.dropColumn.params, body: e.dropColumn.body }, config: auth },
    async (request) => ({
      success: true,
      data: dropColumn(
        ctx,
        callerOf(request).user,
        accessOf(request),
        request.params.tableId,
        request.body.columnName,
      ),
    }),
  )

  // ---- Rows ----

  app.get(
    e.listRows.path,
    { schema: { params: e.listRows.params, querystring: e.listRows.query }, config: auth },
    async (request) => {
      const { workspaceId: _ws, ...query } = request.query
      return {
        success: true,
        data: listRows(ctx, accessOf(request), request.params.tableId, query),
      }
    },
  )

  app.post(
    e.insertRows.path,
    { schema: { params: e.insertRows.params, body: e.insertRows.body }, config: auth },
    async (request) => ({
      success: true,
      data: insertRows(ctx, callerOf(request).user, accessOf(request), request.params.tableId, {
        data: request.body.data,
        rows: request.body.rows,
      }),
    }),
  )

  app.delete(
    e.deleteRows.path,
    { schema: { params: e.deleteRows.params, body: e.deleteRows.body }, config: auth },
    async (request) => ({
      success: true,
      data: deleteRows(ctx, callerOf(request).user, accessOf(request), request.params.tableId, {
        rowIds: request.body.rowIds,
        filter: request.body.filter,
      }),
    }),
  )

  app.post(
    e.upsertRow.path,
    { schema: { params: e.upsertRow.params, body: e.upsertRow.body }, config: auth },
    async (request) => ({
      success: true,
      data: upsertRow(ctx, callerOf(request).user, accessOf(request), request.params.tableId, {
        data: request.body.data,
        conflictTarget: request.body.conflictTarget,
      }),
    }),
  )

  app.get(
    e.getRow.path,
    { schema: { params: e.getRow.params, querystring: e.getRow.query }, config: auth },
    async (request) => ({
      success: true,
      data: getRow(ctx, accessOf(request), request.params.tableId, request.params.rowId),
    }),
  )

  app.patch(
    e.updateRow.path,
    { schema: { params: e.updateRow.params, body: e.updateRow.body }, config: auth },
    async (request) => ({
      success: true,
      data: updateRow(
        ctx,
        callerOf(request).user,
        accessOf(request),
        request.params.tableId,
        request.params.rowId,
        request.body.data,
      ),
    }),
  )

  app.delete(
    e.deleteRow.path,
    { schema: { params: e.deleteRow.params, body: e.deleteRow.body }, config: auth },
    async (request) => ({
      success: true,
      data: deleteRow(
        ctx,
        callerOf(request).user,
        accessOf(request),
        request.params.tableId,
        request.params.rowId,
      ),
    }),
  )
}

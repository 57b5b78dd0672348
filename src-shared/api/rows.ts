// Table rows: list (filter, sort, offset paging), get, insert one or a batch, update, upsert,
// delete one or many.
import { z } from 'zod'
import { RowFilterSchema, RowSortSchema } from './row-filter.ts'
import { ColumnNameSchema } from './tables.ts'
import {
  Id,
  JsonObjectSchema,
  NonNegativeInt,
  Timestamp,
  WorkspaceBodySchema,
  WorkspaceQuerySchema,
  jsonQuery,
  queryInt,
  successEnvelope,
} from './common.ts'

export const MAX_BATCH_ROWS = 1000

export const RowSchema = z.object({
  id: Id,
  data: JsonObjectSchema,
  position: NonNegativeInt,
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Row = z.infer<typeof RowSchema>

/** Column name -> value; checked against the table's schema by the service, not here. */
export const RowDataSchema = JsonObjectSchema
export type RowData = z.infer<typeof RowDataSchema>

export const RowParamsSchema = z.object({ tableId: Id, rowId: Id })

// ---- List ----

export const ListRowsQuerySchema = z.object({
  workspaceId: Id,
  filter: jsonQuery(RowFilterSchema, 'filter').optional(),
  sort: jsonQuery(RowSortSchema, 'sort').optional(),
  limit: queryInt({ min: 1, max: 1000 }).default(100),
  offset: queryInt({ min: 0 }).default(0),
})
export type ListRowsQuery = z.infer<typeof ListRowsQuerySchema>
export type ListRowsQueryInput = z.input<typeof ListRowsQuerySchema>

export const ListRowsResponseSchema = successEnvelope(
  z.object({
    rows: z.array(RowSchema),
    /** Rows on this page. */
    rowCount: NonNegativeInt,
    /** Rows matching the filter, all pages. */
    totalCount: NonNegativeInt,
    limit: NonNegativeInt,
    offset: NonNegativeInt,
  }),
)
export type ListRowsResponse = z.infer<typeof ListRowsResponseSchema>

export const GetRowQuerySchema = WorkspaceQuerySchema
export const GetRowResponseSchema = successEnvelope(z.object({ row: RowSchema }))
export type GetRowResponse = z.infer<typeof GetRowResponseSchema>

// ---- Insert ----

/**
 * Exactly one of `data` (one row) or `rows` (a batch of 1..1000). One object with a check
 * rather than a union, so "both" and "neither" get a sentence instead of "Invalid input".
 */
export const InsertRowsBodySchema = z
  .strictObject({
    workspaceId: Id,
    data: RowDataSchema.optional(),
    rows: z
      .array(RowDataSchema)
      .min(1, 'rows must hold at least one row')
      .max(MAX_BATCH_ROWS, `At most ${MAX_BATCH_ROWS} rows per request`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.data !== undefined && body.rows !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['rows'],
        message: 'Send either data (one row) or rows (a batch), not both',
      })
    } else if (body.data === undefined && body.rows === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['data'],
        message: 'Send data (one row) or rows (a batch)',
      })
    }
  })
export type InsertRowsBody = z.infer<typeof InsertRowsBodySchema>

export const RowMessageSchema = z.object({ row: RowSchema, message: z.string() })

export const InsertRowResultSchema = RowMessageSchema
export const InsertRowsBatchResultSchema = z.object({
  rows: z.array(RowSchema),
  insertedCount: NonNegativeInt,
  message: z.string(),
})

/** Single insert answers `{row, message}`, a batch `{rows, insertedCount, message}`. */
export const InsertRowsResponseSchema = successEnvelope(
  z.union([InsertRowsBatchResultSchema, InsertRowResultSchema]),
)
export type InsertRowsResponse = z.infer<typeof InsertRowsResponseSchema>

// ---- Update, upsert ----

export const UpdateRowBodySchema = z.strictObject({
  workspaceId: Id,
  data: RowDataSchema.refine((d) => Object.keys(d).length > 0, 'Name at least one column'),
})
export type UpdateRowBody = z.infer<typeof UpdateRowBodySchema>

export const UpdateRowResponseSchema = successEnvelope(RowMessageSchema)
export type UpdateRowResponse = z.infer<typeof UpdateRowResponseSchema>

/** `conflictTarget`: the unique column to match on; by default the table's unique column. */
export const UpsertRowBodySchema = z.strictObject({
  workspaceId: Id,
  data: RowDataSchema,
  conflictTarget: ColumnNameSchema.optional(),
})
export type UpsertRowBody = z.infer<typeof UpsertRowBodySchema>

export const UpsertRowResponseSchema = successEnvelope(
  RowMessageSchema.extend({ operation: z.enum(['insert', 'update']) }),
)
export type UpsertRowResponse = z.infer<typeof UpsertRowResponseSchema>

// ---- Delete ----

export const DeleteRowBodySchema = WorkspaceBodySchema
export const DeleteRowResponseSchema = successEnvelope(
  z.object({ message: z.string(), deletedCount: NonNegativeInt }),
)
export type DeleteRowResponse = z.infer<typeof DeleteRowResponseSchema>

/**
 * `{workspaceId, rowIds}` or `{workspaceId, filter}`, never both. An empty filter is refused:
 * deleting every row must not be one typo away.
 */
export const DeleteRowsBodySchema = z
  .strictObject({
    workspaceId: Id,
    rowIds: z
      .array(Id)
      .min(1, 'rowIds must name at least one row')
      .max(MAX_BATCH_ROWS, `At most ${MAX_BATCH_ROWS} rows per request`)
      .optional(),
    filter: RowFilterSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.rowIds !== undefined && body.filter !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['filter'],
        message: 'Send either rowIds or filter, not both',
      })
    } else if (body.rowIds === undefined && body.filter === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rowIds'], message: 'Send rowIds or a filter' })
    } else if (body.filter !== undefined && Object.keys(body.filter).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['filter'],
        message: 'The filter must name at least one condition',
      })
    }
  })
export type DeleteRowsBody = z.infer<typeof DeleteRowsBodySchema>

export const DeleteRowsResponseSchema = successEnvelope(
  z.object({
    message: z.string(),
    deletedCount: NonNegativeInt,
    deletedRowIds: z.array(Id),
  }),
)
export type DeleteRowsResponse = z.infer<typeof DeleteRowsResponseSchema>

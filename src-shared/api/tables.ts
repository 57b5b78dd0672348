// Tables and their columns: the resources, list/create/get/archive, and column changes.
// Rows live in rows.ts, the filter language in row-filter.ts.
import { z } from 'zod'
import {
  Id,
  NonNegativeInt,
  Timestamp,
  WorkspaceBodySchema,
  WorkspaceQuerySchema,
  successEnvelope,
} from './common.ts'

/** Column (and table) names: a letter or underscore, then letters, digits, underscores. */
export const COLUMN_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/

export const ColumnNameSchema = z
  .string()
  .regex(
    COLUMN_NAME_PATTERN,
    'Use letters, digits and underscores, starting with a letter or underscore',
  )

export const COLUMN_TYPES = [
  'string',
  'number',
  'currency',
  'boolean',
  'date',
  'json',
  'select',
] as const
export const ColumnTypeSchema = z.enum(COLUMN_TYPES)
export type ColumnType = z.infer<typeof ColumnTypeSchema>

/** ISO 4217, e.g. `USD`. */
export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'Expected a code like USD')

const SelectOptionsSchema = z
  .array(z.string().min(1))
  .min(1, 'A select column needs at least one option')
  .refine((options) => new Set(options).size === options.length, 'Options must be unique')

// ---- Resources ----

export const ColumnSchema = z.object({
  name: z.string(),
  type: ColumnTypeSchema,
  required: z.boolean(),
  unique: z.boolean(),
  options: z.array(z.string()).optional(),
  currencyCode: z.string().optional(),
})
export type Column = z.infer<typeof ColumnSchema>

export const TableSchema = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  schema: z.object({ columns: z.array(ColumnSchema) }),
  rowCount: NonNegativeInt,
  maxRows: NonNegativeInt,
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Table = z.infer<typeof TableSchema>

// ---- Column input ----

const columnFields = {
  name: ColumnNameSchema,
  type: ColumnTypeSchema,
  required: z.boolean(),
  unique: z.boolean(),
  options: SelectOptionsSchema,
  currencyCode: CurrencyCodeSchema,
}

/** `options` belong to select columns only, `currencyCode` to currency columns only. */
function checkTypeExtras(
  column: { type?: ColumnType; options?: unknown; currencyCode?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (column.type === undefined) return
  if (column.type === 'select' && column.options === undefined) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'A select column needs options' })
  }
  if (column.type !== 'select' && column.options !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only select columns have options' })
  }
  if (column.type !== 'currency' && column.currencyCode !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['currencyCode'],
      message: 'Only currency columns have a currencyCode',
    })
  }
}

export const ColumnInputSchema = z
  .strictObject({
    name: columnFields.name,
    type: columnFields.type,
    required: columnFields.required.default(false),
    unique: columnFields.unique.default(false),
    options: columnFields.options.optional(),
    currencyCode: columnFields.currencyCode.optional(),
  })
  .superRefine(checkTypeExtras)
export type ColumnInput = z.infer<typeof ColumnInputSchema>

/** What a column change may set; no defaults, so an omitted field keeps its value. */
export const ColumnUpdatesSchema = z
  .strictObject({
    name: columnFields.name.optional(),
    type: columnFields.type.optional(),
    required: columnFields.required.optional(),
    unique: columnFields.unique.optional(),
    options: columnFields.options.optional(),
    currencyCode: columnFields.currencyCode.optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), {
    message: 'Name at least one of name, type, required, unique, options, currencyCode',
  })
  .superRefine(checkTypeExtras)
export type ColumnUpdates = z.infer<typeof ColumnUpdatesSchema>

// ---- Tables: list, create, get, archive ----

export const ListTablesQuerySchema = WorkspaceQuerySchema
export const ListTablesResponseSchema = successEnvelope(
  z.object({ tables: z.array(TableSchema), totalCount: NonNegativeInt }),
)
export type ListTablesResponse = z.infer<typeof ListTablesResponseSchema>

/** Table names follow the column-name rule (API-NOTES). */
export const TableNameSchema = ColumnNameSchema

export const CreateTableBodySchema = z.strictObject({
  workspaceId: Id,
  name: TableNameSchema,
  description: z.string().max(1000).optional(),
  schema: z.strictObject({
    columns: z
      .array(ColumnInputSchema)
      .min(1, 'A table needs at least one column')
      .superRefine((columns, ctx) => {
        const seen = new Set<string>()
        columns.forEach((column, i) => {
          if (seen.has(column.name)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'name'],
              message: `Column "${column.name}" appears twice`,
            })
          }
          seen.add(column.name)
        })
      }),
  }),
})
export type CreateTableBody = z.infer<typeof CreateTableBodySchema>

/** Create and archive both answer `{table, message}`. */
export const TableMessageResponseSchema = successEnvelope(
  z.object({ table: TableSchema, message: z.string() }),
)
export type TableMessageResponse = z.infer<typeof TableMessageResponseSchema>
export const CreateTableResponseSchema = TableMessageResponseSchema
export const ArchiveTableResponseSchema = TableMessageResponseSchema
export const ArchiveTableBodySchema = WorkspaceBodySchema

export const TableParamsSchema = z.object({ tableId: Id })
export const GetTableQuerySchema = WorkspaceQuerySchema
export const GetTableResponseSchema = successEnvelope(z.object({ table: TableSchema }))
export type GetTableResponse = z.infer<typeof GetTableResponseSchema>

// ---- Columns ----

export const AddColumnBodySchema = z.strictObject({
  workspaceId: Id,
  column: ColumnInputSchema,
  /** Zero-based insertion index; past the end appends. */
  position: NonNegativeInt.optional(),
})
export type AddColumnBody = z.infer<typeof AddColumnBodySchema>

export const UpdateColumnBodySchema = z.strictObject({
  workspaceId: Id,
  columnName: ColumnNameSchema,
  updates: ColumnUpdatesSchema,
})
export type UpdateColumnBody = z.infer<typeof UpdateColumnBodySchema>

export const DropColumnBodySchema = z.strictObject({
  workspaceId: Id,
  columnName: ColumnNameSchema,
})
export type DropColumnBody = z.infer<typeof DropColumnBodySchema>

/** Every column change answers with the full column list after it. */
export const ColumnsResponseSchema = successEnvelope(z.object({ columns: z.array(ColumnSchema) }))
export type ColumnsResponse = z.infer<typeof ColumnsResponseSchema>

// The row filter and sort languages of GET/DELETE /api/v1/tables/{id}/rows (API-NOTES):
// `{"age": {"$gte": 18}, "$or": [{"name": "Ada"}, {"name": {"$startsWith": "Gr"}}]}`.
import { z } from 'zod'
import { COLUMN_NAME_PATTERN, ColumnNameSchema } from './tables.ts'

const SCALAR_MESSAGE = 'Expected a string, number, boolean or null'

export const FilterScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: SCALAR_MESSAGE,
})
export type FilterScalar = z.infer<typeof FilterScalarSchema>

// Ordering compares numbers, or strings (dates are ISO strings, which sort as text).
const Comparable = z.union([z.number(), z.string()], { error: 'Expected a number or a string' })

export const FILTER_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$contains',
  '$startsWith',
  '$endsWith',
  '$empty',
] as const

export const FilterOperatorsSchema = z
  .strictObject({
    $eq: FilterScalarSchema.optional(),
    $ne: FilterScalarSchema.optional(),
    $gt: Comparable.optional(),
    $gte: Comparable.optional(),
    $lt: Comparable.optional(),
    $lte: Comparable.optional(),
    $in: z.array(FilterScalarSchema).optional(),
    $nin: z.array(FilterScalarSchema).optional(),
    $contains: z.string().optional(),
    $startsWith: z.string().optional(),
    $endsWith: z.string().optional(),
    /** true: the cell is null, missing or ''; false: it has a value. */
    $empty: z.boolean().optional(),
  })
  .refine((ops) => Object.values(ops).some((v) => v !== undefined), {
    message: `Name at least one operator (${FILTER_OPERATORS.join(' ')})`,
  })
export type FilterOperators = z.infer<typeof FilterOperatorsSchema>

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * One column's condition. The shorthand `"name": "Ada"` is normalised to `{$eq: "Ada"}`, so
 * whoever evaluates a filter sees operator objects only, and errors point at the operator.
 */
export const FieldConditionSchema = z.preprocess(
  (value) => (isPlainObject(value) ? value : { $eq: value }),
  FilterOperatorsSchema,
)
export type FieldCondition = z.infer<typeof FieldConditionSchema>

const LOGICAL_KEYS = new Set(['$or', '$and'])

export const RowFilterSchema = z
  .object({
    get $or() {
      return z.array(RowFilterSchema).min(1).optional()
    },
    get $and() {
      return z.array(RowFilterSchema).min(1).optional()
    },
  })
  .catchall(FieldConditionSchema)
  .superRefine((filter, ctx) => {
    for (const key of Object.keys(filter)) {
      if (LOGICAL_KEYS.has(key) || COLUMN_NAME_PATTERN.test(key)) continue
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: key.startsWith('$')
          ? `Unknown operator ${key} here: only $or and $and combine conditions`
          : `"${key}" is not a column name`,
        input: key,
      })
    }
  })
export type RowFilter = z.infer<typeof RowFilterSchema>

/** `{"name": "asc", "createdAt": "desc"}`: keys in priority order. */
export const RowSortSchema = z.record(ColumnNameSchema, z.enum(['asc', 'desc']))
export type RowSort = z.infer<typeof RowSortSchema>

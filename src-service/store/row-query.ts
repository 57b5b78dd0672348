// The row filter and sort languages (src-shared/api/row-filter.ts) compiled to SQL over
// `table_rows`. Values only ever travel as bound parameters; the only names written into the SQL
// are column names, which match ^[A-Za-z_][A-Za-z0-9_]*$ (checked again here), so a filter can
// never change the statement's shape beyond the conditions it names.
//
// Semantics (the hosted service's, see API-NOTES): `$eq`/`$ne`/`$in`/`$nin` are exact and
// case-sensitive, and `$ne`/`$nin` also match empty cells; `$contains`/`$startsWith`/`$endsWith`
// are case-insensitive (ASCII) substring matches and need a non-empty operand; ranges compare
// numbers for number/currency columns, text for string and select columns, and time for date
// columns (a day is its midnight UTC); boolean and json columns have no order;
// `$empty: true` is null, missing or ''.
import type { Column, ColumnType, RowFilter, RowSort } from '../../src-shared/api/index.ts'
import { COLUMN_NAME_PATTERN } from '../../src-shared/api/index.ts'

export type SqlValue = string | number | null

/** A filter the service cannot run: `path` points into the filter (or sort) like a zod issue. */
export class RowQueryError extends Error {
  readonly path: (string | number)[]
  constructor(path: (string | number)[], message: string) {
    super(message)
    this.name = 'RowQueryError'
    this.path = path
  }
}

export interface SqlFragment {
  sql: string
  params: SqlValue[]
}

/** Built-in row fields a filter or sort may name when no column of that name exists. */
const SYSTEM_FIELDS: Record<string, { sql: string; type: 'text' | 'number' | 'date' }> = {
  id: { sql: 'id', type: 'text' },
  position: { sql: 'position', type: 'number' },
  createdAt: { sql: 'created_at', type: 'date' },
  updatedAt: { sql: 'updated_at', type: 'date' },
}

/** The SQL that reads one cell; the same text is used by the per-column indexes. */
export function cellSql(columnName: string): string {
  if (!COLUMN_NAME_PATTERN.test(columnName)) throw new Error(`unsafe column name ${columnName}`)
  return `json_extract(data, '$.${columnName}')`
}

/**
 * The SQL a column is ordered by (sorts and range filters). Date cells hold either a day
 * (`2026-01-31`) or an instant (`2026-01-31T08:00:00.000Z`), which text order would put apart,
 * so they are compared as julian day numbers.
 */
export function orderSql(column: Column): string {
  return column.type === 'date' ? `julianday(${cellSql(column.name)})` : cellSql(column.name)
}

interface Field {
  /** Reads the value (equality, membership, text matches). */
  sql: string
  /** Reads it for ordering; `bind` wraps an ordering operand's placeholder to match. */
  order: string
  bind: (placeholder: string) => string
  /** Column type, or the kind of a system field. */
  type: ColumnType | 'text'
  /** Timestamps the service writes itself: always full ISO, so text order is time order. */
  instant?: boolean
}

const asIs = (placeholder: string) => placeholder

function resolveField(name: string, columns: readonly Column[], path: (string | number)[]): Field {
  const column = columns.find((c) => c.name === name)
  if (column) {
    const bind = column.type === 'date' ? (p: string) => `julianday(${p})` : asIs
    return { sql: cellSql(column.name), order: orderSql(column), bind, type: column.type }
  }
  const system = SYSTEM_FIELDS[name]
  if (system) {
    const type = system.type === 'number' ? 'number' : system.type
    return { sql: system.sql, order: system.sql, bind: asIs, type, instant: type === 'date' }
  }
  throw new RowQueryError(path, `Unknown column "${name}"`)
}

// Filters come from a query string; these bounds keep the SQL (and SQLite's parser) small.
const MAX_DEPTH = 8
const MAX_CONDITIONS = 200

const ORDERED_TYPES = new Set<Field['type']>([
  'string',
  'number',
  'currency',
  'date',
  'select',
  'text',
])
const NUMERIC_TYPES = new Set<Field['type']>(['number', 'currency'])

/** A date cell value in its stored (normalized) form, or null when it is not a date. */
export function normalizeDate(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const t = Date.parse(`${value}T00:00:00Z`)
    return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value ? null : value
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    return null
  }
  const t = Date.parse(value)
  return Number.isNaN(t) ? null : new Date(t).toISOString()
}

/** An operand as the column stores it: booleans are 1/0 in SQL, dates normalized. */
function operand(field: Field, value: unknown): SqlValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'number') return value
  const text = String(value)
  if (field.type === 'date') return normalizeDate(text) ?? text
  if (NUMERIC_TYPES.has(field.type) && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text)
  if (field.type === 'boolean' && (text === 'true' || text === 'false'))
    return text === 'true' ? 1 : 0
  return text
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

class Compiler {
  readonly params: SqlValue[] = []
  conditions = 0
  private readonly columns: readonly Column[]

  private readonly indexed: boolean

  constructor(columns: readonly Column[], indexed: boolean) {
    this.columns = columns
    this.indexed = indexed
  }

  filter(filter: RowFilter, path: (string | number)[], depth: number): string {
    if (depth > MAX_DEPTH) {
      throw new RowQueryError(path, `Filters nest at most ${MAX_DEPTH} levels deep`)
    }
    const parts: string[] = []
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined) continue
      if (key === '$or' || key === '$and') {
        const subs = (value as RowFilter[]).map((sub, i) =>
          this.filter(sub, [...path, key, i], depth + 1),
        )
        parts.push(`(${subs.join(key === '$or' ? ' OR ' : ' AND ')})`)
        continue
      }
      const resolved = resolveField(key, this.columns, [...path, key])
      // Unary + reads the same value but keeps SQLite from using an index for the term.
      const field = this.indexed
        ? resolved
        : { ...resolved, sql: `+${resolved.sql}`, order: `+${resolved.order}` }
      for (const [op, arg] of Object.entries(value as Record<string, unknown>)) {
        if (arg === undefined) continue
        if (++this.conditions > MAX_CONDITIONS) {
          throw new RowQueryError(path, `A filter holds at most ${MAX_CONDITIONS} conditions`)
        }
        parts.push(this.condition(field, op, arg, [...path, key, op]))
      }
    }
    return parts.length === 0
      ? '1'
      : parts.length === 1
        ? (parts[0] as string)
        : parts.join(' AND ')
  }

  private bind(value: SqlValue): string {
    this.params.push(value)
    return '?'
  }

  private condition(field: Field, op: string, arg: unknown, path: (string | number)[]): string {
    const x = field.sql
    switch (op) {
      case '$eq': {
        const v = operand(field, arg)
        return v === null ? `${x} IS NULL` : `${x} = ${this.bind(v)}`
      }
      case '$ne': {
        const v = operand(field, arg)
        return v === null ? `${x} IS NOT NULL` : `(${x} IS NULL OR ${x} != ${this.bind(v)})`
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const placeholder = this.bind(this.rangeOperand(field, arg, path))
        return `${field.order} ${RANGE[op]} ${field.bind(placeholder)}`
      }
      case '$in':
      case '$nin': {
        const list = arg as unknown[]
        const values = list.filter((v) => v !== null).map((v) => operand(field, v))
        const hasNull = values.length < list.length
        const inList = values.length
          ? `${x} IN (SELECT value FROM json_each(${this.bind(JSON.stringify(values))}))`
          : '0'
        if (op === '$in') return hasNull ? `(${x} IS NULL OR ${inList})` : inList
        if (hasNull) return `(${x} IS NOT NULL AND NOT ${inList})`
        return `(${x} IS NULL OR NOT ${inList})`
      }
      case '$contains':
      case '$startsWith':
      case '$endsWith': {
        const text = String(arg)
        if (text === '') throw new RowQueryError(path, `${op} needs a non-empty value`)
        const e = escapeLike(text)
        const pattern = op === '$contains' ? `%${e}%` : op === '$startsWith' ? `${e}%` : `%${e}`
        return `${x} LIKE ${this.bind(pattern)} ESCAPE '\\'`
      }
      case '$empty':
        return arg === true ? `(${x} IS NULL OR ${x} = '')` : `(${x} IS NOT NULL AND ${x} != '')`
      default:
        throw new RowQueryError(path, `Unknown operator ${op}`)
    }
  }

  private rangeOperand(field: Field, arg: unknown, path: (string | number)[]): SqlValue {
    if (!ORDERED_TYPES.has(field.type)) {
      throw new RowQueryError(path, `${field.type} values have no order: use $eq, $ne or $in`)
    }
    if (NUMERIC_TYPES.has(field.type)) {
      if (typeof arg !== 'number') {
        throw new RowQueryError(path, `A ${field.type} column compares with a number`)
      }
      return arg
    }
    if (field.type === 'date') {
      const date = typeof arg === 'string' ? normalizeDate(arg) : null
      if (date === null) {
        throw new RowQueryError(path, 'A date column compares with a date (2026-01-31 or ISO 8601)')
      }
      return field.instant && date.length === 10 ? `${date}T00:00:00.000Z` : date
    }
    return String(arg)
  }
}

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }

/**
 * `WHERE` conditions (without the table scope) for a filter; `'1'` for none. `indexed: false`
 * keeps the conditions off the indexes, for when most rows match: walking the sort order's
 * index and testing each row then beats collecting every match through a filter index.
 */
export function compileFilter(
  filter: RowFilter | undefined,
  columns: readonly Column[],
  options: { indexed?: boolean } = {},
): SqlFragment {
  if (!filter) return { sql: '1', params: [] }
  const compiler = new Compiler(columns, options.indexed ?? true)
  const sql = compiler.filter(filter, ['filter'], 0)
  return { sql, params: compiler.params }
}

/**
 * `ORDER BY` terms; position breaks ties, ascending (insertion order, whatever the direction
 * of the keys), which keeps offset paging stable.
 */
export function compileSort(sort: RowSort | undefined, columns: readonly Column[]): string {
  const entries = Object.entries(sort ?? {})
  if (entries.length === 0) return 'position ASC'
  const terms = entries.map(([name, direction]) => {
    const field = resolveField(name, columns, ['sort', name])
    return `${field.order} ${direction === 'desc' ? 'DESC' : 'ASC'}`
  })
  if (!entries.some(([name]) => name === 'position' && !columns.some((c) => c.name === name))) {
    terms.push('position ASC')
  }
  return terms.join(', ')
}

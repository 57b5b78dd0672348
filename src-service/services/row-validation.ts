// Row data against a table's schema: each cell's type, required columns, unknown names. Pure;
// uniqueness needs the stored rows and lives in table-rows.ts. Values that do not fit are
// refused with a sentence naming the column, never stored as null (API-NOTES).
import type { Column, ColumnType } from '../../src-shared/api/index.ts'
import { normalizeDate } from '../store/row-query.ts'

export interface CheckedRow {
  /** The cells in schema order, values normalized (dates in one ISO form). */
  data: Record<string, unknown>
  errors: string[]
}

const describe = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/** A cell's stored form, or the reason it does not fit the column. */
export function checkCell(
  column: Column,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (value === null) return { ok: true, value: null }
  const fail = (expected: string) => ({
    ok: false as const,
    error: `${column.name}: expected ${expected}, got ${describe(value)}`,
  })
  switch (column.type) {
    case 'string':
      return typeof value === 'string' ? { ok: true, value } : fail('a string')
    case 'number':
    case 'currency':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true, value }
        : fail('a number')
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : fail('true or false')
    case 'date': {
      const date = typeof value === 'string' ? normalizeDate(value) : null
      return date === null ? fail('a date (2026-01-31 or ISO 8601)') : { ok: true, value: date }
    }
    case 'json':
      return { ok: true, value }
    case 'select':
      return typeof value === 'string' && (column.options ?? []).includes(value)
        ? { ok: true, value }
        : fail(`one of ${(column.options ?? []).map((o) => JSON.stringify(o)).join(', ')}`)
  }
}

/**
 * Checks row data. `whole` (insert): every required column must have a value. Otherwise
 * (update): only the supplied cells are checked; the caller checks required columns on the
 * merged row.
 */
export function checkRow(
  columns: readonly Column[],
  data: Record<string, unknown>,
  mode: 'whole' | 'partial',
): CheckedRow {
  const errors: string[] = []
  const known = new Set(columns.map((c) => c.name))
  for (const key of Object.keys(data)) {
    if (!known.has(key)) errors.push(`${key}: no such column`)
  }
  const out: Record<string, unknown> = {}
  for (const column of columns) {
    if (!Object.hasOwn(data, column.name)) {
      if (mode === 'whole' && column.required) errors.push(`${column.name} is required`)
      continue
    }
    const value = data[column.name]
    if (column.required && isEmpty(value)) {
      errors.push(`${column.name} is required`)
      continue
    }
    const checked = checkCell(column, value)
    if (checked.ok) out[column.name] = checked.value
    else errors.push(checked.error)
  }
  return { data: out, errors }
}

/** Required columns with no value in a (merged) row. */
export function missingRequired(
  columns: readonly Column[],
  data: Record<string, unknown>,
): string[] {
  return columns
    .filter((c) => c.required && isEmpty(data[c.name]))
    .map((c) => `${c.name} is required`)
}

/** Cells in schema order (data keys that are not columns are dropped). */
export function inSchemaOrder(
  columns: readonly Column[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const c of columns) if (Object.hasOwn(data, c.name)) out[c.name] = data[c.name]
  return out
}

/**
 * An existing cell converted for a column's new type, where the conversion loses nothing
 * (`"42"` -> 42, 1 -> `"1"`, `"true"` -> true); undefined when it cannot be converted.
 */
export function convertCell(value: unknown, to: Column): unknown {
  if (value === null) return null
  const type: ColumnType = to.type
  let converted: unknown
  switch (type) {
    case 'string':
      converted =
        typeof value === 'string'
          ? value
          : typeof value === 'number' || typeof value === 'boolean'
            ? String(value)
            : JSON.stringify(value)
      break
    case 'number':
    case 'currency':
      converted =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
            ? Number(value)
            : undefined
      break
    case 'boolean':
      converted =
        typeof value === 'boolean'
          ? value
          : value === 1 || value === 0
            ? value === 1
            : typeof value === 'string' && /^(true|false)$/i.test(value.trim())
              ? value.trim().toLowerCase() === 'true'
              : undefined
      break
    case 'date':
    case 'json':
      converted = value
      break
    case 'select':
      converted = typeof value === 'number' ? String(value) : value
      break
  }
  if (converted === undefined) return undefined
  const checked = checkCell(to, converted)
  return checked.ok ? checked.value : undefined
}

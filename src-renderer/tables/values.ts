// Cell values between text (what people type, what CSV holds) and the JSON the API stores.
import type { Column } from '../../src-shared/api/index.ts'

/**
 * Text -> value for a column. Text that does not fit the type is sent as it is: the service
 * validates rows against the schema and its error is shown on the cell.
 */
export function fromText(column: Column, text: string): unknown {
  const t = text.trim()
  if (t === '') return null
  switch (column.type) {
    case 'number':
    case 'currency': {
      const n = Number(t)
      return Number.isFinite(n) ? n : text
    }
    case 'boolean':
      if (/^(true|yes|1)$/i.test(t)) return true
      if (/^(false|no|0)$/i.test(t)) return false
      return text
    case 'json':
      try {
        return JSON.parse(t) as unknown
      } catch {
        return text
      }
    default:
      return text
  }
}

/** What the value would be refused for, checked before sending a CSV import. */
export function problemWith(column: Column, value: unknown): string | null {
  if (value === null || value === undefined) {
    return column.required ? `${column.name} is required` : null
  }
  switch (column.type) {
    case 'number':
    case 'currency':
      return typeof value === 'number' ? null : `${column.name} must be a number`
    case 'boolean':
      return typeof value === 'boolean' ? null : `${column.name} must be true or false`
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? null
        : `${column.name} must be a date`
    case 'select':
      return column.options && !column.options.includes(String(value))
        ? `${column.name} must be one of ${column.options.join(', ')}`
        : null
    default:
      return null
  }
}

export function toText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

export function columnWidth(c: Column): number {
  switch (c.type) {
    case 'boolean':
      return 110
    case 'number':
    case 'currency':
      return 130
    case 'date':
      return 190
    case 'json':
      return 260
    default:
      return 210
  }
}

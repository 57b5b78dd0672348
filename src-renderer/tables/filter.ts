// The filter builder's conditions, turned into the API's filter JSON.
import type { Column } from '../../src-shared/api/index.ts'
import { fromText } from './values.ts'

export const OPERATORS = [
  { op: '$eq', label: 'is' },
  { op: '$ne', label: 'is not' },
  { op: '$gt', label: '>' },
  { op: '$gte', label: '≥' },
  { op: '$lt', label: '<' },
  { op: '$lte', label: '≤' },
  { op: '$contains', label: 'contains' },
  { op: '$startsWith', label: 'starts with' },
  { op: '$endsWith', label: 'ends with' },
  { op: '$empty', label: 'is empty' },
] as const
export type Operator = (typeof OPERATORS)[number]['op']

export interface Condition {
  id: number
  column: string
  op: Operator
  value: string
}

const TEXT_OPS = new Set<Operator>(['$contains', '$startsWith', '$endsWith'])

export function toFilter(
  conditions: Condition[],
  columns: Column[],
): Record<string, unknown> | undefined {
  const parts = conditions
    .filter((c) => c.column && (c.op === '$empty' || c.value !== ''))
    .map((c) => {
      const column = columns.find((col) => col.name === c.column)
      const value =
        c.op === '$empty'
          ? true
          : TEXT_OPS.has(c.op) || !column
            ? c.value
            : fromText(column, c.value)
      return { [c.column]: { [c.op]: value } }
    })
  if (parts.length === 0) return undefined
  return parts.length === 1 ? parts[0] : { $and: parts }
}

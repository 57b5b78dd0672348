// Model-based check of the filter and sort languages: random well-typed filters and sorts over
// a random table must return exactly the rows a plain JavaScript reading of API-NOTES selects,
// in the same order. The SQL translation is the riskiest part of list-rows; this pins its
// semantics (null handling, $ne/$nin keeping empty cells, case-insensitive text matches,
// dates compared as instants, numeric strings on number columns) to one readable definition.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ListRowsResponseSchema } from '../../../src-shared/api/index.ts'
import { normalizeDate } from '../../store/row-query.ts'
import { createTestService, type TestService } from '../../testing/test-app.ts'

type Data = Record<string, unknown>
type ColumnType = 'string' | 'number' | 'boolean' | 'date' | 'select' | 'json'

const COLUMNS: { name: string; type: ColumnType; options?: string[] }[] = [
  { name: 's', type: 'string' },
  { name: 'n', type: 'number' },
  { name: 'b', type: 'boolean' },
  { name: 'd', type: 'date' },
  { name: 'sel', type: 'select', options: ['x', 'y', 'z'] },
  { name: 'j', type: 'json' },
]
const typeOf = (name: string) => COLUMNS.find((c) => c.name === name)?.type as ColumnType

// Small domains, so equal values, empty cells and near-misses are common. ASCII only: SQLite's
// LIKE folds ASCII case alone, and binary text order equals JavaScript's for ASCII.
const text = () => fc.stringMatching(/^[abAB%_ ]{0,3}$/)
const DATES = [
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  '2026-01-01T12:00:00.000Z',
  '2025-12-31',
  '2026-01-02T00:00:00+02:00',
]
const cell: Record<ColumnType, () => fc.Arbitrary<unknown>> = {
  string: text,
  number: () => fc.constantFrom(-1, 0, 1, 1.5, 2, 10),
  boolean: fc.boolean,
  date: () => fc.constantFrom(...DATES),
  select: () => fc.constantFrom('x', 'y', 'z'),
  json: () => fc.oneof(text(), fc.constantFrom(1, true, { a: 1 }, [1, 2], '')),
}
const rowArb = () =>
  fc.record(
    Object.fromEntries(
      COLUMNS.map((c) => [c.name, fc.option(cell[c.type](), { freq: 4, nil: null })]),
    ),
    { requiredKeys: [] },
  )

// ---- The reference semantics ----

/** A value as SQL sees it: booleans 1/0, documents as JSON text, missing as null. */
function sqlOf(value: unknown): string | number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'number' || typeof value === 'string') return value
  return JSON.stringify(value)
}

/** A filter operand the way the column reads it (numeric text on numbers, dates normalized). */
function operandOf(type: ColumnType, value: unknown): string | number | null {
  if (typeof value === 'string') {
    if (type === 'date') return normalizeDate(value) ?? value
    if (type === 'number' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value)
    if (type === 'boolean' && (value === 'true' || value === 'false'))
      return value === 'true' ? 1 : 0
  }
  return sqlOf(value)
}

const time = (value: unknown) => Date.parse(String(normalizeDate(String(value))))

function rangeKey(type: ColumnType, value: unknown): number | string {
  return type === 'date' ? time(value) : (value as number | string)
}

function holds(data: Data, column: string, op: string, arg: unknown): boolean {
  const type = typeOf(column)
  const v = sqlOf(stored(type, data[column]))
  switch (op) {
    case '$eq': {
      const x = operandOf(type, arg)
      return x === null ? v === null : v === x
    }
    case '$ne': {
      const x = operandOf(type, arg)
      return x === null ? v !== null : v === null || v !== x
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (v === null) return false
      const a = rangeKey(type, v)
      const b = rangeKey(type, type === 'date' ? arg : operandOf(type, arg))
      return op === '$gt' ? a > b : op === '$gte' ? a >= b : op === '$lt' ? a < b : a <= b
    }
    case '$in':
    case '$nin': {
      const list = (arg as unknown[]).map((x) => operandOf(type, x))
      const found = list.includes(v)
      return op === '$in' ? found : !found
    }
    case '$contains':
    case '$startsWith':
    case '$endsWith': {
      if (v === null) return false
      const hay = String(v).toLowerCase()
      const needle = String(arg).toLowerCase()
      return op === '$contains'
        ? hay.includes(needle)
        : op === '$startsWith'
          ? hay.startsWith(needle)
          : hay.endsWith(needle)
    }
    case '$empty':
      return (v === null || v === '') === arg
    default:
      throw new Error(op)
  }
}

/** What the service stores: dates in their normalized form. */
function stored(type: ColumnType, value: unknown): unknown {
  return type === 'date' && typeof value === 'string' ? normalizeDate(value) : value
}

type Filter = { [key: string]: unknown }
function matches(data: Data, filter: Filter): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (key === '$or') return (value as Filter[]).some((f) => matches(data, f))
    if (key === '$and') return (value as Filter[]).every((f) => matches(data, f))
    const ops = typeof value === 'object' && value !== null ? value : { $eq: value }
    return Object.entries(ops).every(([op, arg]) => holds(data, key, op, arg))
  })
}

/** SQLite order: NULL first ascending (last descending); ties by position. */
function compareRows(sort: [string, 'asc' | 'desc'][]) {
  return (a: { data: Data; position: number }, b: { data: Data; position: number }) => {
    for (const [column, direction] of sort) {
      const type = typeOf(column)
      const x = sqlOf(stored(type, a.data[column]))
      const y = sqlOf(stored(type, b.data[column]))
      let c = 0
      if (x === null || y === null) c = x === y ? 0 : x === null ? -1 : 1
      else {
        const kx = rangeKey(type, x)
        const ky = rangeKey(type, y)
        c = kx < ky ? -1 : kx > ky ? 1 : 0
      }
      if (c !== 0) return direction === 'asc' ? c : -c
    }
    return a.position - b.position
  }
}

// ---- Random well-typed filters ----

const RANGE_TYPES = ['string', 'number', 'date', 'select'] as const
/** Filter operands are scalars: a json column is compared with strings, numbers, booleans. */
const operand = (type: ColumnType) =>
  type === 'json' ? fc.oneof(text(), fc.constantFrom(1, true, '')) : cell[type]()
const conditionFor = (column: (typeof COLUMNS)[number]) => {
  const value = () => fc.option(operand(column.type), { freq: 5, nil: null })
  const ops: fc.Arbitrary<Filter>[] = [
    value().map((v) => ({ $eq: v })),
    value().map((v) => ({ $ne: v })),
    fc.array(value(), { maxLength: 3 }).map((list) => ({ $in: list })),
    fc.array(value(), { maxLength: 3 }).map((list) => ({ $nin: list })),
    fc.boolean().map((flag) => ({ $empty: flag })),
  ]
  if ((RANGE_TYPES as readonly string[]).includes(column.type)) {
    ops.push(
      fc
        .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), cell[column.type]())
        .map(([op, v]) => ({ [op]: v })),
    )
  }
  if (column.type === 'string' || column.type === 'select') {
    ops.push(
      fc
        .tuple(fc.constantFrom('$contains', '$startsWith', '$endsWith'), text())
        .filter(([, v]) => v !== '')
        .map(([op, v]) => ({ [op]: v })),
    )
  }
  if (column.type === 'number') ops.push(fc.constantFrom('1', '1.5', '-1').map((v) => ({ $eq: v })))
  // The shorthand `column: value` is equality.
  return fc.oneof(fc.oneof(...ops), operand(column.type))
}
const leaf = () =>
  fc
    .subarray(COLUMNS, { minLength: 1, maxLength: 2 })
    .chain((columns) =>
      fc.tuple(...columns.map((c) => conditionFor(c).map((cond) => [c.name, cond] as const))),
    )
    .map((pairs) => Object.fromEntries(pairs) as Filter)
const filterArb: fc.Arbitrary<Filter> = fc.letrec<{ f: Filter }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf(),
    fc.array(tie('f'), { minLength: 1, maxLength: 3 }).map((list) => ({ $or: list })),
    fc.array(tie('f'), { minLength: 1, maxLength: 3 }).map((list) => ({ $and: list })),
  ),
})).f
const sortArb = fc.uniqueArray(
  fc.tuple(
    fc.constantFrom('s', 'n', 'b', 'd', 'sel'),
    fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
  ),
  { selector: ([c]) => c, maxLength: 2 },
)

// ---- The check ----

let s: TestService
let tableId: string
let rows: { data: Data; position: number }[]

beforeAll(async () => {
  s = await createTestService({ apiRatePerMinute: 1_000_000 })
  const created = await s.call(s.keys.personal, {
    method: 'POST',
    url: '/api/v1/tables',
    payload: { workspaceId: s.workspace.id, name: 'model', schema: { columns: COLUMNS } },
  })
  tableId = created.json().data.table.id
  const data = fc
    .sample(rowArb(), { numRuns: 60, seed: 42 })
    .map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)))
  const inserted = await s.call(s.keys.personal, {
    method: 'POST',
    url: `/api/v1/tables/${tableId}/rows`,
    payload: { workspaceId: s.workspace.id, rows: data },
  })
  expect(inserted.statusCode, inserted.body).toBe(200)
  rows = data.map((d, position) => ({ data: d, position }))
})
afterAll(() => s.close())

describe('filter and sort semantics', () => {
  it('return exactly the rows, in the order, that the reference reading gives', async () => {
    // Small pages too: when many rows match, the service walks the sort order instead of
    // the filter's indexes, and both plans must give the same page.
    const page = fc.oneof(
      fc.constant({ limit: 1000, offset: 0 }),
      fc.record({ limit: fc.integer({ min: 1, max: 10 }), offset: fc.integer({ min: 0, max: 8 }) }),
    )
    await fc.assert(
      fc.asyncProperty(filterArb, sortArb, page, async (filter, sort, { limit, offset }) => {
        const query = new URLSearchParams({
          workspaceId: s.workspace.id,
          filter: JSON.stringify(filter),
          sort: JSON.stringify(Object.fromEntries(sort)),
          limit: String(limit),
          offset: String(offset),
        })
        const res = await s.call(s.keys.personal, {
          method: 'GET',
          url: `/api/v1/tables/${tableId}/rows?${query}`,
        })
        expect(res.statusCode, res.body).toBe(200)
        const answer = ListRowsResponseSchema.parse(res.json()).data
        const expected = rows.filter((r) => matches(r.data, filter)).sort(compareRows(sort))
        expect(answer.rows.map((r) => r.position)).toEqual(
          expected.slice(offset, offset + limit).map((r) => r.position),
        )
        expect(answer.totalCount).toBe(expected.length)
      }),
      { numRuns: 300 },
    )
  })
})

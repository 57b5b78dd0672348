// Table rows through the HTTP API: list with filter/sort/paging, get, insert one and a batch
// (all or nothing), PATCH, upsert, delete one and many; every write validated against the
// schema with details naming the row and the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DeleteRowResponseSchema,
  DeleteRowsResponseSchema,
  ErrorBodySchema,
  GetRowResponseSchema,
  InsertRowsBatchResultSchema,
  InsertRowResultSchema,
  ListRowsResponseSchema,
  RowErrorDetailSchema,
  UpdateRowResponseSchema,
  UpsertRowResponseSchema,
  successEnvelope,
  type Row,
} from '../../../src-shared/api/index.ts'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'

const clock = manualClock()
let s: TestService
let ws: string
let key: string
let counter = 0

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
async function call(method: Method, url: string, payload?: unknown, k = key) {
  const res = await s.call(k, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
  return { status: res.statusCode, body: res.json() }
}

const COLUMNS = [
  { name: 'name', type: 'string', required: true },
  { name: 'email', type: 'string', unique: true },
  { name: 'age', type: 'number' },
  { name: 'vip', type: 'boolean' },
  { name: 'born', type: 'date' },
  { name: 'tier', type: 'select', options: ['gold', 'free'] },
  { name: 'spend', type: 'currency', currencyCode: 'EUR' },
  { name: 'meta', type: 'json' },
]

async function makeTable(rows: Record<string, unknown>[] = [], columns = COLUMNS) {
  const res = await call('POST', '/api/v1/tables', {
    workspaceId: ws,
    name: `rows_${counter++}`,
    schema: { columns },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const id: string = res.body.data.table.id
  if (rows.length) {
    const inserted = await call('POST', `/api/v1/tables/${id}/rows`, { workspaceId: ws, rows })
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200)
  }
  return id
}

async function list(
  id: string,
  query: { filter?: unknown; sort?: unknown; limit?: number; offset?: number } = {},
) {
  const params = new URLSearchParams({ workspaceId: ws })
  if (query.filter !== undefined) params.set('filter', JSON.stringify(query.filter))
  if (query.sort !== undefined) params.set('sort', JSON.stringify(query.sort))
  if (query.limit !== undefined) params.set('limit', String(query.limit))
  if (query.offset !== undefined) params.set('offset', String(query.offset))
  return call('GET', `/api/v1/tables/${id}/rows?${params}`)
}

async function names(id: string, filter?: unknown, sort?: unknown): Promise<string[]> {
  const res = await list(id, { filter, sort })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return ListRowsResponseSchema.parse(res.body).data.rows.map((r) => String(r.data.name))
}

const tableOf = async (id: string) =>
  (await call('GET', `/api/v1/tables/${id}?workspaceId=${ws}`)).body.data.table

function auditActions(resourceId: string) {
  return s.app.ctx.store.audit
    .list({ organizationId: s.org.id, resourceId, limit: 100 })
    .items.map((e) => e.action)
    .reverse()
}

beforeAll(async () => {
  s = await createTestService({ clock })
  ws = s.workspace.id
  key = s.keys.personal
})
afterAll(() => s.close())

const PEOPLE = [
  { name: 'Ada', email: 'ada@x.test', age: 36, vip: true, born: '1815-12-10', tier: 'gold' },
  { name: 'Grace', email: 'grace@x.test', age: 45, vip: false, born: '1906-12-09', tier: 'free' },
  { name: 'Linus', email: 'linus@y.test', age: 28, born: '1969-12-28' },
  { name: 'Margaret', email: '', age: 45, tier: 'gold', meta: { tags: ['nasa'] } },
  { name: 'alan', age: 41, vip: false },
]

describe('GET rows: filter, sort, paging', () => {
  let id: string
  beforeAll(async () => {
    id = await makeTable(PEOPLE)
  })

  it('lists in insertion order with positions and the page fields', async () => {
    const res = await list(id)
    expect(res.status).toBe(200)
    const page = ListRowsResponseSchema.parse(res.body).data
    expect(page).toMatchObject({ rowCount: 5, totalCount: 5, limit: 100, offset: 0 })
    expect(page.rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4])
    expect(page.rows[0]?.data).toEqual(PEOPLE[0])
    expect(page.rows[0]?.createdAt).toBe(clock.now().toISOString())
  })

  it('pages with limit and offset; totalCount counts every match', async () => {
    const page = ListRowsResponseSchema.parse((await list(id, { limit: 2, offset: 2 })).body).data
    expect(page.rows.map((r) => r.data.name)).toEqual(['Linus', 'Margaret'])
    expect(page).toMatchObject({ rowCount: 2, totalCount: 5, limit: 2, offset: 2 })
    const filtered = ListRowsResponseSchema.parse(
      (await list(id, { filter: { age: { $gte: 40 } }, limit: 1 })).body,
    ).data
    expect(filtered).toMatchObject({ rowCount: 1, totalCount: 3 })
    const past = ListRowsResponseSchema.parse((await list(id, { offset: 50 })).body).data
    expect(past).toMatchObject({ rows: [], rowCount: 0, totalCount: 5 })
  })

  it('keeps totalCount exact across writes (counts are reused only until the table changes)', async () => {
    const t = await makeTable([
      { name: 'a', age: 1 },
      { name: 'b', age: 2 },
    ])
    const total = async () => (await list(t, { filter: { age: { $gte: 2 } } })).body.data.totalCount
    expect(await total()).toBe(1)
    expect(await total()).toBe(1)
    await call('POST', `/api/v1/tables/${t}/rows`, { workspaceId: ws, data: { name: 'c', age: 3 } })
    expect(await total()).toBe(2)
    const [a] = (await list(t)).body.data.rows as Row[]
    await call('PATCH', `/api/v1/tables/${t}/rows/${a?.id}`, { workspaceId: ws, data: { age: 9 } })
    expect(await total()).toBe(3)
    const deleted = await call('DELETE', `/api/v1/tables/${t}/rows`, {
      workspaceId: ws,
      filter: { name: 'b' },
    })
    expect(deleted.body.data?.deletedCount, JSON.stringify(deleted.body)).toBe(1)
    expect(await total()).toBe(2)
    await call('PATCH', `/api/v1/tables/${t}/columns`, {
      workspaceId: ws,
      columnName: 'age',
      updates: { name: 'years' },
    })
    const renamed = await list(t, { filter: { years: { $gte: 2 } } })
    expect(renamed.body.data.totalCount).toBe(2)
  })

  it('applies every operator as API-NOTES defines it', async () => {
    const cases: [unknown, string[]][] = [
      [{ name: 'Ada' }, ['Ada']],
      [{ name: { $eq: 'ada' } }, []], // equality is case-sensitive
      [{ vip: true }, ['Ada']],
      [{ vip: { $ne: true } }, ['Grace', 'Linus', 'Margaret', 'alan']], // $ne keeps empty cells
      [{ vip: null }, ['Linus', 'Margaret']],
      [{ age: { $gt: 41 } }, ['Grace', 'Margaret']],
      [{ age: { $gte: 41, $lt: 45 } }, ['alan']],
      [{ age: { $lte: 28 } }, ['Linus']],
      [{ name: { $gt: 'Z' } }, ['alan']], // text order is binary: lower case after upper
      [{ born: { $lt: '1900-01-01' } }, ['Ada']],
      [{ born: { $gte: '1906-12-09T00:00:00Z' } }, ['Grace', 'Linus']],
      [{ age: { $in: [28, 36] } }, ['Ada', 'Linus']],
      [{ tier: { $in: ['gold', null] } }, ['Ada', 'Linus', 'Margaret', 'alan']],
      [{ tier: { $nin: ['gold'] } }, ['Grace', 'Linus', 'alan']], // $nin keeps empty cells
      [{ tier: { $nin: ['gold', null] } }, ['Grace']],
      [{ age: { $in: [] } }, []],
      [{ name: { $contains: 'A' } }, ['Ada', 'Grace', 'Margaret', 'alan']], // case-insensitive
      [{ email: { $endsWith: '@X.TEST' } }, ['Ada', 'Grace']],
      [{ name: { $startsWith: 'al' } }, ['alan']],
      [{ email: { $contains: '%' } }, []], // LIKE wildcards match themselves
      [{ email: { $empty: true } }, ['Margaret', 'alan']],
      [{ email: { $empty: false } }, ['Ada', 'Grace', 'Linus']],
      [{ meta: { $empty: false } }, ['Margaret']],
      [{ $or: [{ age: { $lt: 30 } }, { tier: 'free' }] }, ['Grace', 'Linus']],
      [
        { $and: [{ age: { $gte: 40 } }, { $or: [{ vip: false }, { tier: 'gold' }] }] },
        ['Grace', 'Margaret', 'alan'],
      ],
      [{ age: 45, tier: 'gold' }, ['Margaret']],
      [
        { createdAt: { $lte: clock.now().toISOString() } },
        ['Ada', 'Grace', 'Linus', 'Margaret', 'alan'],
      ],
      [{ position: { $gte: 3 } }, ['Margaret', 'alan']],
    ]
    for (const [filter, expected] of cases) {
      expect(await names(id, filter), JSON.stringify(filter)).toEqual(expected)
    }
  })

  it('sorts by one or more columns, ties broken by position', async () => {
    expect(await names(id, undefined, { age: 'desc' })).toEqual([
      'Grace',
      'Margaret',
      'alan',
      'Ada',
      'Linus',
    ])
    expect(await names(id, undefined, { age: 'asc' })).toEqual([
      'Linus',
      'Ada',
      'alan',
      'Grace',
      'Margaret',
    ])
    expect(await names(id, undefined, { age: 'desc', name: 'desc' })).toEqual([
      'Margaret',
      'Grace',
      'alan',
      'Ada',
      'Linus',
    ])
    expect(await names(id, { age: { $gt: 30 } }, { born: 'asc' })).toEqual([
      'Margaret',
      'alan',
      'Ada',
      'Grace',
    ])
    expect(await names(id, undefined, { position: 'desc' })).toEqual([
      'alan',
      'Margaret',
      'Linus',
      'Grace',
      'Ada',
    ])
  })

  it('answers 400 with the path for filters and sorts the table cannot run', async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ filter: '{"age":' }, 'filter', /valid JSON/],
      [{ filter: '{"age":{"$regex":"x"}}' }, 'filter.age', /./],
      [{ filter: '{"nope":1}' }, 'filter.nope', /Unknown column "nope"/],
      [{ filter: '{"age":{"$gt":"ten"}}' }, 'filter.age.$gt', /compares with a number/],
      [{ filter: '{"vip":{"$gt":1}}' }, 'filter.vip.$gt', /no order/],
      [{ filter: '{"born":{"$lt":"yesterday"}}' }, 'filter.born.$lt', /compares with a date/],
      [{ filter: '{"name":{"$contains":""}}' }, 'filter.name.$contains', /non-empty/],
      [{ sort: '{"nope":"asc"}' }, 'sort.nope', /Unknown column/],
      [{ sort: '{"age":"up"}' }, 'sort.age', /./],
      [{ limit: '1001' }, 'limit', /./],
      [{ offset: '-1' }, 'offset', /./],
    ]
    for (const [query, path, message] of cases) {
      const params = new URLSearchParams({ workspaceId: ws, ...query })
      const res = await call('GET', `/api/v1/tables/${id}/rows?${params}`)
      expect(res.status, JSON.stringify(query)).toBe(400)
      const body = ErrorBodySchema.parse(res.body)
      expect(body.error).toMatch(message)
      const paths = (body.details as { path: string[] }[]).map((d) => d.path.join('.'))
      expect(
        paths.some((p) => p.startsWith(path)),
        `${paths} vs ${path}`,
      ).toBe(true)
    }
  })

  it('treats filter values as data, never as SQL', async () => {
    const hostile = ["' OR 1=1 --", 'Ada"); DROP TABLE table_rows; --', '%', '_', '\\']
    for (const value of hostile) {
      expect(await names(id, { name: value })).toEqual([])
      expect(await names(id, { name: { $contains: value } })).toEqual([])
    }
    expect((await list(id)).body.data.totalCount).toBe(5)
  })

  it('refuses deeply nested filters with 400', async () => {
    let filter: Record<string, unknown> = { age: 1 }
    for (let i = 0; i < 12; i++) filter = { $or: [filter] }
    const res = await list(id, { filter })
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/nest at most/)
  })
})

describe('GET one row', () => {
  it('answers {row}; 404 for unknown rows and rows of another table', async () => {
    const a = await makeTable([{ name: 'Ada' }])
    const b = await makeTable([{ name: 'Bob' }])
    const rowA = (await list(a)).body.data.rows[0] as Row
    const res = await call('GET', `/api/v1/tables/${a}/rows/${rowA.id}?workspaceId=${ws}`)
    expect(res.status).toBe(200)
    expect(GetRowResponseSchema.parse(res.body).data.row).toEqual(rowA)
    expect(
      (await call('GET', `/api/v1/tables/${b}/rows/${rowA.id}?workspaceId=${ws}`)).body,
    ).toEqual({
      error: 'Row not found',
    })
    expect((await call('GET', `/api/v1/tables/${a}/rows/nope?workspaceId=${ws}`)).status).toBe(404)
  })
})

describe('POST rows: one', () => {
  it('inserts one row and answers {row, message}', async () => {
    const id = await makeTable()
    const res = await call('POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      data: { age: 3, name: 'Ada', born: '2020-02-29T12:00:00+02:00', spend: 9.5, meta: [1] },
    })
    expect(res.status).toBe(200)
    const { row, message } = successEnvelope(InsertRowResultSchema).parse(res.body).data
    expect(message).toBe('Row inserted')
    // Cells come back in schema order; dates in one ISO form.
    expect(Object.keys(row.data)).toEqual(['name', 'age', 'born', 'spend', 'meta'])
    expect(row.data.born).toBe('2020-02-29T10:00:00.000Z')
    expect(row.position).toBe(0)
    expect((await tableOf(id)).rowCount).toBe(1)
    expect(auditActions(id)).toEqual(['table.created', 'table.row.created'])
  })

  it('refuses values that do not fit, with one sentence per field in details', async () => {
    const id = await makeTable()
    const res = await call('POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      data: {
        age: 'thirty',
        vip: 'yes',
        born: '2021-02-30',
        tier: 'silver',
        spend: '1',
        ghost: 1,
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual([
      'ghost: no such column',
      'name is required',
      'age: expected a number, got "thirty"',
      'vip: expected true or false, got "yes"',
      'born: expected a date (2026-01-31 or ISO 8601), got "2021-02-30"',
      'tier: expected one of "gold", "free", got "silver"',
      'spend: expected a number, got "1"',
    ])
    expect(res.body.error).toBe('The row does not fit the table: ghost: no such column')
    const empty = await call('POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      data: { name: '' },
    })
    expect(empty.body.details).toEqual(['name is required'])
    expect((await tableOf(id)).rowCount).toBe(0)
  })

  it('refuses a value already in a unique column (exact, case-sensitive)', async () => {
    const id = await makeTable([{ name: 'Ada', email: 'ada@x.test' }])
    const clash = await call('POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      data: { name: 'Eve', email: 'ada@x.test' },
    })
    expect(clash.status).toBe(400)
    expect(clash.body.details).toEqual(['email: "ada@x.test" already exists (unique column)'])
    const otherCase = await call('POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      data: { name: 'Eve', email: 'ADA@x.test' },
    })
    expect(otherCase.status).toBe(200)
    // Empty cells never clash.
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/v1/tables/${id}/rows`, {
        workspaceId: ws,
        data: { name: 'n' },
      })
      expect(res.status).toBe(200)
    }
  })

  it('needs exactly one of data and rows', async () => {
    const id = await makeTable()
    expect((await call('POST', `/api/v1/tables/${id}/rows`, { workspaceId: ws })).status).toBe(400)
    const both = await call('POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      data: { name: 'a' },
      rows: [{ name: 'b' }],
    })
    expect(both.status).toBe(400)
  })
})

describe('POST rows: batch', () => {
  it('inserts up to 1000 rows in order and answers {rows, insertedCount, message}', async () => {
    const id = await makeTable([{ name: 'first' }])
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `p${i}`,
      email: `p${i}@x`,
      age: i,
    }))
    const res = await call('POST', `/api/v1/tables/${id}/rows`, { workspaceId: ws, rows })
    expect(res.status).toBe(200)
    const data = successEnvelope(InsertRowsBatchResultSchema).parse(res.body).data
    expect(data.insertedCount).toBe(1000)
    expect(data.rows.map((r) => r.position)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1))
    expect(data.rows[999]?.data).toEqual({ name: 'p999', email: 'p999@x', age: 999 })
    expect((await tableOf(id)).rowCount).toBe(1001)
    expect(auditActions(id)).toEqual(['table.created', 'table.rows.created', 'table.rows.created'])
  })

  it('refuses 1001 rows', async () => {
    const id = await makeTable()
    const rows = Array.from({ length: 1001 }, (_, i) => ({ name: `p${i}` }))
    const res = await call('POST', `/api/v1/tables/${id}/rows`, { workspaceId: ws, rows })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('rows: At most 1000 rows per request')
  })

  it('is all or nothing: details name each refused row by index and field', async () => {
    const id = await makeTable([{ name: 'Ada', email: 'ada@x.test' }])
    const res = await call('POST', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      rows: [
        { name: 'ok', email: 'ok@x' },
        { name: 'Eve', email: 'ada@x.test' },
        { age: 'old' },
        { name: 'again', email: 'ok@x' },
        { name: 'fine' },
      ],
    })
    expect(res.status).toBe(400)
    const details = (res.body.details as unknown[]).map((d) => RowErrorDetailSchema.parse(d))
    expect(details).toEqual([
      { row: 1, errors: ['email: "ada@x.test" already exists in the table (unique column)'] },
      { row: 2, errors: ['name is required', 'age: expected a number, got "old"'] },
      { row: 3, errors: ['email: "ok@x" is also in row 0 of this batch'] },
    ])
    expect(res.body.error).toMatch(/^3 of 5 rows were refused, so none was inserted/)
    expect((await tableOf(id)).rowCount).toBe(1)
    expect((await list(id)).body.data.rows).toHaveLength(1)
  })

  it('holds a table to maxRows, naming the first row that does not fit', async () => {
    const small = await createTestService({ tableMaxRows: 3 })
    try {
      const create = await small.call(small.keys.personal, {
        method: 'POST',
        url: '/api/v1/tables',
        payload: {
          workspaceId: small.workspace.id,
          name: 'tiny',
          schema: { columns: [{ name: 'n', type: 'number' }] },
        },
      })
      const { id, maxRows } = create.json().data.table
      expect(maxRows).toBe(3)
      const insert = (payload: Record<string, unknown>) =>
        small.call(small.keys.personal, {
          method: 'POST',
          url: `/api/v1/tables/${id}/rows`,
          payload: { workspaceId: small.workspace.id, ...payload },
        })
      expect((await insert({ rows: [{ n: 1 }, { n: 2 }] })).statusCode).toBe(200)
      const over = await insert({ rows: [{ n: 3 }, { n: 4 }] })
      expect(over.statusCode).toBe(400)
      expect(over.json()).toEqual({
        error: 'The table is full: it holds at most 3 rows and has 2',
        details: [{ row: 1, errors: ['The table is full: it holds at most 3 rows and has 2'] }],
      })
      expect((await insert({ data: { n: 3 } })).statusCode).toBe(200)
      const one = await insert({ data: { n: 4 } })
      expect(one.statusCode).toBe(400)
      expect(one.json().details).toEqual(['The table is full: it holds at most 3 rows and has 3'])
    } finally {
      await small.close()
    }
  })
})

describe('PATCH a row', () => {
  it('changes only the supplied fields and keeps the others', async () => {
    const id = await makeTable([{ name: 'Ada', email: 'ada@x.test', age: 36, tier: 'gold' }])
    const row = (await list(id)).body.data.rows[0] as Row
    clock.advance(1000)
    const res = await call('PATCH', `/api/v1/tables/${id}/rows/${row.id}`, {
      workspaceId: ws,
      data: { age: 37, tier: null },
    })
    expect(res.status).toBe(200)
    const updated = UpdateRowResponseSchema.parse(res.body).data.row
    expect(updated.data).toEqual({ name: 'Ada', email: 'ada@x.test', age: 37, tier: null })
    expect(updated.updatedAt).toBe(clock.now().toISOString())
    expect(updated.createdAt).toBe(row.createdAt)
    expect(updated.position).toBe(row.position)
    expect(auditActions(id).at(-1)).toBe('table.row.updated')
    // The stored row is what was answered.
    const got = await call('GET', `/api/v1/tables/${id}/rows/${row.id}?workspaceId=${ws}`)
    expect(got.body.data.row).toEqual(updated)
  })

  it('validates the supplied fields, required columns and uniqueness (but not against itself)', async () => {
    const id = await makeTable([
      { name: 'Ada', email: 'ada@x.test' },
      { name: 'Bob', email: 'bob@x.test' },
    ])
    const [ada] = (await list(id)).body.data.rows as Row[]
    const url = `/api/v1/tables/${id}/rows/${ada?.id}`
    const bad = await call('PATCH', url, { workspaceId: ws, data: { age: '3' } })
    expect(bad.body.details).toEqual(['age: expected a number, got "3"'])
    const unset = await call('PATCH', url, { workspaceId: ws, data: { name: null } })
    expect(unset.body.details).toEqual(['name is required'])
    const clash = await call('PATCH', url, { workspaceId: ws, data: { email: 'bob@x.test' } })
    expect(clash.body.details).toEqual(['email: "bob@x.test" already exists (unique column)'])
    const same = await call('PATCH', url, { workspaceId: ws, data: { email: 'ada@x.test' } })
    expect(same.status).toBe(200)
    const empty = await call('PATCH', url, { workspaceId: ws, data: {} })
    expect(empty.status).toBe(400)
    expect(
      (await call('PATCH', `/api/v1/tables/${id}/rows/nope`, { workspaceId: ws, data: { age: 1 } }))
        .status,
    ).toBe(404)
  })
})

describe('upsert', () => {
  it('inserts when no row matches the unique column, updates when one does', async () => {
    const id = await makeTable([{ name: 'Ada', email: 'ada@x.test', age: 36 }])
    const url = `/api/v1/tables/${id}/rows/upsert`
    const inserted = await call('POST', url, {
      workspaceId: ws,
      data: { name: 'Bob', email: 'bob@x.test' },
    })
    expect(inserted.status).toBe(200)
    expect(UpsertRowResponseSchema.parse(inserted.body).data).toMatchObject({
      operation: 'insert',
      row: { data: { name: 'Bob', email: 'bob@x.test' }, position: 1 },
    })
    const updated = await call('POST', url, {
      workspaceId: ws,
      data: { email: 'ada@x.test', age: 37 },
    })
    const data = UpsertRowResponseSchema.parse(updated.body).data
    expect(data.operation).toBe('update')
    expect(data.row.data).toEqual({ name: 'Ada', email: 'ada@x.test', age: 37 })
    expect((await tableOf(id)).rowCount).toBe(2)
    expect(auditActions(id).slice(-2)).toEqual(['table.row.created', 'table.row.updated'])
    const [latest] = s.app.ctx.store.audit.list({
      organizationId: s.org.id,
      resourceId: id,
      limit: 1,
    }).items
    expect(latest?.metadata).toMatchObject({ upsert: true, conflictTarget: 'email' })
  })

  it('needs a unique column, a value in it, and conflictTarget when there are several', async () => {
    const plain = await makeTable([], [{ name: 'name', type: 'string' }])
    const none = await call('POST', `/api/v1/tables/${plain}/rows/upsert`, {
      workspaceId: ws,
      data: { name: 'x' },
    })
    expect(none.status).toBe(400)
    expect(none.body.error).toMatch(/needs a unique column/)

    const two = await makeTable(
      [{ a: 'k', b: 1 }],
      [
        { name: 'a', type: 'string', unique: true },
        { name: 'b', type: 'number', unique: true },
        { name: 'c', type: 'string' },
      ],
    )
    const url = `/api/v1/tables/${two}/rows/upsert`
    const ambiguous = await call('POST', url, { workspaceId: ws, data: { a: 'k', b: 1 } })
    expect(ambiguous.status).toBe(400)
    expect(ambiguous.body.error).toMatch(/several unique columns \(a, b\)/)
    const byB = await call('POST', url, { workspaceId: ws, data: { b: 1, c: 'via b' } })
    expect(byB.body.data.operation).toBe('update')
    const target = await call('POST', url, {
      workspaceId: ws,
      data: { a: 'k', b: 1, c: 'named' },
      conflictTarget: 'a',
    })
    expect(target.body.data).toMatchObject({ operation: 'update', row: { data: { c: 'named' } } })
    const notUnique = await call('POST', url, {
      workspaceId: ws,
      data: { c: 'x' },
      conflictTarget: 'c',
    })
    expect(notUnique.body.error).toBe('conflictTarget: c is not a unique column')
    const noValue = await call('POST', url, {
      workspaceId: ws,
      data: { c: 'x' },
      conflictTarget: 'a',
    })
    expect(noValue.status).toBe(400)
    expect(noValue.body.details).toEqual(['a: an upsert needs a value in the column it matches on'])
  })

  it('validates the row on both paths', async () => {
    const id = await makeTable([{ name: 'Ada', email: 'ada@x.test' }])
    const url = `/api/v1/tables/${id}/rows/upsert`
    const insert = await call('POST', url, { workspaceId: ws, data: { email: 'new@x' } })
    expect(insert.body.details).toEqual(['name is required'])
    const update = await call('POST', url, {
      workspaceId: ws,
      data: { email: 'ada@x.test', age: 'x' },
    })
    expect(update.body.details).toEqual(['age: expected a number, got "x"'])
  })
})

describe('DELETE rows', () => {
  it('deletes one row: {message, deletedCount}; a second delete is 404', async () => {
    const id = await makeTable([{ name: 'Ada' }, { name: 'Bob' }])
    const [ada] = (await list(id)).body.data.rows as Row[]
    const url = `/api/v1/tables/${id}/rows/${ada?.id}`
    const res = await call('DELETE', url, { workspaceId: ws })
    expect(res.status).toBe(200)
    expect(DeleteRowResponseSchema.parse(res.body).data.deletedCount).toBe(1)
    expect((await call('DELETE', url, { workspaceId: ws })).status).toBe(404)
    expect(await names(id)).toEqual(['Bob'])
    expect((await tableOf(id)).rowCount).toBe(1)
    expect(auditActions(id).at(-1)).toBe('table.row.deleted')
  })

  it('deletes many by ids or by filter and lists what it deleted', async () => {
    const id = await makeTable(PEOPLE)
    const rows = (await list(id)).body.data.rows as Row[]
    const byIds = await call('DELETE', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      rowIds: [rows[0]?.id, rows[1]?.id, 'not-a-row'],
    })
    expect(byIds.status).toBe(200)
    const first = DeleteRowsResponseSchema.parse(byIds.body).data
    expect(first.deletedCount).toBe(2)
    expect(first.deletedRowIds.sort()).toEqual([rows[0]?.id, rows[1]?.id].sort())
    const byFilter = await call('DELETE', `/api/v1/tables/${id}/rows`, {
      workspaceId: ws,
      filter: { age: { $gt: 40 } },
    })
    expect(DeleteRowsResponseSchema.parse(byFilter.body).data.deletedCount).toBe(2)
    expect(await names(id)).toEqual(['Linus'])
    expect((await tableOf(id)).rowCount).toBe(1)
    expect(auditActions(id).slice(-2)).toEqual(['table.rows.deleted', 'table.rows.deleted'])
  })

  it('refuses an empty filter, both selectors, and filters on unknown columns', async () => {
    const id = await makeTable([{ name: 'Ada' }])
    const url = `/api/v1/tables/${id}/rows`
    for (const body of [
      { workspaceId: ws, filter: {} },
      { workspaceId: ws },
      { workspaceId: ws, rowIds: ['a'], filter: { name: 'Ada' } },
      { workspaceId: ws, filter: { nope: 1 } },
    ]) {
      expect((await call('DELETE', url, body)).status, JSON.stringify(body)).toBe(400)
    }
    expect(await names(id)).toEqual(['Ada'])
  })

  it('never touches rows of a table in another workspace', async () => {
    const foreign = await call('POST', '/api/v1/tables', {
      workspaceId: s.otherWorkspace.id,
      name: 'theirs',
      schema: { columns: [{ name: 'name', type: 'string' }] },
    })
    const foreignId = foreign.body.data.table.id
    await call('POST', `/api/v1/tables/${foreignId}/rows`, {
      workspaceId: s.otherWorkspace.id,
      data: { name: 'secret' },
    })
    const res = await call('DELETE', `/api/v1/tables/${foreignId}/rows`, {
      workspaceId: ws,
      filter: { name: 'secret' },
    })
    expect(res.status).toBe(404)
    const still = await call(
      'GET',
      `/api/v1/tables/${foreignId}/rows?workspaceId=${s.otherWorkspace.id}`,
    )
    expect(still.body.data.totalCount).toBe(1)
  })
})

describe('indexes', () => {
  it('serves filters and sorts on a column from its index, not a scan', async () => {
    const id = await makeTable([{ name: 'Ada', email: 'a@x', age: 3 }])
    const { db } = s.app.ctx.store
    const plan = (sql: string) =>
      db.raw
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((r) => String(r.detail))
        .join(' | ')
    const where = `table_id = '${id}'`
    const sorted = plan(
      `SELECT id FROM table_rows WHERE ${where} ORDER BY json_extract(data, '$.age') ASC, position ASC LIMIT 100`,
    )
    expect(sorted).toMatch(/USING INDEX trx_/)
    expect(sorted).not.toMatch(/TEMP B-TREE/)
    const ranged = plan(
      `SELECT id FROM table_rows WHERE ${where} AND json_extract(data, '$.age') > 2 ORDER BY position`,
    )
    expect(ranged).toMatch(/USING INDEX trx_\w+ \(table_id=\? AND <expr>>\?\)/)
    const unique = plan(
      `SELECT id FROM table_rows WHERE ${where} AND json_extract(data, '$.email') = 'a@x'`,
    )
    expect(unique).toMatch(/USING (COVERING )?INDEX trx_\w+_[uo]_/)
    const dates = plan(
      `SELECT id FROM table_rows WHERE ${where} ORDER BY julianday(json_extract(data, '$.born')) LIMIT 5`,
    )
    expect(dates).toMatch(/USING INDEX trx_/)
    // Dropping the column drops its index; archiving the table drops them all.
    await call('DELETE', `/api/v1/tables/${id}/columns`, { workspaceId: ws, columnName: 'age' })
    const indexes = () =>
      db.raw
        .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND sql LIKE ?`)
        .all(`%${id}%`)
        .map((r) => String(r.name))
    // A unique index for email, which also orders it; an ordering index for name, born, tier
    // and spend; none for the boolean, the json column and the dropped age.
    expect(indexes().length).toBe(5)
    await call('DELETE', `/api/v1/tables/${id}`, { workspaceId: ws })
    expect(indexes()).toEqual([])
  })
})

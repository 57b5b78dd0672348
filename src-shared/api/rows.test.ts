import { describe, expect, it } from 'vitest'
import { RowFilterSchema, RowSortSchema } from './row-filter.ts'
import {
  DeleteRowResponseSchema,
  DeleteRowsBodySchema,
  DeleteRowsResponseSchema,
  GetRowResponseSchema,
  InsertRowsBodySchema,
  InsertRowsResponseSchema,
  ListRowsQuerySchema,
  ListRowsResponseSchema,
  RowSchema,
  UpdateRowBodySchema,
  UpsertRowBodySchema,
  UpsertRowResponseSchema,
} from './rows.ts'
import { firstIssue, row } from './test-fixtures.ts'

describe('Row', () => {
  it('reads a row and the get/list answers', () => {
    expect(RowSchema.parse(row)).toEqual(row)
    expect(GetRowResponseSchema.safeParse({ success: true, data: { row } }).success).toBe(true)
    const list = {
      success: true,
      data: { rows: [row], rowCount: 1, totalCount: 40, limit: 100, offset: 0 },
    }
    expect(ListRowsResponseSchema.parse(list)).toEqual(list)
  })

  it('refuses a negative or fractional position and array data', () => {
    expect(RowSchema.safeParse({ ...row, position: -1 }).success).toBe(false)
    expect(RowSchema.safeParse({ ...row, position: 1.5 }).success).toBe(false)
    expect(RowSchema.safeParse({ ...row, data: ['a'] }).success).toBe(false)
  })
})

describe('filter language', () => {
  it('reads operators, shorthand equality and nested $or/$and', () => {
    const filter = {
      age: { $gte: 18, $lt: 65 },
      tier: 'gold',
      $or: [{ email: { $endsWith: '@example.com' } }, { $and: [{ spend: { $gt: 100 } }] }],
      notes: { $empty: false },
      country: { $in: ['DE', 'FR'] },
      name: { $contains: 'a', $startsWith: 'A', $ne: null },
      createdAt: { $gte: '2026-01-01T00:00:00.000Z' },
      status: { $nin: ['archived'] },
    }
    const parsed = RowFilterSchema.parse(filter)
    // Shorthand becomes $eq so evaluators only ever see operator objects.
    expect(parsed.tier).toEqual({ $eq: 'gold' })
    expect(parsed.age).toEqual({ $gte: 18, $lt: 65 })
    expect(parsed.$or).toHaveLength(2)
  })

  it('refuses unknown operators, wrong operand types and non-column keys', () => {
    expect(RowFilterSchema.safeParse({ age: { $regex: '^1' } }).success).toBe(false)
    expect(firstIssue(RowFilterSchema.safeParse({ age: { $in: 18 } })).path).toBe('age.$in')
    expect(firstIssue(RowFilterSchema.safeParse({ name: { $contains: 1 } })).path).toBe(
      'name.$contains',
    )
    expect(firstIssue(RowFilterSchema.safeParse({ flag: { $empty: 'yes' } })).path).toBe(
      'flag.$empty',
    )
    expect(firstIssue(RowFilterSchema.safeParse({ age: {} })).message).toMatch(/at least one/)
    expect(firstIssue(RowFilterSchema.safeParse({ $where: 'x' })).message).toMatch(/\$where/)
    expect(firstIssue(RowFilterSchema.safeParse({ 'bad-name': 1 })).path).toBe('bad-name')
    expect(RowFilterSchema.safeParse({ tags: ['a'] }).success).toBe(false)
  })

  it('checks nested filters too', () => {
    expect(firstIssue(RowFilterSchema.safeParse({ $or: [{ age: { $gt: true } }] })).path).toBe(
      '$or.0.age.$gt',
    )
    expect(RowFilterSchema.safeParse({ $or: [] }).success).toBe(false)
    expect(RowFilterSchema.safeParse({ $and: { age: 1 } }).success).toBe(false)
  })

  it('sorts by column names, asc or desc', () => {
    expect(RowSortSchema.parse({ name: 'asc', createdAt: 'desc' })).toEqual({
      name: 'asc',
      createdAt: 'desc',
    })
    expect(RowSortSchema.safeParse({ name: 'up' }).success).toBe(false)
    expect(RowSortSchema.safeParse({ 'a b': 'asc' }).success).toBe(false)
  })
})

describe('ListRowsQuery', () => {
  it('parses JSON filter and sort, and fills limit 100 / offset 0', () => {
    const q = ListRowsQuerySchema.parse({
      workspaceId: 'ws1',
      filter: '{"age":{"$gte":18}}',
      sort: '{"name":"asc"}',
    })
    expect(q).toEqual({
      workspaceId: 'ws1',
      filter: { age: { $gte: 18 } },
      sort: { name: 'asc' },
      limit: 100,
      offset: 0,
    })
  })

  it('refuses bad JSON, bad filters and out-of-range paging', () => {
    expect(firstIssue(ListRowsQuerySchema.safeParse({ workspaceId: 'w', filter: '{age' }))).toEqual(
      { path: 'filter', message: 'filter must be valid JSON' },
    )
    expect(
      ListRowsQuerySchema.safeParse({ workspaceId: 'w', filter: '{"age":{"$foo":1}}' }).success,
    ).toBe(false)
    expect(ListRowsQuerySchema.safeParse({ workspaceId: 'w', sort: '"name"' }).success).toBe(false)
    expect(ListRowsQuerySchema.parse({ workspaceId: 'w', limit: '1000' }).limit).toBe(1000)
    for (const paging of [{ limit: '1001' }, { limit: '0' }, { offset: '-1' }, { offset: 'x' }]) {
      expect(ListRowsQuerySchema.safeParse({ workspaceId: 'w', ...paging }).success).toBe(false)
    }
  })
})

describe('insert', () => {
  const one = { email: 'grace@example.com', age: 45 }

  it('takes exactly one of data or rows', () => {
    expect(InsertRowsBodySchema.parse({ workspaceId: 'w', data: one }).data).toEqual(one)
    expect(InsertRowsBodySchema.parse({ workspaceId: 'w', rows: [one, one] }).rows).toHaveLength(2)
    expect(
      firstIssue(InsertRowsBodySchema.safeParse({ workspaceId: 'w', data: one, rows: [one] })),
    ).toEqual({ path: 'rows', message: 'Send either data (one row) or rows (a batch), not both' })
    expect(firstIssue(InsertRowsBodySchema.safeParse({ workspaceId: 'w' }))).toEqual({
      path: 'data',
      message: 'Send data (one row) or rows (a batch)',
    })
  })

  it('caps a batch at 1000 rows and refuses an empty one', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i }))
    expect(InsertRowsBodySchema.safeParse({ workspaceId: 'w', rows: rows(1000) }).success).toBe(
      true,
    )
    expect(
      firstIssue(InsertRowsBodySchema.safeParse({ workspaceId: 'w', rows: rows(1001) })),
    ).toEqual({ path: 'rows', message: 'At most 1000 rows per request' })
    expect(InsertRowsBodySchema.safeParse({ workspaceId: 'w', rows: [] }).success).toBe(false)
    expect(InsertRowsBodySchema.safeParse({ workspaceId: 'w', data: [one] }).success).toBe(false)
    expect(InsertRowsBodySchema.safeParse({ workspaceId: 'w', rows: ['x'] }).success).toBe(false)
  })

  it('reads the single and the batch answers', () => {
    const single = { success: true, data: { row, message: 'Row inserted' } }
    const batch = {
      success: true,
      data: { rows: [row], insertedCount: 1, message: 'Inserted 1 row' },
    }
    expect(InsertRowsResponseSchema.parse(single)).toEqual(single)
    expect(InsertRowsResponseSchema.parse(batch)).toEqual(batch)
    expect(
      InsertRowsResponseSchema.safeParse({ success: true, data: { rows: [row], message: 'x' } })
        .success,
    ).toBe(false)
  })
})

describe('update, upsert and delete', () => {
  it('patches with at least one field', () => {
    expect(UpdateRowBodySchema.safeParse({ workspaceId: 'w', data: { age: 37 } }).success).toBe(
      true,
    )
    expect(UpdateRowBodySchema.safeParse({ workspaceId: 'w', data: {} }).success).toBe(false)
    expect(UpdateRowBodySchema.safeParse({ workspaceId: 'w' }).success).toBe(false)
  })

  it('upserts on an optional conflict target and says which operation ran', () => {
    const body = { workspaceId: 'w', data: { email: 'a@b.c' }, conflictTarget: 'email' }
    expect(UpsertRowBodySchema.safeParse(body).success).toBe(true)
    expect(UpsertRowBodySchema.safeParse({ ...body, conflictTarget: 'e-mail' }).success).toBe(false)
    const answer = { success: true, data: { row, operation: 'update', message: 'Row updated' } }
    expect(UpsertRowResponseSchema.parse(answer)).toEqual(answer)
    expect(
      UpsertRowResponseSchema.safeParse({ ...answer, data: { ...answer.data, operation: 'merge' } })
        .success,
    ).toBe(false)
  })

  it('deletes one row and reports the count', () => {
    const answer = { success: true, data: { message: 'Row deleted', deletedCount: 1 } }
    expect(DeleteRowResponseSchema.parse(answer)).toEqual(answer)
    expect(
      DeleteRowResponseSchema.safeParse({
        success: true,
        data: { message: 'x', deletedCount: '1' },
      }).success,
    ).toBe(false)
  })

  it('deletes many by ids or by a non-empty filter, never both', () => {
    expect(DeleteRowsBodySchema.safeParse({ workspaceId: 'w', rowIds: ['r1', 'r2'] }).success).toBe(
      true,
    )
    expect(
      DeleteRowsBodySchema.safeParse({ workspaceId: 'w', filter: { age: { $lt: 18 } } }).success,
    ).toBe(true)
    expect(
      firstIssue(
        DeleteRowsBodySchema.safeParse({ workspaceId: 'w', rowIds: ['r'], filter: { a: 1 } }),
      ).message,
    ).toBe('Send either rowIds or filter, not both')
    expect(DeleteRowsBodySchema.safeParse({ workspaceId: 'w' }).success).toBe(false)
    expect(
      firstIssue(DeleteRowsBodySchema.safeParse({ workspaceId: 'w', filter: {} })).message,
    ).toBe('The filter must name at least one condition')
    expect(DeleteRowsBodySchema.safeParse({ workspaceId: 'w', rowIds: [] }).success).toBe(false)
    const answer = {
      success: true,
      data: { message: 'Deleted 2 rows', deletedCount: 2, deletedRowIds: ['r1', 'r2'] },
    }
    expect(DeleteRowsResponseSchema.parse(answer)).toEqual(answer)
  })
})

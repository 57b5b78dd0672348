import { describe, expect, it } from 'vitest'
import {
  AddColumnBodySchema,
  ColumnInputSchema,
  ColumnNameSchema,
  ColumnsResponseSchema,
  CreateTableBodySchema,
  DropColumnBodySchema,
  GetTableResponseSchema,
  ListTablesResponseSchema,
  TableMessageResponseSchema,
  TableSchema,
  UpdateColumnBodySchema,
} from './tables.ts'
import { column, firstIssue, table } from './test-fixtures.ts'

describe('column names', () => {
  it('accepts identifiers', () => {
    for (const name of ['email', 'first_name', '_private', 'A1', 'x']) {
      expect(ColumnNameSchema.safeParse(name).success, name).toBe(true)
    }
  })

  it('refuses names that do not match ^[A-Za-z_][A-Za-z0-9_]*$', () => {
    for (const name of ['1st', 'first-name', 'has space', '', '名前', 'a.b', '$eq']) {
      expect(ColumnNameSchema.safeParse(name).success, name).toBe(false)
    }
  })
})

describe('Table resource', () => {
  it('reads a table with every column type extra', () => {
    expect(TableSchema.parse(table)).toEqual(table)
    expect(GetTableResponseSchema.safeParse({ success: true, data: { table } }).success).toBe(true)
    expect(
      ListTablesResponseSchema.safeParse({
        success: true,
        data: { tables: [table], totalCount: 1 },
      }).success,
    ).toBe(true)
    expect(
      TableMessageResponseSchema.safeParse({
        success: true,
        data: { table, message: 'Table archived' },
      }).success,
    ).toBe(true)
  })

  it('refuses unknown column types and a negative rowCount', () => {
    const badType = { ...table, schema: { columns: [{ ...column, type: 'text' }] } }
    expect(firstIssue(TableSchema.safeParse(badType)).path).toBe('schema.columns.0.type')
    expect(TableSchema.safeParse({ ...table, rowCount: -1 }).success).toBe(false)
    const { maxRows: _m, ...noMax } = table
    expect(TableSchema.safeParse(noMax).success).toBe(false)
  })
})

describe('column input', () => {
  it('defaults required and unique to false', () => {
    expect(ColumnInputSchema.parse({ name: 'age', type: 'number' })).toEqual({
      name: 'age',
      type: 'number',
      required: false,
      unique: false,
    })
  })

  it('ties options to select and currencyCode to currency', () => {
    expect(
      ColumnInputSchema.safeParse({ name: 'tier', type: 'select', options: ['gold', 'free'] })
        .success,
    ).toBe(true)
    expect(
      ColumnInputSchema.safeParse({ name: 'spend', type: 'currency', currencyCode: 'USD' }).success,
    ).toBe(true)
    expect(firstIssue(ColumnInputSchema.safeParse({ name: 'tier', type: 'select' }))).toEqual({
      path: 'options',
      message: 'A select column needs options',
    })
    expect(
      firstIssue(ColumnInputSchema.safeParse({ name: 'n', type: 'number', options: ['a'] })).path,
    ).toBe('options')
    expect(
      firstIssue(ColumnInputSchema.safeParse({ name: 'n', type: 'string', currencyCode: 'USD' }))
        .path,
    ).toBe('currencyCode')
    expect(
      ColumnInputSchema.safeParse({ name: 's', type: 'currency', currencyCode: 'usd' }).success,
    ).toBe(false)
    expect(
      ColumnInputSchema.safeParse({ name: 't', type: 'select', options: ['a', 'a'] }).success,
    ).toBe(false)
  })

  it('refuses a bad type, a bad name and unknown fields', () => {
    expect(firstIssue(ColumnInputSchema.safeParse({ name: 'x', type: 'text' })).path).toBe('type')
    expect(
      firstIssue(ColumnInputSchema.safeParse({ name: 'first name', type: 'string' })).path,
    ).toBe('name')
    expect(ColumnInputSchema.safeParse({ name: 'x', type: 'string', default: 'a' }).success).toBe(
      false,
    )
  })
})

describe('table and column bodies', () => {
  const create = {
    workspaceId: 'ws1',
    name: 'customers',
    schema: { columns: [column, { name: 'age', type: 'number' }] },
  }

  it('creates a table with columns', () => {
    const parsed = CreateTableBodySchema.parse(create)
    expect(parsed.schema.columns[1]).toEqual({
      name: 'age',
      type: 'number',
      required: false,
      unique: false,
    })
  })

  it('refuses bad table names, no columns and duplicate columns', () => {
    expect(CreateTableBodySchema.safeParse({ ...create, name: 'my table' }).success).toBe(false)
    expect(
      firstIssue(CreateTableBodySchema.safeParse({ ...create, schema: { columns: [] } })).message,
    ).toBe('A table needs at least one column')
    const dup = { ...create, schema: { columns: [column, { name: 'email', type: 'string' }] } }
    expect(firstIssue(CreateTableBodySchema.safeParse(dup))).toEqual({
      path: 'schema.columns.1.name',
      message: 'Column "email" appears twice',
    })
  })

  it('adds a column at a zero-based position', () => {
    const body = { workspaceId: 'ws1', column: { name: 'notes', type: 'json' }, position: 0 }
    expect(AddColumnBodySchema.parse(body).position).toBe(0)
    expect(AddColumnBodySchema.safeParse({ ...body, position: -1 }).success).toBe(false)
    expect(AddColumnBodySchema.safeParse({ ...body, position: '1' }).success).toBe(false)
    expect(AddColumnBodySchema.safeParse({ ...body, index: 1 }).success).toBe(false)
  })

  it('changes a column without defaulting what was not sent', () => {
    const body = { workspaceId: 'ws1', columnName: 'email', updates: { unique: false } }
    expect(UpdateColumnBodySchema.parse(body).updates).toEqual({ unique: false })
    expect(firstIssue(UpdateColumnBodySchema.safeParse({ ...body, updates: {} })).message).toMatch(
      /at least one/,
    )
    expect(UpdateColumnBodySchema.safeParse({ ...body, updates: { type: 'select' } }).success).toBe(
      false,
    )
  })

  it('drops a column by name and answers the column list', () => {
    expect(DropColumnBodySchema.safeParse({ workspaceId: 'ws1', columnName: 'age' }).success).toBe(
      true,
    )
    expect(DropColumnBodySchema.safeParse({ workspaceId: 'ws1' }).success).toBe(false)
    const answer = { success: true, data: { columns: table.schema.columns } }
    expect(ColumnsResponseSchema.parse(answer)).toEqual(answer)
  })
})

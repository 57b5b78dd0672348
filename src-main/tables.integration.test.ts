// Every tables channel through the bridge against the REAL local service (forked, seeded in a
// temp folder): answers parsed by the channel's output schema, and refusals arriving as data
// with the service's details (which row, which field) intact for the UI to show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelName } from '../src-shared/bridge.ts'
import type { ListRowsResponse, Row, Table } from '../src-shared/api/index.ts'
import { startRealCore, type RealCore } from './testing/real-core.ts'

let h: RealCore
let on: { connectionId: string }
const ok = <T>(name: ChannelName, input: Record<string, unknown>) =>
  h.ok<T>(name, { ...on, ...input })
const refused = (name: ChannelName, input: Record<string, unknown>) =>
  h.refused(name, { ...on, ...input })

beforeAll(async () => {
  h = await startRealCore('tables')
  on = { connectionId: h.connectionId }
}, 60_000)
afterAll(() => h.stop())

describe('tables through the bridge', () => {
  let contacts: Table

  it('lists the seeded demo table and gets it', async () => {
    const list = await ok<{ data: { tables: Table[]; totalCount: number } }>('tables:list', {})
    const found = list.data.tables.find((t) => t.name === 'contacts')
    expect(found).toMatchObject({ rowCount: 50 })
    contacts = found as Table
    const got = await ok<{ data: { table: Table } }>('tables:get', { tableId: contacts.id })
    expect(got.data.table.schema.columns.map((c) => c.name)).toContain('email')
  })

  it('reads rows with a filter and a sort sent as JSON', async () => {
    const page = await ok<ListRowsResponse>('tables:rows', {
      tableId: contacts.id,
      filter: { plan: 'enterprise', seats: { $gte: 50 } },
      sort: { seats: 'desc' },
      limit: 5,
    })
    expect(page.data.rows.length).toBeGreaterThan(0)
    expect(page.data.rows.length).toBeLessThanOrEqual(5)
    const seats = page.data.rows.map((r) => r.data.seats as number)
    expect([...seats].sort((a, b) => b - a)).toEqual(seats)
    expect(page.data.rows.every((r) => r.data.plan === 'enterprise')).toBe(true)
    expect(page.data.totalCount).toBeGreaterThanOrEqual(page.data.rows.length)
  })

  it('inserts, edits one field, and deletes rows', async () => {
    const inserted = await ok<{ data: { row: Row } }>('tables:insert-row', {
      tableId: contacts.id,
      data: { name: 'Bridge Person', email: 'bridge@example.com', seats: 1 },
    })
    const row = inserted.data.row
    const updated = await ok<{ data: { row: Row } }>('tables:update-row', {
      tableId: contacts.id,
      rowId: row.id,
      data: { seats: 2 },
    })
    expect(updated.data.row.data).toEqual({
      name: 'Bridge Person',
      email: 'bridge@example.com',
      seats: 2,
    })
    const batch = await ok<{ data: { insertedCount: number; rows: Row[] } }>('tables:insert-rows', {
      tableId: contacts.id,
      rows: [{ name: 'One' }, { name: 'Two' }],
    })
    expect(batch.data.insertedCount).toBe(2)
    const one = await ok<{ data: { deletedCount: number } }>('tables:delete-row', {
      tableId: contacts.id,
      rowId: row.id,
    })
    expect(one.data.deletedCount).toBe(1)
    const many = await ok<{ data: { deletedRowIds: string[] } }>('tables:delete-rows', {
      tableId: contacts.id,
      rowIds: batch.data.rows.map((r) => r.id),
    })
    expect(many.data.deletedRowIds).toHaveLength(2)
    const byFilter = await ok<{ data: { deletedCount: number } }>('tables:delete-rows', {
      tableId: contacts.id,
      filter: { name: 'nobody' },
    })
    expect(byFilter.data.deletedCount).toBe(0)
  })

  it('adds a column at a position', async () => {
    const added = await ok<{ data: { columns: { name: string }[] } }>('tables:add-column', {
      tableId: contacts.id,
      column: { name: 'notes', type: 'string' },
      position: 1,
    })
    expect(added.data.columns[1]?.name).toBe('notes')
  })

  it('hands refusals over as data with the service details', async () => {
    const [first] = (await ok<ListRowsResponse>('tables:rows', { tableId: contacts.id, limit: 1 }))
      .data.rows as [Row]
    const cell = await refused('tables:update-row', {
      tableId: contacts.id,
      rowId: first.id,
      data: { seats: 'many' },
    })
    expect(cell).toMatchObject({ status: 400, details: ['seats: expected a number, got "many"'] })
    const batch = await refused('tables:insert-rows', {
      tableId: contacts.id,
      rows: [{ name: 'ok' }, { email: first.data.email }],
    })
    expect(batch.status).toBe(400)
    expect(batch.details).toEqual([
      {
        row: 1,
        errors: ['name is required', expect.stringMatching(/^email: .* already exists/)],
      },
    ])
    const missing = await refused('tables:get', { tableId: 'no-such-table' })
    expect(missing).toMatchObject({ status: 404 })
  })
})

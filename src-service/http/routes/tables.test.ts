// Tables and columns through the HTTP API: every success body parsed with the src-shared
// schema, every error status, audit entries, and who may do what (key types, grants, ids from
// another workspace).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ArchiveTableResponseSchema,
  ColumnsResponseSchema,
  CreateTableResponseSchema,
  ErrorBodySchema,
  GetTableResponseSchema,
  ListTablesResponseSchema,
  ValidationIssueSchema,
} from '../../../src-shared/api/index.ts'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'

const clock = manualClock()
let s: TestService
let ws: string
let key: string

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
async function call(method: Method, url: string, payload?: unknown, k = key) {
  const res = await s.call(k, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

const people = (name: string) => ({
  workspaceId: ws,
  name,
  description: 'People',
  schema: {
    columns: [
      { name: 'name', type: 'string', required: true },
      { name: 'email', type: 'string', unique: true },
      { name: 'age', type: 'number' },
    ],
  },
})

async function createTable(name: string, body = people(name)) {
  const res = await call('POST', '/api/v1/tables', body)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return CreateTableResponseSchema.parse(res.body).data.table
}

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

describe('POST /api/v1/tables', () => {
  it('creates a table with defaults filled and answers {table, message}', async () => {
    const res = await call('POST', '/api/v1/tables', {
      workspaceId: ws,
      name: 'customers',
      schema: {
        columns: [
          { name: 'email', type: 'string', required: true, unique: true },
          { name: 'tier', type: 'select', options: ['gold', 'free'] },
          { name: 'spend', type: 'currency' },
        ],
      },
    })
    expect(res.status).toBe(200)
    const { table, message } = CreateTableResponseSchema.parse(res.body).data
    expect(message).toMatch(/created/)
    expect(table).toMatchObject({
      name: 'customers',
      description: '',
      rowCount: 0,
      maxRows: 10_000,
      createdAt: clock.now().toISOString(),
      schema: {
        columns: [
          { name: 'email', type: 'string', required: true, unique: true },
          {
            name: 'tier',
            type: 'select',
            required: false,
            unique: false,
            options: ['gold', 'free'],
          },
          { name: 'spend', type: 'currency', required: false, unique: false, currencyCode: 'USD' },
        ],
      },
    })
    expect(auditActions(table.id)).toEqual(['table.created'])
  })

  it('refuses a second active table of the same name with 409, and allows it once archived', async () => {
    const first = await createTable('dupe')
    expect((await call('POST', '/api/v1/tables', people('dupe'))).status).toBe(409)
    // Same name in another workspace is fine.
    const elsewhere = await call('POST', '/api/v1/tables', {
      ...people('dupe'),
      workspaceId: s.otherWorkspace.id,
    })
    expect(elsewhere.status).toBe(200)
    await call('DELETE', `/api/v1/tables/${first.id}`, { workspaceId: ws })
    expect((await call('POST', '/api/v1/tables', people('dupe'))).status).toBe(200)
  })

  it('answers 400 with zod issues for bad names, duplicate columns and type extras', async () => {
    const cases: [unknown, string][] = [
      [{ ...people('x'), name: 'has space' }, 'name'],
      [{ ...people('x'), schema: { columns: [] } }, 'schema.columns'],
      [
        {
          ...people('x'),
          schema: {
            columns: [
              { name: 'a', type: 'string' },
              { name: 'a', type: 'number' },
            ],
          },
        },
        'schema.columns.1.name',
      ],
      [
        { ...people('x'), schema: { columns: [{ name: 'a', type: 'select' }] } },
        'schema.columns.0.options',
      ],
      [
        { ...people('x'), schema: { columns: [{ name: 'a', type: 'uuid' }] } },
        'schema.columns.0.type',
      ],
      [{ ...people('x'), extra: true }, ''],
    ]
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/v1/tables', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const error = ErrorBodySchema.parse(res.body)
      const issues = (error.details ?? []).map((d) => ValidationIssueSchema.parse(d))
      expect(issues.map((i) => i.path.join('.'))).toContain(path)
    }
  })

  it('refuses a unique json column', async () => {
    const res = await call('POST', '/api/v1/tables', {
      ...people('jsonu'),
      schema: { columns: [{ name: 'doc', type: 'json', unique: true }] },
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/json column cannot be unique/)
  })
})

describe('GET /api/v1/tables and /api/v1/tables/:id', () => {
  it('lists the workspace tables with totalCount and gets one', async () => {
    const a = await createTable('list_a')
    const res = await call('GET', `/api/v1/tables?workspaceId=${ws}`)
    const { tables, totalCount } = ListTablesResponseSchema.parse(res.body).data
    expect(totalCount).toBe(tables.length)
    expect(tables.map((t) => t.name)).toContain('list_a')
    const got = await call('GET', `/api/v1/tables/${a.id}?workspaceId=${ws}`)
    expect(GetTableResponseSchema.parse(got.body).data.table).toEqual(a)
  })

  it('answers 404 for unknown ids, ids of another workspace and archived tables', async () => {
    const foreign = await call('POST', '/api/v1/tables', {
      ...people('foreign'),
      workspaceId: s.otherWorkspace.id,
    })
    const foreignId = foreign.body.data.table.id
    const res = await call('GET', `/api/v1/tables/${foreignId}?workspaceId=${ws}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Table not found' })
    expect((await call('GET', `/api/v1/tables/nope?workspaceId=${ws}`)).status).toBe(404)
    const gone = await createTable('gone')
    await call('DELETE', `/api/v1/tables/${gone.id}`, { workspaceId: ws })
    expect((await call('GET', `/api/v1/tables/${gone.id}?workspaceId=${ws}`)).status).toBe(404)
    const list = await call('GET', `/api/v1/tables?workspaceId=${ws}`)
    expect(list.body.data.tables.map((t: { id: string }) => t.id)).not.toContain(gone.id)
  })

  it('needs workspaceId (400) and a key (401)', async () => {
    expect((await call('GET', '/api/v1/tables')).status).toBe(400)
    const res = await s.call(null, { method: 'GET', url: `/api/v1/tables?workspaceId=${ws}` })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'API key required' })
  })
})

describe('DELETE /api/v1/tables/:id', () => {
  it('archives the table, answers {table, message} and writes table.deleted', async () => {
    const t = await createTable('to_archive')
    const res = await call('DELETE', `/api/v1/tables/${t.id}`, { workspaceId: ws })
    expect(res.status).toBe(200)
    const { table, message } = ArchiveTableResponseSchema.parse(res.body).data
    expect(table.id).toBe(t.id)
    expect(message).toMatch(/archived/)
    expect(auditActions(t.id)).toEqual(['table.created', 'table.deleted'])
    expect((await call('DELETE', `/api/v1/tables/${t.id}`, { workspaceId: ws })).status).toBe(404)
  })

  it('needs workspaceId in the body', async () => {
    const t = await createTable('no_body')
    expect((await call('DELETE', `/api/v1/tables/${t.id}`, {})).status).toBe(400)
  })
})

describe('columns', () => {
  it('adds a column at a position, or at the end when the position is out of range', async () => {
    const t = await createTable('cols_add')
    const url = `/api/v1/tables/${t.id}/columns`
    const first = await call('POST', url, {
      workspaceId: ws,
      column: { name: 'city', type: 'string' },
      position: 1,
    })
    expect(first.status).toBe(200)
    expect(ColumnsResponseSchema.parse(first.body).data.columns.map((c) => c.name)).toEqual([
      'name',
      'city',
      'email',
      'age',
    ])
    const end = await call('POST', url, {
      workspaceId: ws,
      column: { name: 'vip', type: 'boolean' },
      position: 99,
    })
    expect(end.body.data.columns.map((c: { name: string }) => c.name)).toEqual([
      'name',
      'city',
      'email',
      'age',
      'vip',
    ])
    const table = (await call('GET', `/api/v1/tables/${t.id}?workspaceId=${ws}`)).body.data.table
    expect(table.schema.columns).toHaveLength(5)
    expect(auditActions(t.id)).toEqual(['table.created', 'table.updated', 'table.updated'])
  })

  it('refuses a duplicate column (409) and a required column on a table with rows (400)', async () => {
    const t = await createTable('cols_refuse')
    const url = `/api/v1/tables/${t.id}/columns`
    const dup = await call('POST', url, {
      workspaceId: ws,
      column: { name: 'age', type: 'number' },
    })
    expect(dup.status).toBe(409)
    await call('POST', `/api/v1/tables/${t.id}/rows`, { workspaceId: ws, data: { name: 'Ada' } })
    const required = await call('POST', url, {
      workspaceId: ws,
      column: { name: 'must', type: 'string', required: true },
    })
    expect(required.status).toBe(400)
    expect(required.body.error).toMatch(/required column/)
    const bad = await call('POST', url, { workspaceId: ws, column: { name: '1x', type: 'string' } })
    expect(bad.status).toBe(400)
  })

  it('renames a column and keeps every row value under the new name', async () => {
    const t = await createTable('cols_rename')
    await call('POST', `/api/v1/tables/${t.id}/rows`, {
      workspaceId: ws,
      rows: [
        { name: 'Ada', email: 'ada@x.test', age: 36 },
        { name: 'Bob', age: 20 },
      ],
    })
    const res = await call('PATCH', `/api/v1/tables/${t.id}/columns`, {
      workspaceId: ws,
      columnName: 'email',
      updates: { name: 'mail' },
    })
    expect(res.status).toBe(200)
    expect(ColumnsResponseSchema.parse(res.body).data.columns[1]).toEqual({
      name: 'mail',
      type: 'string',
      required: false,
      unique: true,
    })
    const rows = (await call('GET', `/api/v1/tables/${t.id}/rows?workspaceId=${ws}`)).body.data.rows
    expect(rows.map((r: { data: unknown }) => r.data)).toEqual([
      { name: 'Ada', mail: 'ada@x.test', age: 36 },
      { name: 'Bob', age: 20 },
    ])
    // Uniqueness follows the column to its new name.
    const clash = await call('POST', `/api/v1/tables/${t.id}/rows`, {
      workspaceId: ws,
      data: { name: 'Eve', mail: 'ada@x.test' },
    })
    expect(clash.status).toBe(400)
  })

  it('changes a type when every value converts, and names the rows when one does not', async () => {
    const t = await createTable('cols_type')
    await call('POST', `/api/v1/tables/${t.id}/rows`, {
      workspaceId: ws,
      rows: [{ name: '1', age: 36 }, { name: '2' }, { name: 'three', age: 7 }],
    })
    const url = `/api/v1/tables/${t.id}/columns`
    const toText = await call('PATCH', url, {
      workspaceId: ws,
      columnName: 'age',
      updates: { type: 'string' },
    })
    expect(toText.status).toBe(200)
    const rows = (await call('GET', `/api/v1/tables/${t.id}/rows?workspaceId=${ws}`)).body.data.rows
    expect(rows.map((r: { data: { age?: unknown } }) => r.data.age)).toEqual(['36', undefined, '7'])

    const refused = await call('PATCH', url, {
      workspaceId: ws,
      columnName: 'name',
      updates: { type: 'number' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/1 row\(s\) hold values of name that cannot become number/)
    expect(refused.body.details).toEqual(['Row at position 2: "three"'])
    // Nothing changed: the refused change was rolled back.
    const table = (await call('GET', `/api/v1/tables/${t.id}?workspaceId=${ws}`)).body.data.table
    expect(table.schema.columns[0].type).toBe('string')
  })

  it('turns unique and required on only when the stored rows allow it', async () => {
    const t = await createTable('cols_flags')
    await call('POST', `/api/v1/tables/${t.id}/rows`, {
      workspaceId: ws,
      rows: [
        { name: 'a', age: 1 },
        { name: 'b', age: 1 },
        { name: 'c', age: 2, email: 'c@x' },
      ],
    })
    const url = `/api/v1/tables/${t.id}/columns`
    const unique = await call('PATCH', url, {
      workspaceId: ws,
      columnName: 'age',
      updates: { unique: true },
    })
    expect(unique.status).toBe(400)
    expect(unique.body.details).toEqual(['age: 1 appears more than once'])
    const required = await call('PATCH', url, {
      workspaceId: ws,
      columnName: 'email',
      updates: { required: true },
    })
    expect(required.status).toBe(400)
    expect(required.body.error).toMatch(/2 row\(s\) have no value in email/)
    const ok = await call('PATCH', url, {
      workspaceId: ws,
      columnName: 'name',
      updates: { unique: true },
    })
    expect(ok.status).toBe(200)
    const dup = await call('POST', `/api/v1/tables/${t.id}/rows`, {
      workspaceId: ws,
      data: { name: 'a' },
    })
    expect(dup.status).toBe(400)
  })

  it('refuses updates naming no field, an unknown column, or a clashing new name', async () => {
    const t = await createTable('cols_bad_update')
    const url = `/api/v1/tables/${t.id}/columns`
    const none = await call('PATCH', url, { workspaceId: ws, columnName: 'age', updates: {} })
    expect(none.status).toBe(400)
    const unknown = await call('PATCH', url, {
      workspaceId: ws,
      columnName: 'nope',
      updates: { required: true },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toBe('columnName: No column named "nope"')
    const clash = await call('PATCH', url, {
      workspaceId: ws,
      columnName: 'age',
      updates: { name: 'email' },
    })
    expect(clash.status).toBe(409)
  })

  it('drops a column and its values, but never the last one', async () => {
    const t = await createTable('cols_drop')
    await call('POST', `/api/v1/tables/${t.id}/rows`, {
      workspaceId: ws,
      data: { name: 'Ada', email: 'a@x', age: 3 },
    })
    const url = `/api/v1/tables/${t.id}/columns`
    for (const name of ['email', 'age']) {
      const res = await call('DELETE', url, { workspaceId: ws, columnName: name })
      expect(res.status).toBe(200)
      ColumnsResponseSchema.parse(res.body)
    }
    const rows = (await call('GET', `/api/v1/tables/${t.id}/rows?workspaceId=${ws}`)).body.data.rows
    expect(rows[0].data).toEqual({ name: 'Ada' })
    const last = await call('DELETE', url, { workspaceId: ws, columnName: 'name' })
    expect(last.status).toBe(400)
    expect(last.body.error).toMatch(/at least one column/)
    expect((await call('DELETE', url, { workspaceId: ws, columnName: 'zzz' })).status).toBe(400)
    // Re-adding a dropped column starts empty.
    await call('POST', url, { workspaceId: ws, column: { name: 'age', type: 'number' } })
    const again = (await call('GET', `/api/v1/tables/${t.id}/rows?workspaceId=${ws}`)).body.data
      .rows
    expect(again[0].data).toEqual({ name: 'Ada' })
  })

  it('answers 404 for columns of a table in another workspace', async () => {
    const foreign = await call('POST', '/api/v1/tables', {
      ...people('cols_foreign'),
      workspaceId: s.otherWorkspace.id,
    })
    const res = await call('POST', `/api/v1/tables/${foreign.body.data.table.id}/columns`, {
      workspaceId: ws,
      column: { name: 'x', type: 'string' },
    })
    expect(res.status).toBe(404)
  })
})

describe('who may use tables', () => {
  let tableId: string
  let foreignId: string
  let narrowed: string
  let reader: string

  beforeAll(async () => {
    tableId = (await createTable('access')).id
    foreignId = (
      await call('POST', '/api/v1/tables', {
        ...people('access'),
        workspaceId: s.otherWorkspace.id,
      })
    ).body.data.table.id
    const wf = s.app.ctx.store.workflows.create({
      workspaceId: ws,
      name: 'one',
      definition: { blocks: {}, edges: [], variables: {} },
    })
    narrowed = s.createKey({
      type: 'workspace',
      name: 'narrow',
      workspaceId: ws,
      workflowIds: [wf.id],
    })
    const rita = s.createUser('Rita Reader')
    s.app.ctx.store.identity.setPermission(ws, rita.id, 'read')
    reader = s.createKey({ type: 'personal', name: 'rita' }, rita)
  })

  const read = () => ['GET', `/api/v1/tables/${tableId}/rows?workspaceId=${ws}`] as const
  const write = () =>
    ['POST', `/api/v1/tables/${tableId}/rows`, { workspaceId: ws, data: { name: 'x' } }] as const

  it('lets workspace, personal and organization write keys read and write', async () => {
    for (const k of [s.keys.personal, s.keys.workspace, s.keys.organizationWrite]) {
      expect((await call(...read(), undefined, k)).status).toBe(200)
      const [m, u, p] = write()
      expect((await call(m, u, p, k)).status).toBe(200)
    }
  })

  it('lets a read-only organization key and a read-only user read but not write', async () => {
    for (const k of [s.keys.organizationRead, reader]) {
      expect((await call(...read(), undefined, k)).status).toBe(200)
      const [m, u, p] = write()
      const res = await call(m, u, p, k)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({
        error: 'Insufficient permissions: this request needs write access',
      })
      const create = await call('POST', '/api/v1/tables', people('never'), k)
      expect(create.status).toBe(403)
    }
  })

  it('refuses keys narrowed to workflows with 403 on every table endpoint', async () => {
    const res = await call('GET', `/api/v1/tables?workspaceId=${ws}`, undefined, narrowed)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ error: 'API key is not authorized for this workspace' })
    expect((await call(...read(), undefined, narrowed)).status).toBe(403)
    const [m, u, p] = write()
    expect((await call(m, u, p, narrowed)).status).toBe(403)
  })

  it('refuses keys of one workspace on another (403) and never shows foreign data (404)', async () => {
    const other = await call(
      'GET',
      `/api/v1/tables?workspaceId=${s.otherWorkspace.id}`,
      undefined,
      s.keys.workspace,
    )
    expect(other.status).toBe(403)
    // A foreign table id under the caller's own workspace is unknown there.
    for (const [method, url, payload] of [
      ['GET', `/api/v1/tables/${foreignId}/rows?workspaceId=${ws}`, undefined],
      ['POST', `/api/v1/tables/${foreignId}/rows`, { workspaceId: ws, data: { name: 'x' } }],
      ['DELETE', `/api/v1/tables/${foreignId}`, { workspaceId: ws }],
    ] as const) {
      const res = await call(method, url, payload, s.keys.organizationWrite)
      expect(res.status).toBe(404)
      expect(Object.keys(res.body)).toEqual(['error'])
    }
  })

  it('refuses personal keys where the workspace disallows them', async () => {
    s.app.ctx.store.identity.updateWorkspace(ws, { allowPersonalApiKeys: false })
    try {
      const res = await call(...read(), undefined, s.keys.personal)
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('Personal API keys are not allowed for this workspace')
      expect((await call(...read(), undefined, s.keys.workspace)).status).toBe(200)
    } finally {
      s.app.ctx.store.identity.updateWorkspace(ws, { allowPersonalApiKeys: true })
    }
  })

  it('carries the per-key rate-limit headers', async () => {
    const res = await call(...read())
    expect(res.headers['x-ratelimit-limit']).toBeDefined()
    expect(res.headers['x-ratelimit-remaining']).toBeDefined()
  })
})

describe('limits on the wire', () => {
  it('answers 429 with Retry-After once the per-key bucket is empty', async () => {
    const limited = await createTestService({ apiRatePerMinute: 1 })
    try {
      const url = `/api/v1/tables?workspaceId=${limited.workspace.id}`
      const k = limited.keys.personal
      expect((await limited.call(k, { method: 'GET', url })).statusCode).toBe(200)
      expect((await limited.call(k, { method: 'GET', url })).statusCode).toBe(200)
      const res = await limited.call(k, { method: 'GET', url })
      expect(res.statusCode).toBe(429)
      expect(res.headers['retry-after']).toBeDefined()
      expect(res.json().error).toBe('Rate limit exceeded')
    } finally {
      await limited.close()
    }
  })

  it('answers 400 for malformed JSON and 413 for a body over 10 MB', async () => {
    const t = await createTable('wire')
    const bad = await s.call(key, {
      method: 'POST',
      url: `/api/v1/tables/${t.id}/rows`,
      payload: '{"workspaceId":',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ error: 'Request body must be valid JSON' })
    const huge = await s.call(key, {
      method: 'POST',
      url: `/api/v1/tables/${t.id}/rows`,
      payload: JSON.stringify({ workspaceId: ws, data: { name: 'x'.repeat(11 * 1024 * 1024) } }),
      headers: { 'content-type': 'application/json' },
    })
    expect(huge.statusCode).toBe(413)
  })
})

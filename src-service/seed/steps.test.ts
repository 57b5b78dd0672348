import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../http/app.ts'
import { createServiceContext } from '../services/context.ts'
import { runSeed, type SeedResult } from './steps.ts'
import { GetTableResponseSchema, ListRowsResponseSchema } from '../../src-shared/api/index.ts'

let dir: string
let workflowsDir: string
const logs: string[] = []

const count = (ctx: ReturnType<typeof createServiceContext>, table: string) =>
  Number(ctx.store.db.raw.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n)

function seedOnce(): { result: SeedResult; counts: Record<string, number> } {
  const ctx = createServiceContext({ dataDir: join(dir, 'data') })
  try {
    const result = runSeed(ctx, { workflowsDir, log: (line) => logs.push(line) })
    const tables = [
      'organizations',
      'users',
      'workspaces',
      'api_keys',
      'workflows',
      'audit_logs',
      'user_tables',
      'table_rows',
      'knowledge_bases',
      'knowledge_documents',
      'knowledge_chunks',
      'workspace_files',
    ]
    return { result, counts: Object.fromEntries(tables.map((t) => [t, count(ctx, t)])) }
  } finally {
    ctx.store.db.close()
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowdeck-seed-'))
  workflowsDir = join(dir, 'workflows')
  mkdirSync(workflowsDir)
  const start = { id: 'start', type: 'start_trigger', name: 'Start' }
  writeFileSync(
    join(workflowsDir, 'greeting.json'),
    JSON.stringify({ blocks: { start }, edges: [] }),
  )
  writeFileSync(
    join(workflowsDir, 'exotic.json'),
    JSON.stringify({ blocks: { s: { type: 'slack' } } }),
  )
  // Demo documents beside the workflows folder, as in resources/.
  const knowledgeDir = join(dir, 'demo-docs', 'knowledge')
  const filesDir = join(dir, 'demo-docs', 'files')
  mkdirSync(knowledgeDir, { recursive: true })
  mkdirSync(filesDir, { recursive: true })
  writeFileSync(join(knowledgeDir, 'guide.md'), '# Guide\n\nTides rise twice a day.')
  writeFileSync(join(knowledgeDir, 'faq.html'), '<h1>FAQ</h1><p>Ask <b>anything</b>.</p>')
  writeFileSync(join(filesDir, 'notes.txt'), 'Notes.')
  writeFileSync(join(filesDir, 'prices.csv'), 'plan,price\nfree,0\n')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('seed', () => {
  it('creates the demo once and prints the same ids and keys on every run', () => {
    const first = seedOnce()
    const second = seedOnce()
    expect(second.result).toEqual(first.result)
    expect(second.counts).toEqual(first.counts)
    expect(first.counts).toMatchObject({
      organizations: 1,
      users: 1,
      workspaces: 1,
      api_keys: 4,
      workflows: 1,
      user_tables: 1,
      table_rows: 50,
      knowledge_bases: 1,
      knowledge_documents: 2,
      workspace_files: 2,
    })
    expect(first.result.tableId).toEqual(expect.any(String))
    expect(first.result.knowledgeBaseId).toEqual(expect.any(String))
    expect(Object.keys(first.result.workflows)).toEqual(['greeting'])
    expect(Object.values(first.result.keys).every((k) => k.startsWith('sk-service-'))).toBe(true)
    expect(logs.some((line) => line.includes('exotic.json') && line.includes('slack'))).toBe(true)
  })

  it('hands out keys that work, on a deployed sample workflow', async () => {
    const { result } = seedOnce()
    const app = await buildApp({ dataDir: join(dir, 'data') })
    try {
      const call = (key: string) =>
        app.inject({
          method: 'GET',
          url: `/api/v1/workflows?workspaceId=${result.workspaceId}`,
          headers: { 'x-api-key': key },
        })
      for (const key of Object.values(result.keys)) expect((await call(key)).statusCode).toBe(200)
      const list = (await call(result.keys.personal)).json()
      expect(list.data).toEqual([
        expect.objectContaining({ id: result.workflows.greeting, isDeployed: true }),
      ])
      const audit = await app.inject({
        method: 'GET',
        url: '/api/v1/audit-logs',
        headers: { 'x-api-key': result.keys.personal },
      })
      expect(audit.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('seeds a typed demo table whose rows the keys can read, with a unique and a required column', async () => {
    const { result } = seedOnce()
    const app = await buildApp({ dataDir: join(dir, 'data') })
    try {
      const get = (url: string) =>
        app.inject({ method: 'GET', url, headers: { 'x-api-key': result.keys.organizationRead } })
      const table = GetTableResponseSchema.parse(
        (await get(`/api/v1/tables/${result.tableId}?workspaceId=${result.workspaceId}`)).json(),
      ).data.table
      expect(table.rowCount).toBe(50)
      const columns = table.schema.columns
      expect(columns.find((c) => c.unique)?.name).toBe('email')
      expect(columns.find((c) => c.required)?.name).toBe('name')
      expect(new Set(columns.map((c) => c.type)).size).toBeGreaterThanOrEqual(5)
      const page = ListRowsResponseSchema.parse(
        (
          await get(
            `/api/v1/tables/${result.tableId}/rows?workspaceId=${result.workspaceId}&limit=100`,
          )
        ).json(),
      ).data
      expect(page.totalCount).toBe(50)
      const emails = page.rows.map((r) => r.data.email)
      expect(new Set(emails).size).toBe(50)
      expect(page.rows.every((r) => typeof r.data.name === 'string' && r.data.name !== '')).toBe(
        true,
      )
    } finally {
      await app.close()
    }
  })

  it('hands out a knowledge base whose documents are processed, and the workspace files', async () => {
    const { result } = seedOnce()
    const app = await buildApp({ dataDir: join(dir, 'data') })
    try {
      const get = async (url: string) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { 'x-api-key': result.keys.personal },
        })
        expect(res.statusCode).toBe(200)
        return res.json()
      }
      const ws = `workspaceId=${result.workspaceId}`
      const kb = await get(`/api/v1/knowledge/${result.knowledgeBaseId}?${ws}`)
      expect(kb.data.knowledgeBase).toMatchObject({ name: 'Product handbook', docCount: 2 })
      const docs = await get(
        `/api/v1/knowledge/${result.knowledgeBaseId}/documents?${ws}&sortBy=filename&sortOrder=asc`,
      )
      expect(docs.data.documents).toEqual([
        expect.objectContaining({
          filename: 'faq.html',
          processingStatus: 'completed',
          chunkCount: 1,
        }),
        expect.objectContaining({
          filename: 'guide.md',
          processingStatus: 'completed',
          chunkCount: 1,
        }),
      ])
      const tokens = docs.data.documents.reduce(
        (sum: number, d: { tokenCount: number }) => sum + d.tokenCount,
        0,
      )
      expect(tokens).toBeGreaterThan(0)
      expect(kb.data.knowledgeBase.tokenCount).toBe(tokens)
      const files = await get(`/api/v1/docs?${ws}`)
      expect(files.data.files.map((f: { name: string }) => f.name).sort()).toEqual([
        'notes.txt',
        'prices.csv',
      ])
    } finally {
      await app.close()
    }
  })

  it('creates the demo table again if it was archived, and adopts a user table of that name', () => {
    const before = seedOnce().result
    const ctx = createServiceContext({ dataDir: join(dir, 'data') })
    ctx.store.tables.archive(before.tableId as string)
    ctx.store.db.close()
    const after = seedOnce()
    expect(after.result.tableId).not.toBe(before.tableId)
    expect(after.counts.table_rows).toBe(100)
    expect(seedOnce().result.tableId).toBe(after.result.tableId)

    const again = createServiceContext({ dataDir: join(dir, 'data') })
    again.store.tables.archive(after.result.tableId as string)
    const mine = again.store.tables.create({
      workspaceId: before.workspaceId,
      name: 'contacts',
      description: 'mine',
      columns: [{ name: 'x', type: 'string', required: false, unique: false }],
      maxRows: 10,
      createdBy: before.userId,
    })
    again.store.db.close()
    const adopted = seedOnce()
    expect(adopted.result.tableId).toBe(mine.id)
    expect(adopted.counts.user_tables).toBe(after.counts.user_tables + 1)
  })

  it('replaces a revoked demo key instead of printing a dead one', () => {
    const before = seedOnce().result
    const ctx = createServiceContext({ dataDir: join(dir, 'data') })
    const id = ctx.store.meta.get('seed.key.workspace') as string
    ctx.store.keys.revoke(id)
    ctx.store.db.close()
    const after = seedOnce().result
    expect(after.keys.workspace).not.toBe(before.keys.workspace)
    expect(after.keys.personal).toBe(before.keys.personal)
  })
})

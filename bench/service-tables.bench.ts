// Section: tables on a 100k-row table. Batch insert (1000 rows per POST, ms per batch, with the
// unique and per-column indexes maintained), then GET rows pages of 100: plain, a deep offset,
// indexed filters + sorts, and a text search that must scan every row; for each, the first
// request alone (it counts the matches) and then requests/s under load (16 clients).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../src-service/server.ts'
import { runSeed } from '../src-service/seed/steps.ts'
import { fmt, load } from './load.ts'

const ROWS = 100_000
const BATCH = 1000
const CITIES = 50

function batchOf(start: number): Record<string, unknown>[] {
  return Array.from({ length: BATCH }, (_, k) => {
    const i = start + k
    return {
      name: `Person ${i}`,
      email: `person${i}@example.com`,
      age: 18 + (i % 60),
      city: `City ${i % CITIES}`,
      score: (i * 7919) % 10_000,
      signedUp: `202${i % 6}-${String(1 + (i % 12)).padStart(2, '0')}-15`,
      active: i % 3 !== 0,
    }
  })
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0

export async function run(seconds: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-'))
  const service = await startServer({
    dataDir,
    port: 0,
    apiRatePerMinute: 100_000_000,
    tableMaxRows: ROWS,
  })
  const seed = runSeed(service.app.ctx, { workflowsDir: join(dataDir, 'none') })
  const headers = { 'x-api-key': seed.keys.personal, 'content-type': 'application/json' }
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json()) as { data: Record<string, unknown> }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
    return json.data
  }

  const created = await api('POST', '/api/v1/tables', {
    workspaceId: seed.workspaceId,
    name: 'bench',
    schema: {
      columns: [
        { name: 'name', type: 'string', required: true },
        { name: 'email', type: 'string', unique: true },
        { name: 'age', type: 'number' },
        { name: 'city', type: 'string' },
        { name: 'score', type: 'number' },
        { name: 'signedUp', type: 'date' },
        { name: 'active', type: 'boolean' },
      ],
    },
  })
  const tableId = (created.table as { id: string }).id

  const batchMs: number[] = []
  for (let start = 0; start < ROWS; start += BATCH) {
    const body = { workspaceId: seed.workspaceId, rows: batchOf(start) }
    const t0 = performance.now()
    await api('POST', `/api/v1/tables/${tableId}/rows`, body)
    batchMs.push(performance.now() - t0)
  }
  const sorted = [...batchMs].sort((a, b) => a - b)
  const mean = batchMs.reduce((a, b) => a + b, 0) / batchMs.length
  console.log(
    `  insert 1000 rows (POST, ${batchMs.length} batches to ${ROWS})  mean ${mean.toFixed(1)} ms, ` +
      `p50 ${pct(sorted, 0.5).toFixed(1)} ms, p99 ${pct(sorted, 0.99).toFixed(1)} ms per batch ` +
      `(${((BATCH / mean) * 1000).toFixed(0)} rows/s)`,
  )

  const rows = (query: Record<string, unknown>) => {
    const params = new URLSearchParams({ workspaceId: seed.workspaceId, limit: '100' })
    for (const [k, v] of Object.entries(query)) params.set(k, JSON.stringify(v))
    return `${service.url}/api/v1/tables/${tableId}/rows?${params}`
  }
  const cases: [string, string][] = [
    ['page of 100, no filter', rows({})],
    ['page of 100 at offset 50000', rows({}).replace('limit=100', 'limit=100&offset=50000')],
    [
      'filter age 30..39 + city, sort score desc',
      rows({
        filter: { age: { $gte: 30, $lt: 40 }, city: { $in: ['City 1', 'City 2', 'City 3'] } },
        sort: { score: 'desc' },
      }),
    ],
    [
      'filter active + date range, sort name',
      rows({
        filter: { active: true, signedUp: { $gte: '2022-01-01', $lt: '2023-01-01' } },
        sort: { name: 'asc' },
      }),
    ],
    [
      'text search $contains (full scan), sort age',
      rows({ filter: { name: { $contains: '99' } }, sort: { age: 'asc' } }),
    ],
  ]
  // The first request of each case counts its matches; later pages of the same query reuse
  // that count until the table changes, so both are reported.
  for (const [label, url] of cases) {
    const t0 = performance.now()
    const first = await fetch(url, { headers: { 'x-api-key': seed.keys.personal } })
    const body = (await first.json()) as { data: { totalCount: number } }
    const cold = performance.now() - t0
    const result = await load({ url, headers: { 'x-api-key': seed.keys.personal }, seconds })
    console.log(
      `  GET rows: ${label.padEnd(44)} first ${cold.toFixed(1)} ms (${body.data.totalCount} match); ` +
        `then ${fmt(result)}`,
    )
  }
  await service.close()
  rmSync(dataDir, { recursive: true, force: true })
}

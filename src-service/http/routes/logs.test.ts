// /api/v1/logs: a row per run, filters, cursor paging both ways, the detail with its workflow and
// execution data, the per-key rate limit headers and the limits object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ListLogsResponseSchema, LogDetailResponseSchema } from '../../../src-shared/api/logs.ts'
import { shutdownFunctionPool } from '../../engine/index.ts'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'
import { deploySample, waitForJob } from '../../testing/workflows.ts'

const clock = manualClock('2026-05-01T08:00:00.000Z')
let s: TestService
const ids: Record<string, string> = {}
const runs: { workflow: string; executionId: string }[] = []

const list = async (query: Record<string, string>, key = s.keys.personal) => {
  const res = await s.call(key, {
    method: 'GET',
    url: '/api/v1/logs',
    query: { workspaceId: s.workspace.id, ...query },
  })
  return res
}

beforeAll(async () => {
  s = await createTestService({ clock })
  for (const name of ['branching', 'fails-on-purpose', 'approval'])
    ids[name] = await deploySample(s, name)
  const run = async (workflow: string, payload: object, async = false) => {
    clock.advance(1000)
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/workflows/${ids[workflow]}/execute`,
      payload,
      headers: async ? { 'x-execution-mode': 'async' } : {},
    })
    const executionId = (res.json().executionId ?? res.headers['x-execution-id']) as string
    runs.push({ workflow, executionId })
    if (async) await waitForJob(s, executionId)
  }
  await run('branching', { number: 1 })
  await run('branching', { number: 20 }, true)
  await run('fails-on-purpose', {})
  await run('approval', {})
  await run('branching', { number: 3 })
})

afterAll(async () => {
  await s.close()
  await shutdownFunctionPool()
})

describe('GET /api/v1/logs', () => {
  it('lists one entry per run, newest first, with limits and rate-limit headers', async () => {
    const res = await list({})
    expect(res.statusCode).toBe(200)
    const page = ListLogsResponseSchema.parse(res.json())
    expect(page.data.map((l) => l.executionId)).toEqual(runs.map((r) => r.executionId).reverse())
    expect(page.nextCursor ?? null).toBeNull()
    expect(page.limits.workflowExecutionRateLimit.sync.requestsPerMinute).toBeGreaterThan(0)
    expect(res.headers['x-ratelimit-limit']).toBeDefined()
    expect(res.headers['x-ratelimit-remaining']).toBeDefined()
    const failed = page.data.find((l) => l.workflowId === ids['fails-on-purpose'])!
    expect(failed).toMatchObject({ level: 'error', trigger: 'api' })
    // Every run, failed and paused ones too, shows what it cost, and the logs add up to the
    // period cost the usage route reports for the same account.
    expect(page.data.every((l) => l.cost.total > 0)).toBe(true)
    const usage = await s.call(s.keys.personal, {
      method: 'GET',
      url: '/api/users/me/usage-limits',
    })
    const periodCost = usage.json().usage.currentPeriodCost as number
    const logged = page.data.reduce((sum, l) => sum + l.cost.total, 0)
    expect(logged).toBeCloseTo(periodCost, 6)
    const paused = page.data.find((l) => l.workflowId === ids.approval)!
    expect(paused).toMatchObject({ level: 'info', endedAt: null, totalDurationMs: null })
    const done = page.data.find((l) => l.executionId === runs[0]!.executionId)!
    expect(done.endedAt).not.toBeNull()
    expect(done.totalDurationMs).toBeGreaterThanOrEqual(0)
  })

  it('filters by workflow, level and dates, and orders either way', async () => {
    const byWorkflow = ListLogsResponseSchema.parse(
      (await list({ workflowIds: `${ids.branching},${ids.approval}` })).json(),
    )
    expect(byWorkflow.data).toHaveLength(4)
    const errors = ListLogsResponseSchema.parse((await list({ level: 'error' })).json())
    expect(errors.data.map((l) => l.workflowId)).toEqual([ids['fails-on-purpose']])
    const all = ListLogsResponseSchema.parse((await list({ order: 'asc' })).json()).data
    expect(all.map((l) => l.executionId)).toEqual(runs.map((r) => r.executionId))
    const window = ListLogsResponseSchema.parse(
      (await list({ startDate: all[1]!.startedAt, endDate: all[3]!.startedAt })).json(),
    )
    expect(window.data).toHaveLength(3)
    // The same instant written with an offset selects the same runs.
    const shifted = new Date(Date.parse(all[1]!.startedAt)).toISOString().replace('Z', '+00:00')
    expect(
      ListLogsResponseSchema.parse((await list({ startDate: shifted })).json()).data,
    ).toHaveLength(4)
  })

  it('pages with cursors in both orders without repeats or gaps', async () => {
    for (const order of ['desc', 'asc']) {
      const seen: string[] = []
      let cursor: string | undefined
      do {
        const page = ListLogsResponseSchema.parse(
          (await list({ limit: '2', order, ...(cursor ? { cursor } : {}) })).json(),
        )
        seen.push(...page.data.map((l) => l.executionId))
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      const expected = runs.map((r) => r.executionId)
      expect(seen).toEqual(order === 'asc' ? expected : [...expected].reverse())
    }
  })

  it('clamps limit into 1..1000 and refuses bad filters and cursors', async () => {
    expect(ListLogsResponseSchema.parse((await list({ limit: '0' })).json()).data).toHaveLength(1)
    expect((await list({ limit: '5000' })).statusCode).toBe(200)
    expect((await list({ level: 'debug' })).statusCode).toBe(400)
    expect((await list({ cursor: 'garbage' })).statusCode).toBe(400)
    expect((await list({ startDate: 'yesterday' })).statusCode).toBe(400)
    const noWorkspace = await s.call(s.keys.personal, { method: 'GET', url: '/api/v1/logs' })
    expect(noWorkspace.statusCode).toBe(400)
  })

  it('shows a key narrowed to one workflow only that workflow’s logs', async () => {
    const narrow = s.createKey({
      type: 'workspace',
      name: 'narrow',
      workspaceId: s.workspace.id,
      workflowIds: [ids.approval!],
    })
    const page = ListLogsResponseSchema.parse((await list({}, narrow)).json())
    expect(page.data.map((l) => l.workflowId)).toEqual([ids.approval])
    const other = page.data[0]!.id
    expect(
      (
        await s.call(narrow, {
          method: 'GET',
          url: `/api/v1/logs/${other}`,
          query: { workspaceId: s.workspace.id },
        })
      ).statusCode,
    ).toBe(200)
    const hidden = ListLogsResponseSchema.parse((await list({})).json()).data.find(
      (l) => l.workflowId === ids.branching,
    )!
    const res = await s.call(narrow, {
      method: 'GET',
      url: `/api/v1/logs/${hidden.id}`,
      query: { workspaceId: s.workspace.id },
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /api/v1/logs/{id}', () => {
  it('answers the entry with its workflow and execution data', async () => {
    const entry = ListLogsResponseSchema.parse((await list({ level: 'error' })).json()).data[0]!
    const res = await s.call(s.keys.personal, {
      method: 'GET',
      url: `/api/v1/logs/${entry.id}`,
      query: { workspaceId: s.workspace.id },
    })
    expect(res.statusCode).toBe(200)
    const { data, limits } = LogDetailResponseSchema.parse(res.json())
    expect(limits).toBeDefined()
    expect(data).toMatchObject({
      ...entry,
      workflow: { id: ids['fails-on-purpose'], name: 'fails-on-purpose' },
      executionData: {
        status: 'failed',
        mode: 'sync',
        error: 'This workflow fails on purpose: this is a demonstration',
        blocks: [
          { blockId: 'start', success: true },
          { blockId: 'explode', success: false, error: expect.stringMatching(/fails on purpose/) },
        ],
      },
    })
  })

  it('404 for an unknown id or another workspace’s log', async () => {
    const entry = ListLogsResponseSchema.parse((await list({})).json()).data[0]!
    const elsewhere = await s.call(s.keys.personal, {
      method: 'GET',
      url: `/api/v1/logs/${entry.id}`,
      query: { workspaceId: s.otherWorkspace.id },
    })
    expect(elsewhere.statusCode).toBe(404)
    const unknown = await s.call(s.keys.personal, {
      method: 'GET',
      url: '/api/v1/logs/nope',
      query: { workspaceId: s.workspace.id },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'Log not found' })
  })
})

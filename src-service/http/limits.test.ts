// buildApp wires the real execution gate by default, and every `limits` object reports the
// billed account's live buckets and usage; ServiceError headers reach the response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ListWorkflowsResponseSchema } from '../../src-shared/api/workflows.ts'
import { ListAuditLogsResponseSchema } from '../../src-shared/api/audit.ts'
import { hashKey } from '../auth/key-crypto.ts'
import { openGate } from '../services/execution-gate.ts'
import { ServiceError } from '../services/errors.ts'
import { createTestService, manualClock, type TestService } from '../testing/test-app.ts'
import type { WorkspaceRecord } from '../store/identity-repo.ts'

const clock = manualClock('2026-05-20T08:00:00.000Z')
let s: TestService
let shared: WorkspaceRecord
beforeAll(async () => {
  s = await createTestService({ clock, maxInFlightRuns: 1 })
  // A workspace billed to someone other than its owner.
  const billing = s.createUser('Bea Billing')
  shared = s.app.ctx.store.identity.createWorkspace({
    organizationId: s.org.id,
    name: 'Shared',
    slug: 'shared',
    color: '#336699',
    ownerId: s.owner.id,
    billedAccountUserId: billing.id,
  })
  // A stand-in for an execute route (built elsewhere): admits a run and holds its slot.
  s.app.get('/test/admit', { config: { auth: { scope: 'public' } } }, async () => {
    admit(s.keys.personal, s.workspace)
    return { ok: true }
  })
})
afterAll(() => s.close())

function admit(keyValue: string, workspace: WorkspaceRecord, mode: 'sync' | 'async' = 'sync') {
  const { store } = s.app.ctx
  const key = store.keys.findActiveByHash(hashKey(keyValue))
  const user = key && store.identity.getUser(key.userId)
  if (!key || !user) throw new Error('no such key')
  return s.app.ctx.gate.admit({ caller: { key, user }, workspace, workflowId: 'wf', mode })
}

const workflowsLimits = async (key: string, workspaceId: string) => {
  const res = await s.call(key, {
    method: 'GET',
    url: `/api/v1/workflows?workspaceId=${workspaceId}`,
  })
  expect(res.statusCode).toBe(200)
  return ListWorkflowsResponseSchema.parse(res.json()).limits
}

describe('the execution gate in buildApp', () => {
  it('is the real gate by default, not the open one', () => {
    expect(s.app.ctx.gate).not.toBe(openGate)
    expect(s.app.ctx.gate).toBe(s.app.ctx.limits)
  })

  it('changes the limits object of workflow and audit-log responses as runs are admitted and settled', async () => {
    const before = await workflowsLimits(s.keys.personal, s.workspace.id)
    expect(before.workflowExecutionRateLimit.sync).toMatchObject({
      requestsPerMinute: 600,
      maxBurst: 1200,
      remaining: 1200,
    })
    expect(before.usage).toEqual({
      currentPeriodCost: 0,
      limit: 5000,
      plan: 'enterprise',
      isExceeded: false,
    })

    admit(s.keys.personal, s.workspace, 'async').settle({
      executionId: 'x-1',
      status: 'completed',
      durationMs: 9,
      blocksExecuted: 2,
    })
    const after = await workflowsLimits(s.keys.workspace, s.workspace.id)
    expect(after.workflowExecutionRateLimit.sync.remaining).toBe(1199)
    expect(after.workflowExecutionRateLimit.async.remaining).toBe(9999)
    expect(after.usage.currentPeriodCost).toBeCloseTo(0.002, 9)

    const audit = await s.call(s.keys.personal, { method: 'GET', url: '/api/v1/audit-logs' })
    expect(
      ListAuditLogsResponseSchema.parse(audit.json()).limits.usage.currentPeriodCost,
    ).toBeCloseTo(0.002, 9)
  })

  it("reports the workspace's billed account to workspace and organization keys", async () => {
    const wsKey = s.createKey({ type: 'workspace', name: 'shared', workspaceId: shared.id })
    admit(wsKey, shared).settle({
      executionId: 'x-2',
      status: 'completed',
      durationMs: 9,
      blocksExecuted: 0,
    })
    const billed = await workflowsLimits(wsKey, shared.id)
    expect(billed.workflowExecutionRateLimit.sync.remaining).toBe(1199)
    expect(billed.usage.currentPeriodCost).toBeCloseTo(0.001, 9)
    // The owner's personal key in the same workspace bills the owner, whose figures differ.
    const own = await workflowsLimits(s.keys.personal, shared.id)
    expect(own.usage.currentPeriodCost).toBeCloseTo(0.002, 9)
  })

  it('answers a full admission gate with 429, Retry-After: 5 and the API-NOTES body', async () => {
    const held = admit(s.keys.personal, s.workspace)
    const res = await s.app.inject({ method: 'GET', url: '/test/admit' })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.json()).toEqual({
      error: 'Too many requests',
      code: 'ADMISSION_GATE_CAPACITY',
      retryAfterSeconds: 5,
    })
    held.settle({ executionId: 'x-3', status: 'cancelled', durationMs: 1, blocksExecuted: 0 })
    expect((await s.app.inject({ method: 'GET', url: '/test/admit' })).statusCode).toBe(200)
  })
})

describe('ServiceError headers', () => {
  it('are sent with the error body, and absent unless set', async () => {
    const t = await createTestService()
    t.app.get('/test/teapot', { config: { auth: { scope: 'public' } } }, async () => {
      throw new ServiceError('unavailable', 'Try later', { headers: { 'X-Why': 'because' } })
    })
    t.app.get('/test/plain', { config: { auth: { scope: 'public' } } }, async () => {
      throw new ServiceError('rate_limited', 'Rate limit exceeded. Please try again later.')
    })
    const res = await t.app.inject({ method: 'GET', url: '/test/teapot' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['x-why']).toBe('because')
    expect(res.json()).toEqual({ error: 'Try later' })
    const plain = await t.app.inject({ method: 'GET', url: '/test/plain' })
    expect(plain.statusCode).toBe(429)
    expect(plain.headers['retry-after']).toBeUndefined()
    await t.close()
  })
})

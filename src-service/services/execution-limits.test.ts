// The execution gate through its interface, on a real store: buckets and the clock, sync vs
// async drawing, the admission gate, settle semantics, cost per billing period, the budget,
// and which account each key type bills.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashKey } from '../auth/key-crypto.ts'
import type { Caller } from '../auth/access.ts'
import { createTestService, manualClock, type TestService } from '../testing/test-app.ts'
import type { WorkspaceRecord } from '../store/identity-repo.ts'
import { billingPeriodOf, runCost, runCostMicros } from './billing.ts'
import { ServiceError } from './errors.ts'
import type { AdmitRequest, RunUsage } from './execution-gate.ts'
import { createExecutionLimits, type ExecutionLimitsOptions } from './execution-limits.ts'

let s: TestService
let clock: ReturnType<typeof manualClock>

beforeEach(async () => {
  clock = manualClock('2026-01-31T23:58:00.000Z')
  s = await createTestService({ clock })
})
afterEach(() => s.close())

const gateWith = (options: Omit<ExecutionLimitsOptions, 'store' | 'clock'> = {}) =>
  createExecutionLimits({ store: s.app.ctx.store, clock, ...options })

function callerOf(value: string): Caller {
  const key = s.app.ctx.store.keys.findActiveByHash(hashKey(value))
  const user = key && s.app.ctx.store.identity.getUser(key.userId)
  if (!key || !user) throw new Error('no such key')
  return { key, user }
}

let runs = 0
const usage = (over: Partial<RunUsage> = {}): RunUsage => ({
  executionId: `exec-${++runs}`,
  status: 'completed',
  durationMs: 20,
  blocksExecuted: 3,
  ...over,
})

const request = (
  mode: AdmitRequest['mode'] = 'sync',
  key = s.keys.personal,
  workspace: WorkspaceRecord = s.workspace,
): AdmitRequest => ({ caller: callerOf(key), workspace, workflowId: 'wf-1', mode })

/** The ServiceError `fn` throws (fails the test when it throws nothing or something else). */
function refusal(fn: () => unknown): ServiceError {
  try {
    fn()
  } catch (error) {
    if (error instanceof ServiceError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('rate buckets', () => {
  it('allows a burst of 2 x rate, refuses with the spec message and no Retry-After, and refills with the clock', () => {
    const gate = gateWith({ rates: { sync: 2, async: 10 } })
    for (let i = 0; i < 4; i++) gate.admit(request()).settle(usage())
    const refused = refusal(() => gate.admit(request()))
    expect(refused.kind).toBe('rate_limited')
    expect(refused.message).toBe('Rate limit exceeded. Please try again later.')
    expect(refused.headers).toBeUndefined()
    expect(refused.code).toBeUndefined()

    const sync = () => gate.snapshot(s.owner.id).workflowExecutionRateLimit.sync
    expect(sync()).toMatchObject({ requestsPerMinute: 2, maxBurst: 4, remaining: 0 })
    expect(sync().resetAt).toBe('2026-01-31T23:59:00.000Z')

    clock.advance(59_999)
    expect(() => gate.admit(request())).toThrow(ServiceError)
    clock.advance(1)
    expect(sync()).toMatchObject({ remaining: 2, resetAt: '2026-02-01T00:00:00.000Z' })
    gate.admit(request())
    gate.admit(request())
    expect(() => gate.admit(request())).toThrow('Rate limit exceeded')
  })

  it('draws sync for every mode and async only for async requests', () => {
    const gate = gateWith({ rates: { sync: 10, async: 1 } })
    const buckets = () => gate.snapshot(s.owner.id).workflowExecutionRateLimit
    gate.admit(request('sync'))
    gate.admit(request('stream'))
    expect(buckets().sync.remaining).toBe(18)
    expect(buckets().async.remaining).toBe(2)
    gate.admit(request('async'))
    gate.admit(request('async'))
    expect(buckets().sync.remaining).toBe(16)
    expect(buckets().async.remaining).toBe(0)

    // An async request refused for its empty async bucket costs no sync token.
    expect(refusal(() => gate.admit(request('async'))).message).toBe(
      'Rate limit exceeded. Please try again later.',
    )
    expect(buckets().sync.remaining).toBe(16)
    // Sync requests go on while the async bucket is empty.
    gate.admit(request('sync'))
    expect(buckets().sync.remaining).toBe(15)
  })

  it('refuses async requests when the sync bucket is empty, drawing nothing from async', () => {
    const gate = gateWith({ rates: { sync: 1, async: 100 } })
    gate.admit(request('sync'))
    gate.admit(request('sync'))
    expect(() => gate.admit(request('async'))).toThrow('Rate limit exceeded')
    expect(gate.snapshot(s.owner.id).workflowExecutionRateLimit.async.remaining).toBe(200)
  })

  it('defaults to the self-hosted enterprise rates, 600 sync and 5000 async per minute', () => {
    const { sync, async } = gateWith().snapshot(s.owner.id).workflowExecutionRateLimit
    expect(sync).toMatchObject({ requestsPerMinute: 600, maxBurst: 1200, remaining: 1200 })
    expect(async).toMatchObject({ requestsPerMinute: 5000, maxBurst: 10000, remaining: 10000 })
  })
})

describe('admission gate', () => {
  it('answers 429 with Retry-After: 5 when full, draws no token for it, and frees a slot on settle or release', () => {
    const gate = gateWith({ maxInFlight: 2, rates: { sync: 100 } })
    const first = gate.admit(request())
    const second = gate.admit(request('async'))
    expect(gate.inFlight).toBe(2)

    const full = refusal(() => gate.admit(request()))
    expect(full.kind).toBe('rate_limited')
    expect(full.headers).toEqual({ 'Retry-After': '5' })
    expect(full.code).toBe('ADMISSION_GATE_CAPACITY')
    expect(full.extra).toEqual({ retryAfterSeconds: 5 })
    expect(gate.snapshot(s.owner.id).workflowExecutionRateLimit.sync.remaining).toBe(198)

    first.settle(usage())
    expect(gate.inFlight).toBe(1)
    const third = gate.admit(request())
    expect(() => gate.admit(request())).toThrow('Too many requests')

    // An async run releases its slot once queued and is still billed when it ends.
    second.release?.()
    second.release?.()
    expect(gate.inFlight).toBe(1)
    const fourth = gate.admit(request())
    const before = gate.snapshot(s.owner.id).usage.currentPeriodCost
    second.settle(usage({ blocksExecuted: 0 }))
    expect(gate.inFlight).toBe(2)
    expect(gate.snapshot(s.owner.id).usage.currentPeriodCost).toBeCloseTo(before + 0.001, 9)
    third.settle(usage())
    fourth.settle(usage())
    expect(gate.inFlight).toBe(0)
  })

  it('defaults to 500 in-flight runs and refuses a non-positive maximum', () => {
    const gate = gateWith()
    expect(gate.maxInFlight).toBe(500)
    expect(() => gateWith({ maxInFlight: 0 })).toThrow('maxInFlight')
  })
})

describe('settle', () => {
  it('counts a run once however often it is settled, and settleOrphan never double-charges', () => {
    const gate = gateWith({ maxInFlight: 5 })
    const ticket = gate.admit(request())
    gate.admit(request())
    expect(gate.inFlight).toBe(2)
    const run = usage({ blocksExecuted: 4, tokens: { prompt: 1500, completion: 500 } })
    ticket.settle(run)
    ticket.settle(run)
    ticket.settle(usage())
    expect(gate.inFlight).toBe(1)
    // 0.001 + 4 x 0.0005 + 2 x 0.002
    expect(runCost(run)).toBeCloseTo(0.007, 9)
    expect(gate.snapshot(s.owner.id).usage.currentPeriodCost).toBeCloseTo(0.007, 9)

    // Restart recovery settles by usage alone; the same execution id is not charged again.
    gate.settleOrphan(s.owner.id, run)
    expect(gate.snapshot(s.owner.id).usage.currentPeriodCost).toBeCloseTo(0.007, 9)
    gate.settleOrphan(s.owner.id, usage({ status: 'failed', blocksExecuted: 1 }))
    expect(gate.snapshot(s.owner.id).usage.currentPeriodCost).toBeCloseTo(0.0085, 9)
    expect(gate.inFlight).toBe(1)
  })

  it('sums cost per calendar month in UTC: a run belongs to the period in which it ended', () => {
    const gate = gateWith()
    const late = gate.admit(request())
    gate.admit(request()).settle(usage({ blocksExecuted: 2 })) // January: 0.002
    const cost = () => gate.snapshot(s.owner.id).usage.currentPeriodCost
    expect(cost()).toBeCloseTo(0.002, 9)

    clock.advance(3 * 60_000) // 2026-02-01T00:01
    expect(cost()).toBe(0)
    late.settle(usage({ blocksExecuted: 0 })) // admitted in January, ended in February
    gate.admit(request()).settle(usage({ blocksExecuted: 8 })) // 0.005
    expect(cost()).toBeCloseTo(0.006, 9)

    // A fresh gate (a restarted process) reads the same totals from the store.
    expect(gateWith().snapshot(s.owner.id).usage.currentPeriodCost).toBeCloseTo(0.006, 9)
    const { usage: repo } = s.app.ctx.store
    expect(repo.periodTotalMicros(s.owner.id, '2026-01')).toBe(2_000)
    expect(repo.periodTotalMicros(s.owner.id, '2026-02')).toBe(6_000)
    expect(billingPeriodOf(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      key: '2026-12',
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    })
  })

  it('prices runs by the documented model in whole micro-dollars', () => {
    expect(runCostMicros({ blocksExecuted: 0 })).toBe(1_000)
    expect(runCostMicros({ blocksExecuted: 5 })).toBe(3_500)
    expect(runCostMicros({ blocksExecuted: 1, tokens: { prompt: 1, completion: 0 } })).toBe(1_502)
    expect(runCostMicros({ blocksExecuted: -3 })).toBe(1_000)
  })
})

describe('usage budget', () => {
  it("refuses with 402 once the billed account has spent its plan's budget, until the next period", () => {
    s.app.ctx.store.identity.setPlan(s.org.id, 'free') // $10 a period
    const gate = gateWith()
    // 0.001 + 0.0005 + 4,998,250 tokens x $0.002/1k = $9.998 ...
    gate
      .admit(request())
      .settle(usage({ blocksExecuted: 1, tokens: { prompt: 4_998_250, completion: 0 } }))
    expect(gate.snapshot(s.owner.id).usage).toEqual({
      currentPeriodCost: 9.998,
      limit: 10,
      plan: 'free',
      isExceeded: false,
    })
    // ... and one more run of three blocks crosses $10.
    gate.admit(request()).settle(usage())
    expect(gate.snapshot(s.owner.id).usage).toMatchObject({
      currentPeriodCost: 10.0005,
      isExceeded: true,
    })

    const refused = refusal(() => gate.admit(request('async')))
    expect(refused.kind).toBe('payment_required')
    expect(refused.message).toBe(
      "Usage limit exceeded: $10.00 of the free plan's $10.00 used this billing period. Upgrade the plan or wait until 2026-02-01T00:00:00.000Z.",
    )
    // A refused run draws no token.
    expect(gate.snapshot(s.owner.id).workflowExecutionRateLimit.sync.remaining).toBe(1198)
    // Workspace keys on the owner's workspaces bill the same account, so they are refused too.
    expect(refusal(() => gate.admit(request('sync', s.keys.workspace))).kind).toBe(
      'payment_required',
    )

    s.app.ctx.store.identity.setPlan(s.org.id, 'pro') // $100
    gate.admit(request()).settle(usage())
    s.app.ctx.store.identity.setPlan(s.org.id, 'free')
    clock.advance(2 * 60_000) // February
    expect(gate.snapshot(s.owner.id).usage).toMatchObject({
      currentPeriodCost: 0,
      isExceeded: false,
    })
    gate.admit(request())
  })
})

describe('billing account by key type', () => {
  it('bills the holder of a personal key and the workspace billed account for workspace and organization keys', () => {
    const { identity } = s.app.ctx.store
    const billing = s.createUser('Bea Billing')
    const member = s.createUser('Max Member')
    const shared = identity.createWorkspace({
      organizationId: s.org.id,
      name: 'Shared',
      slug: 'shared',
      color: '#336699',
      ownerId: s.owner.id,
      billedAccountUserId: billing.id,
    })
    identity.setPermission(shared.id, member.id, 'write')
    const keys = {
      ownerPersonal: s.keys.personal,
      memberPersonal: s.createKey({ type: 'personal', name: 'mine' }, member),
      workspace: s.createKey({ type: 'workspace', name: 'shared ws', workspaceId: shared.id }),
      organization: s.createKey({
        type: 'organization',
        name: 'shared org',
        organizationId: s.org.id,
        grants: [{ workspaceId: shared.id, ceiling: 'write' }],
      }),
    }
    const gate = gateWith()
    const billed = (key: string) => gate.admit(request('sync', key, shared)).billedUserId
    expect(billed(keys.ownerPersonal)).toBe(s.owner.id)
    expect(billed(keys.memberPersonal)).toBe(member.id)
    expect(billed(keys.workspace)).toBe(billing.id)
    expect(billed(keys.organization)).toBe(billing.id)

    // The buckets drawn are the billed account's.
    const remaining = (userId: string) =>
      gate.snapshot(userId).workflowExecutionRateLimit.sync.remaining
    expect(remaining(billing.id)).toBe(1198)
    expect(remaining(member.id)).toBe(1199)
    expect(remaining(s.owner.id)).toBe(1199)

    // Without a workspace in the request: a workspace key bills its workspace's account; an
    // organization key the account its grants agree on, else its holder.
    expect(gate.billedAccount(callerOf(keys.workspace), null)).toBe(billing.id)
    expect(gate.billedAccount(callerOf(keys.organization), null)).toBe(billing.id)
    expect(gate.billedAccount(callerOf(s.keys.organizationWrite), null)).toBe(s.owner.id)
    const mixed = s.createKey({
      type: 'organization',
      name: 'mixed',
      organizationId: s.org.id,
      grants: [
        { workspaceId: shared.id, ceiling: 'read' },
        { workspaceId: s.workspace.id, ceiling: 'read' },
      ],
    })
    expect(gate.billedAccount(callerOf(mixed), null)).toBe(s.owner.id)
    expect(gate.billedAccount(callerOf(keys.memberPersonal), null)).toBe(member.id)
  })

  it("uses the billed account's organization plan for the budget, free outside any organization", () => {
    const loner = s.app.ctx.store.identity.createUser({ name: 'Lone', email: 'lone@x.test' })
    const gate = gateWith()
    expect(gate.snapshot(loner.id).usage).toEqual({
      currentPeriodCost: 0,
      limit: 10,
      plan: 'free',
      isExceeded: false,
    })
    expect(gate.snapshot(s.owner.id).usage).toMatchObject({ limit: 5000, plan: 'enterprise' })
  })
})

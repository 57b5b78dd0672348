// GET /api/users/me/usage-limits end to end: the API-NOTES shape (parsed with the src-shared
// schema), any key type, 401 without a key, and numbers that follow what the gate admitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UsageLimitsResponseSchema } from '../../../src-shared/api/usage.ts'
import { hashKey } from '../../auth/key-crypto.ts'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'

let s: TestService
const clock = manualClock('2026-03-10T12:00:30.000Z')
beforeAll(async () => {
  s = await createTestService({ clock, executionRates: { sync: 3, async: 2 } })
})
afterAll(() => s.close())

const URL = '/api/users/me/usage-limits'
const get = async (key: string | null) => s.call(key, { method: 'GET', url: URL })

function admit(keyValue: string, mode: 'sync' | 'async') {
  const { store } = s.app.ctx
  const key = store.keys.findActiveByHash(hashKey(keyValue))!
  const user = store.identity.getUser(key.userId)!
  return s.app.ctx.gate.admit({
    caller: { key, user },
    workspace: s.workspace,
    workflowId: 'wf',
    mode,
  })
}

describe('GET /api/users/me/usage-limits', () => {
  it('answers the API-NOTES shape for a fresh account', async () => {
    const res = await get(s.keys.personal)
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-ratelimit-limit']).toBeUndefined()
    expect(UsageLimitsResponseSchema.parse(res.json())).toEqual({
      success: true,
      rateLimit: {
        sync: {
          isLimited: false,
          requestsPerMinute: 3,
          maxBurst: 6,
          remaining: 6,
          resetAt: '2026-03-10T12:01:30.000Z',
        },
        async: {
          isLimited: false,
          requestsPerMinute: 2,
          maxBurst: 4,
          remaining: 4,
          resetAt: '2026-03-10T12:01:30.000Z',
        },
        authType: 'api',
      },
      usage: { currentPeriodCost: 0, limit: 5000, plan: 'enterprise' },
    })
  })

  it('accepts every key type', async () => {
    for (const key of Object.values(s.keys)) {
      const res = await get(key)
      expect(res.statusCode).toBe(200)
      UsageLimitsResponseSchema.parse(res.json())
    }
  })

  it('answers 401 without a key or with an unknown one', async () => {
    const none = await get(null)
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ error: 'API key required' })
    const bogus = await get('sk-service-not-a-key')
    expect(bogus.statusCode).toBe(401)
    expect(bogus.json()).toEqual({ error: 'Invalid API key' })
  })

  it('reports what admitted runs drew and cost, the limited state, and the refill', async () => {
    const a = admit(s.keys.workspace, 'async')
    a.settle({ executionId: 'e-1', status: 'completed', durationMs: 5, blocksExecuted: 2 })
    for (let i = 0; i < 3; i++)
      admit(s.keys.personal, 'async').settle({
        executionId: `e-${i + 2}`,
        status: 'failed',
        durationMs: 5,
        blocksExecuted: 0,
      })
    // Workspace and personal keys of the owner bill the same account: one set of buckets.
    const body = UsageLimitsResponseSchema.parse((await get(s.keys.organizationRead)).json())
    expect(body.rateLimit.sync).toMatchObject({ isLimited: false, remaining: 2 })
    expect(body.rateLimit.async).toMatchObject({ isLimited: true, remaining: 0 })
    expect(body.usage.currentPeriodCost).toBeCloseTo(0.002 + 3 * 0.001, 9)

    clock.advance(60_000)
    const later = UsageLimitsResponseSchema.parse((await get(s.keys.personal)).json())
    expect(later.rateLimit.async).toMatchObject({
      isLimited: false,
      remaining: 2,
      resetAt: '2026-03-10T12:02:30.000Z',
    })
  })
})

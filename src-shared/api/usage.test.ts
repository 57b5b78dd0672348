import { describe, expect, it } from 'vitest'
import { UsageLimitsSchema } from './usage.ts'
import { T1, firstIssue } from './test-fixtures.ts'

const reference = {
  success: true,
  rateLimit: {
    sync: {
      isLimited: false,
      requestsPerMinute: 600,
      maxBurst: 1200,
      remaining: 1100,
      resetAt: T1,
    },
    async: { isLimited: true, requestsPerMinute: 5000, maxBurst: 10000, remaining: 0, resetAt: T1 },
    authType: 'api',
  },
  usage: { currentPeriodCost: 12.4, limit: 5000, plan: 'enterprise' },
  storage: { usedBytes: 1048576, limitBytes: 5368709120, percentUsed: 0.02 },
}

describe('usage limits', () => {
  it('reads the API-NOTES shape', () => {
    expect(UsageLimitsSchema.parse(reference)).toEqual(reference)
  })

  it('reads the client-library shape (bucket `limit`, no storage)', () => {
    const client = {
      success: true,
      rateLimit: {
        sync: { isLimited: false, limit: 50, remaining: 49, resetAt: T1 },
        async: { isLimited: false, limit: 200, remaining: 200, resetAt: T1 },
        authType: 'manual',
      },
      usage: { currentPeriodCost: 0, limit: 10, plan: 'free' },
    }
    expect(UsageLimitsSchema.parse(client)).toEqual(client)
  })

  it('refuses a bucket with no size, an unknown authType and missing usage', () => {
    const { requestsPerMinute: _r, ...sizelessSync } = reference.rateLimit.sync
    const sizeless = { ...reference, rateLimit: { ...reference.rateLimit, sync: sizelessSync } }
    expect(firstIssue(UsageLimitsSchema.safeParse(sizeless)).path).toBe('rateLimit.sync')
    const badAuth = { ...reference, rateLimit: { ...reference.rateLimit, authType: 'key' } }
    expect(firstIssue(UsageLimitsSchema.safeParse(badAuth)).path).toBe('rateLimit.authType')
    const { usage: _u, ...noUsage } = reference
    expect(UsageLimitsSchema.safeParse(noUsage).success).toBe(false)
    const { resetAt: _t, ...resetless } = reference.rateLimit.async
    const noReset = { ...reference, rateLimit: { ...reference.rateLimit, async: resetless } }
    expect(UsageLimitsSchema.safeParse(noReset).success).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { backoffDelay, DEFAULT_RETRY, retryAfterMs } from './retry-policy.ts'

describe('backoff', () => {
  it('follows the spec defaults: 1 s, x2, capped at 30 s', () => {
    const mid = () => 0.5
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, DEFAULT_RETRY, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
  })

  it('jitters by at most 25 percent either way', () => {
    expect(backoffDelay(0, DEFAULT_RETRY, () => 0)).toBe(750)
    expect(backoffDelay(0, DEFAULT_RETRY, () => 0.999999)).toBe(1250)
    expect(backoffDelay(5, DEFAULT_RETRY, () => 0)).toBe(22500)
  })
})

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, ignores garbage', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(retryAfterMs('5', now)).toBe(5000)
    expect(retryAfterMs('0', now)).toBe(0)
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:07 GMT', now)).toBe(7000)
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs(null, now)).toBeUndefined()
  })
})

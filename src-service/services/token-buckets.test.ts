import { describe, expect, it } from 'vitest'
import { TokenBuckets } from './token-buckets.ts'

describe('TokenBuckets', () => {
  it('allows a burst of 2 x rate, then refuses until the next 60 s window', () => {
    const buckets = new TokenBuckets(3)
    const t0 = 1_000_000
    const results = Array.from({ length: 7 }, () => buckets.take('k', t0))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, true, false])
    expect(results[0]).toMatchObject({ limit: 6, remaining: 5, resetAt: t0 + 60_000 })
    expect(buckets.take('k', t0 + 59_999).allowed).toBe(false)
    const refilled = buckets.take('k', t0 + 60_000)
    expect(refilled).toMatchObject({ allowed: true, remaining: 2, resetAt: t0 + 120_000 })
  })

  it('refills whole windows up to the burst and keeps keys apart', () => {
    const buckets = new TokenBuckets(2)
    for (let i = 0; i < 4; i++) buckets.take('a', 0)
    expect(buckets.take('b', 0).remaining).toBe(3)
    expect(buckets.take('a', 10 * 60_000)).toMatchObject({ allowed: true, remaining: 3 })
  })
})

describe('TokenBuckets.peek', () => {
  it('reports without drawing, refills like take, and leaves unused ids full', () => {
    const buckets = new TokenBuckets(2)
    expect(buckets.peek('new', 5)).toEqual({ limit: 4, remaining: 4, resetAt: 60_005 })
    buckets.take('a', 0)
    buckets.take('a', 0)
    expect(buckets.peek('a', 1000)).toEqual({ limit: 4, remaining: 2, resetAt: 60_000 })
    expect(buckets.peek('a', 1000).remaining).toBe(2)
    expect(buckets.peek('a', 60_000)).toEqual({ limit: 4, remaining: 4, resetAt: 120_000 })
  })
})

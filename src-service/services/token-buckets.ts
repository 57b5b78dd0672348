// Token buckets as the hosted service runs them: `rate` tokens are added per 60 s window (a
// whole window at a time), up to a burst of 2 x rate. In memory, per process: the local
// service is one process; a multi-process deployment would move this behind the store.
// Used for the per-key /api/v1 limit (http/auth.ts) and the per-account execution buckets
// (services/execution-limits.ts).
export interface BucketState {
  limit: number
  remaining: number
  /** When the next refill happens (epoch ms). */
  resetAt: number
}

export interface TakeResult extends BucketState {
  allowed: boolean
}

export class TokenBuckets {
  readonly #rate: number
  readonly #windowMs: number
  readonly #buckets = new Map<string, { tokens: number; windowStart: number }>()

  constructor(ratePerMinute: number, windowMs = 60_000) {
    if (!(ratePerMinute > 0)) throw new Error('rate must be positive')
    this.#rate = ratePerMinute
    this.#windowMs = windowMs
  }

  get rate(): number {
    return this.#rate
  }

  get burst(): number {
    return this.#rate * 2
  }

  take(id: string, nowMs: number): TakeResult {
    const bucket = this.#refilled(id, nowMs)
    const allowed = bucket.tokens >= 1
    if (allowed) bucket.tokens -= 1
    return { allowed, ...this.#state(bucket) }
  }

  /** The bucket as it stands now, without drawing from it (an unused id is full). */
  peek(id: string, nowMs: number): BucketState {
    const bucket = this.#buckets.has(id)
      ? this.#refilled(id, nowMs)
      : { tokens: this.burst, windowStart: nowMs }
    return this.#state(bucket)
  }

  #refilled(id: string, nowMs: number) {
    let bucket = this.#buckets.get(id)
    if (!bucket) {
      bucket = { tokens: this.burst, windowStart: nowMs }
      this.#buckets.set(id, bucket)
    } else {
      const windows = Math.floor((nowMs - bucket.windowStart) / this.#windowMs)
      if (windows > 0) {
        bucket.tokens = Math.min(this.burst, bucket.tokens + windows * this.#rate)
        bucket.windowStart += windows * this.#windowMs
      }
    }
    return bucket
  }

  #state(bucket: { tokens: number; windowStart: number }): BucketState {
    return {
      limit: this.burst,
      remaining: Math.floor(bucket.tokens),
      resetAt: bucket.windowStart + this.#windowMs,
    }
  }
}

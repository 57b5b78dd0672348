// The spec's client defaults for retries: 3 retries, 1000 ms initial delay, x2, 30 s cap,
// +-25% jitter, and a Retry-After header that overrides the computed delay.

export interface RetryPolicy {
  retries: number
  initialDelayMs: number
  maxDelayMs: number
  multiplier: number
  jitter: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  multiplier: 2,
  jitter: 0.25,
}

/** A clock the tests can drive: `sleep` honours an AbortSignal so a cancelled call stops waiting. */
export interface Clock {
  now(): number
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((ok, fail) => {
      if (signal?.aborted) return fail(signal.reason)
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        ok()
      }, ms)
      const onAbort = () => {
        clearTimeout(timer)
        fail(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    }),
}

/**
 * Delay before retry number `attempt` (0-based): exponential, capped, jittered.
 * `random` returns [0, 1); 0.5 means no jitter.
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY,
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.initialDelayMs * policy.multiplier ** attempt, policy.maxDelayMs)
  const factor = 1 + policy.jitter * (random() * 2 - 1)
  return Math.round(base * factor)
}

/**
 * Retry-After as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or
 * unreadable. It wins over the computed delay, as the spec says.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

// The `limits` object attached to /api/v1 workflow, log and audit-log responses. Execution
// (per-account sync/async buckets, usage cost) is built by the execution part; until then
// this provider reports the plan's configured rates with full buckets and no usage, and the
// execution part replaces it via buildApp's `limits` option.
import type { Plan } from '../store/identity-repo.ts'
import type { Caller } from '../auth/access.ts'

export interface RateBucketSnapshot {
  requestsPerMinute: number
  maxBurst: number
  remaining: number
  resetAt: string
}

export interface LimitsSnapshot {
  workflowExecutionRateLimit: { sync: RateBucketSnapshot; async: RateBucketSnapshot }
  usage: { currentPeriodCost: number; limit: number; plan: Plan; isExceeded: boolean }
}

export interface LimitsProvider {
  snapshot(caller: Caller, plan: Plan, now: Date): LimitsSnapshot
}

/** Per-minute rates by plan (API-NOTES); the local service is self-hosted, so enterprise. */
export const PLAN_RATES: Record<Plan, { sync: number; async: number; api: number }> = {
  free: { sync: 50, async: 200, api: 30 },
  pro: { sync: 150, async: 1000, api: 100 },
  team: { sync: 300, async: 2500, api: 200 },
  enterprise: { sync: 600, async: 5000, api: 500 },
}

/** Usage budget per billing period, in dollars. */
export const PLAN_USAGE_LIMITS: Record<Plan, number> = {
  free: 10,
  pro: 100,
  team: 500,
  enterprise: 5000,
}

export function staticLimitsProvider(rates: { sync: number; async: number }): LimitsProvider {
  const bucket = (rate: number, now: Date): RateBucketSnapshot => ({
    requestsPerMinute: rate,
    maxBurst: rate * 2,
    remaining: rate * 2,
    resetAt: new Date(now.getTime() + 60_000).toISOString(),
  })
  return {
    snapshot(_caller, plan, now) {
      return {
        workflowExecutionRateLimit: {
          sync: bucket(rates.sync, now),
          async: bucket(rates.async, now),
        },
        usage: { currentPeriodCost: 0, limit: PLAN_USAGE_LIMITS[plan], plan, isExceeded: false },
      }
    },
  }
}

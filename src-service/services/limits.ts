// The `limits` object attached to /api/v1 workflow, log and audit-log responses, and the plan
// tables behind it. The provider is the real execution limits (services/execution-limits.ts):
// the billed account's sync/async buckets as they stand and its usage this billing period.
import type { Plan, WorkspaceRecord } from '../store/identity-repo.ts'
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
  /**
   * The account (user id) billed when `caller` acts in `workspace`: the key holder for personal
   * keys, the workspace's billed account for workspace and organization keys. With no
   * workspace in the request, the account the key itself bills (see execution-limits.ts).
   */
  billedAccount(caller: Caller, workspace: WorkspaceRecord | null): string
  /** The account's buckets and usage now (drawing nothing). */
  snapshot(billedUserId: string): LimitsSnapshot
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

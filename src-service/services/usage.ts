// The usage-limits query (API-NOTES: `GET /api/users/me/usage-limits`): the buckets and the
// period's usage of the account the calling key bills, in the reference naming.
import type { Caller } from '../auth/access.ts'
import type { ServiceContext } from './context.ts'
import type { RateBucketSnapshot } from './limits.ts'

const withLimited = (bucket: RateBucketSnapshot) => ({
  isLimited: bucket.remaining <= 0,
  ...bucket,
})

export function usageLimits(ctx: ServiceContext, caller: Caller) {
  const { workflowExecutionRateLimit: rates, usage } = ctx.limits.snapshot(
    ctx.limits.billedAccount(caller, null),
  )
  return {
    success: true as const,
    rateLimit: {
      sync: withLimited(rates.sync),
      async: withLimited(rates.async),
      // Every call here is authenticated by an API key; `manual` is the hosted UI's session.
      authType: 'api' as const,
    },
    usage: { currentPeriodCost: usage.currentPeriodCost, limit: usage.limit, plan: usage.plan },
  }
}

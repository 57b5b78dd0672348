// The usage-limits query: rate buckets, the period's usage, and storage.
import { z } from 'zod'
import { RateBucketSchema } from './common.ts'

export const UsageLimitsSchema = z.object({
  success: z.boolean(),
  rateLimit: z.object({
    sync: RateBucketSchema,
    async: RateBucketSchema,
    authType: z.enum(['api', 'manual']),
  }),
  usage: z.object({
    currentPeriodCost: z.number(),
    limit: z.number(),
    plan: z.string(),
  }),
  // API-NOTES adds storage; the spec's client-library shape has none, so it may be absent.
  storage: z
    .object({
      usedBytes: z.number().nonnegative(),
      limitBytes: z.number().nonnegative(),
      percentUsed: z.number().nonnegative(),
    })
    .optional(),
})
export type UsageLimits = z.infer<typeof UsageLimitsSchema>
export const UsageLimitsResponseSchema = UsageLimitsSchema

// Building blocks every resource file uses: ids, timestamps, envelopes, error bodies, the
// `limits` object, and the strict query-string coercions (query values arrive as text).
import { z } from 'zod'

// ---- Primitives ----

/** ISO 8601 with a zone (`2026-01-01T00:00:00.000Z`, `...+02:00`); milliseconds optional. */
export const Timestamp = z.iso.datetime({ offset: true })
export type Timestamp = z.infer<typeof Timestamp>

/** Identifiers are opaque strings (the spec: "Identifiers are strings"); never empty. */
export const Id = z
  .string({ error: (iss) => (iss.input === undefined ? 'Required' : 'Expected a string') })
  .min(1, 'Must not be empty')
export type Id = z.infer<typeof Id>

/** Any JSON object (row data, metadata, variables). Arrays and primitives are refused. */
export const JsonObjectSchema = z.record(z.string(), z.unknown())
export type JsonObject = z.infer<typeof JsonObjectSchema>

export const NonNegativeInt = z.int().nonnegative()

// ---- Query-string coercion ----
// Query values are strings on the wire; typed callers may still hand us numbers and booleans.
// Both are accepted, and only exact forms convert: "true"/"false", and integer digits.

const INTEGER_TEXT = /^-?\d+$/

const intCheck = z.int({
  error: (iss) => (iss.code === 'invalid_type' ? 'Expected an integer' : undefined),
})

/** An integer query parameter within [min, max]; `"abc"`, `"1.5"` and `""` are refused. */
export function queryInt(bounds: { min?: number; max?: number } = {}) {
  let target = intCheck
  if (bounds.min !== undefined) target = target.min(bounds.min)
  if (bounds.max !== undefined) target = target.max(bounds.max)
  return z
    .union([z.string(), z.number()], { error: 'Expected an integer' })
    .transform((value, ctx) => {
      if (typeof value === 'number') return value
      if (INTEGER_TEXT.test(value)) return Number(value)
      ctx.addIssue({ code: 'custom', message: 'Expected an integer', input: value })
      return z.NEVER
    })
    .pipe(target)
}

/** An integer query parameter pulled into [min, max] instead of refused (the logs `limit`). */
export function clampedQueryInt(min: number, max: number) {
  return queryInt().transform((n) => Math.min(max, Math.max(min, n)))
}

/** `"true"` / `"false"` (or a real boolean) -> boolean; `"1"`, `"yes"` are refused. */
export const queryBoolean = z
  .union([z.enum(['true', 'false']), z.boolean()], { error: 'Expected true or false' })
  .transform((value) => value === true || value === 'true')

/** A query parameter carrying JSON (`filter={"age":{"$gte":18}}`), parsed, then validated. */
export function jsonQuery<T extends z.ZodType>(schema: T, what: string) {
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text)
      } catch {
        ctx.addIssue({ code: 'custom', message: `${what} must be valid JSON`, input: text })
        return z.NEVER
      }
    })
    .pipe(schema)
}

/** `a,b, c` -> `['a', 'b', 'c']`; empty items are dropped, an all-empty list is refused. */
export function commaList(item: z.ZodString = z.string()) {
  return z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).min(1, 'Name at least one value'))
}

// ---- Workspace scoping (spec: workspaceId is a query parameter on GET, a body field otherwise) ----

export const WorkspaceQuerySchema = z.object({ workspaceId: Id })
export type WorkspaceQuery = z.infer<typeof WorkspaceQuerySchema>

export const WorkspaceBodySchema = z.strictObject({ workspaceId: Id })
export type WorkspaceBody = z.infer<typeof WorkspaceBodySchema>

export const IdParamsSchema = z.object({ id: Id })
export type IdParams = z.infer<typeof IdParamsSchema>

// ---- Envelopes ----

/** `/api/v1` success bodies: `{success: true, data}`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data })
}

export const MessageSchema = z.object({ message: z.string() })

// ---- Rate buckets and the `limits` object ----

/** The bucket as the reference text and API-NOTES name it. */
export const ReferenceRateBucketSchema = z.object({
  isLimited: z.boolean(),
  requestsPerMinute: z.number().nonnegative(),
  maxBurst: z.number().nonnegative(),
  remaining: z.number(),
  resetAt: Timestamp,
})
export type ReferenceRateBucket = z.infer<typeof ReferenceRateBucketSchema>

/** The bucket as the client library names it. */
export const ClientRateBucketSchema = z.object({
  isLimited: z.boolean(),
  limit: z.number().nonnegative(),
  remaining: z.number(),
  resetAt: Timestamp,
})
export type ClientRateBucket = z.infer<typeof ClientRateBucketSchema>

// Either naming parses into one object so readers need no narrowing: `limit` or
// `requestsPerMinute` must be there, whichever the server speaks.
const eitherBucket = <T extends z.ZodType<boolean | undefined>>(isLimited: T) =>
  z
    .object({
      isLimited,
      requestsPerMinute: z.number().nonnegative().optional(),
      maxBurst: z.number().nonnegative().optional(),
      limit: z.number().nonnegative().optional(),
      remaining: z.number(),
      resetAt: Timestamp,
    })
    .refine((b) => b.requestsPerMinute !== undefined || b.limit !== undefined, {
      message: 'A rate bucket needs requestsPerMinute (or limit)',
    })

/** A bucket in either naming; `isLimited` required (the usage-limits query). */
export const RateBucketSchema = eitherBucket(z.boolean())
export type RateBucket = z.infer<typeof RateBucketSchema>

/** A bucket inside `limits` on /api/v1 bodies, where the hosted service omits `isLimited`. */
export const LimitsRateBucketSchema = eitherBucket(z.boolean().optional())
export type LimitsRateBucket = z.infer<typeof LimitsRateBucketSchema>

export const LimitsUsageSchema = z.object({
  currentPeriodCost: z.number(),
  limit: z.number(),
  plan: z.string(),
  isExceeded: z.boolean().optional(),
})

/** Attached by the workflows, logs and audit-logs endpoints. */
export const LimitsSchema = z.object({
  workflowExecutionRateLimit: z.object({
    sync: LimitsRateBucketSchema,
    async: LimitsRateBucketSchema,
  }),
  usage: LimitsUsageSchema,
})
export type Limits = z.infer<typeof LimitsSchema>

// ---- Cursor pagination (workflows, logs, audit logs) ----

export function cursorPageQuery(page: { max: number; default: number }) {
  return z.object({
    limit: queryInt({ min: 1, max: page.max }).default(page.default),
    cursor: z.string().min(1).optional(),
  })
}

/** `{data, nextCursor, limits}`; an absent or null `nextCursor` marks the last page. */
export function cursorPage<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    nextCursor: z.string().nullish(),
    limits: LimitsSchema,
  })
}

// ---- Error bodies ----

export const SERVICE_ERROR_CODES = {
  invalidSelectedOutput: 'INVALID_SELECTED_OUTPUT',
  resultUnavailable: 'RESULT_UNAVAILABLE',
  admissionGateCapacity: 'ADMISSION_GATE_CAPACITY',
} as const

/** The `error` text of an execute 429 when the account's bucket is empty (spec, Errors). */
export const EXECUTE_RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please try again later.'
export const INVALID_JSON_MESSAGE = 'Request body must be valid JSON'

/**
 * Every error status uses this one body. Optional fields by case: `details`/`code` on 400,
 * `message`/`retryAfter` (epoch ms) on a per-key 429, `code`/`retryAfterSeconds` from the
 * admission gate, `code`/`statusUrl` on 503 RESULT_UNAVAILABLE.
 */
export const ErrorBodySchema = z.object({
  error: z.string(),
  details: z.array(z.unknown()).optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  retryAfter: z.number().optional(),
  retryAfterSeconds: z.number().optional(),
  statusUrl: z.string().optional(),
  executionId: z.string().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

/** A `details` element of a 400 raised by schema validation: a zod issue, path as an array. */
export const ValidationIssueSchema = z.object({
  code: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
})
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>

/** A `details` element of a rejected batch row insert; single-row `details` are strings. */
export const RowErrorDetailSchema = z.object({
  row: NonNegativeInt,
  errors: z.array(z.string()),
})
export type RowErrorDetail = z.infer<typeof RowErrorDetailSchema>

export const RateLimitErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  retryAfter: z.number(),
})

export const AdmissionGateErrorBodySchema = z.object({
  error: z.string(),
  code: z.literal(SERVICE_ERROR_CODES.admissionGateCapacity),
  retryAfterSeconds: z.number(),
})

/** 503: the run was admitted but its result is lost; poll `statusUrl`, never resubmit. */
export const ResultUnavailableBodySchema = z.object({
  error: z.string(),
  code: z.literal(SERVICE_ERROR_CODES.resultUnavailable),
  statusUrl: z.string(),
  executionId: z.string().optional(),
})
export type ResultUnavailableBody = z.infer<typeof ResultUnavailableBodySchema>

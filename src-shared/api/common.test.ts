import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  AdmissionGateErrorBodySchema,
  ClientRateBucketSchema,
  ErrorBodySchema,
  Id,
  LimitsSchema,
  RateBucketSchema,
  RateLimitErrorBodySchema,
  ReferenceRateBucketSchema,
  ResultUnavailableBodySchema,
  RowErrorDetailSchema,
  Timestamp,
  ValidationIssueSchema,
  clampedQueryInt,
  commaList,
  cursorPage,
  cursorPageQuery,
  jsonQuery,
  queryBoolean,
  queryInt,
  successEnvelope,
} from './common.ts'
import { T0, T1, firstIssue, limits } from './test-fixtures.ts'

describe('Timestamp and Id', () => {
  it('accepts ISO 8601 with milliseconds and a zone', () => {
    for (const t of [T0, '2026-01-01T00:00:00Z', '2026-06-01T12:30:00+02:00']) {
      expect(Timestamp.safeParse(t).success).toBe(true)
    }
  })

  it('refuses dates without time or zone, and words', () => {
    for (const t of ['2026-01-01', '2026-01-01T00:00:00', 'yesterday', 1767225600000]) {
      expect(Timestamp.safeParse(t).success).toBe(false)
    }
  })

  it('refuses empty and missing ids with a readable message', () => {
    expect(firstIssue(Id.safeParse('')).message).toBe('Must not be empty')
    expect(firstIssue(Id.safeParse(undefined)).message).toBe('Required')
    expect(firstIssue(Id.safeParse(42)).message).toBe('Expected a string')
  })
})

describe('query coercion', () => {
  const limit = queryInt({ min: 1, max: 100 })

  it('turns integer text and numbers into integers', () => {
    expect(limit.parse('20')).toBe(20)
    expect(limit.parse(20)).toBe(20)
    expect(queryInt({ min: 0 }).parse('0')).toBe(0)
  })

  it('refuses words, fractions, blanks and exponent forms', () => {
    for (const bad of ['abc', '1.5', '', ' 2', '1e2', 1.5, true, null]) {
      expect(limit.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
    expect(firstIssue(limit.safeParse('abc')).message).toBe('Expected an integer')
    expect(firstIssue(limit.safeParse('1.5')).message).toBe('Expected an integer')
  })

  it('refuses values outside the bounds with the bound in the message', () => {
    expect(firstIssue(limit.safeParse('0')).message).toMatch(/>=1/)
    expect(firstIssue(limit.safeParse('101')).message).toMatch(/<=100/)
  })

  it('clamps where the service clamps', () => {
    const clamped = clampedQueryInt(1, 1000)
    expect(clamped.parse('0')).toBe(1)
    expect(clamped.parse('5000')).toBe(1000)
    expect(clamped.parse('250')).toBe(250)
    expect(clamped.safeParse('many').success).toBe(false)
  })

  it('reads only true and false as booleans', () => {
    expect(queryBoolean.parse('true')).toBe(true)
    expect(queryBoolean.parse('false')).toBe(false)
    expect(queryBoolean.parse(true)).toBe(true)
    for (const bad of ['1', '0', 'yes', 'TRUE', '']) {
      expect(queryBoolean.safeParse(bad).success, bad).toBe(false)
    }
    expect(firstIssue(queryBoolean.safeParse('yes')).message).toBe('Expected true or false')
  })

  it('parses JSON query values, then validates them', () => {
    const q = jsonQuery(z.object({ a: z.number() }), 'filter')
    expect(q.parse('{"a":1}')).toEqual({ a: 1 })
    expect(firstIssue(q.safeParse('{a:1}')).message).toBe('filter must be valid JSON')
    expect(q.safeParse('{"a":"x"}').success).toBe(false)
  })

  it('splits comma lists and drops blanks', () => {
    expect(commaList().parse('a, b,,c ')).toEqual(['a', 'b', 'c'])
    expect(commaList().safeParse(' , ').success).toBe(false)
  })

  it('fills cursor page defaults', () => {
    const q = cursorPageQuery({ max: 100, default: 50 })
    expect(q.parse({})).toEqual({ limit: 50 })
    expect(q.parse({ limit: '10', cursor: 'abc' })).toEqual({ limit: 10, cursor: 'abc' })
    expect(q.safeParse({ cursor: '' }).success).toBe(false)
  })
})

describe('envelopes', () => {
  const envelope = successEnvelope(z.object({ n: z.number() }))

  it('requires success: true and data', () => {
    expect(envelope.parse({ success: true, data: { n: 1 } })).toEqual({
      success: true,
      data: { n: 1 },
    })
    expect(envelope.safeParse({ success: false, data: { n: 1 } }).success).toBe(false)
    expect(envelope.safeParse({ success: true }).success).toBe(false)
  })

  it('strips unknown response fields instead of failing on them', () => {
    expect(envelope.parse({ success: true, data: { n: 1, extra: 2 }, extra: 3 })).toEqual({
      success: true,
      data: { n: 1 },
    })
  })

  it('reads cursor pages whose last page has a null or absent cursor', () => {
    const page = cursorPage(z.object({ id: z.string() }))
    expect(page.safeParse({ data: [{ id: 'a' }], nextCursor: 'c2', limits }).success).toBe(true)
    expect(page.safeParse({ data: [], nextCursor: null, limits }).success).toBe(true)
    expect(page.safeParse({ data: [], limits }).success).toBe(true)
    expect(page.safeParse({ data: [], nextCursor: null }).success).toBe(false)
    expect(page.safeParse({ data: [{ id: 1 }], nextCursor: null, limits }).success).toBe(false)
  })
})

describe('rate buckets and limits', () => {
  const reference = {
    isLimited: false,
    requestsPerMinute: 600,
    maxBurst: 1200,
    remaining: 900,
    resetAt: T1,
  }
  const client = { isLimited: true, limit: 50, remaining: 0, resetAt: T1 }

  it('has one schema per naming', () => {
    expect(ReferenceRateBucketSchema.safeParse(reference).success).toBe(true)
    expect(ReferenceRateBucketSchema.safeParse(client).success).toBe(false)
    expect(ClientRateBucketSchema.safeParse(client).success).toBe(true)
    expect(ClientRateBucketSchema.safeParse(reference).success).toBe(false)
  })

  it('reads either naming with RateBucketSchema, but not neither', () => {
    expect(RateBucketSchema.parse(reference)).toEqual(reference)
    expect(RateBucketSchema.parse(client)).toEqual(client)
    const { requestsPerMinute: _r, ...neither } = reference
    expect(firstIssue(RateBucketSchema.safeParse(neither)).message).toMatch(/requestsPerMinute/)
    expect(RateBucketSchema.safeParse({ ...client, isLimited: undefined }).success).toBe(false)
    expect(RateBucketSchema.safeParse({ ...client, resetAt: 'soon' }).success).toBe(false)
  })

  it('reads the limits object the /api/v1 lists attach', () => {
    expect(LimitsSchema.parse(limits)).toEqual(limits)
    expect(LimitsSchema.safeParse({ ...limits, usage: undefined }).success).toBe(false)
    const noAsync = { ...limits, workflowExecutionRateLimit: { sync: reference } }
    expect(LimitsSchema.safeParse(noAsync).success).toBe(false)
  })
})

describe('error bodies', () => {
  it('reads a 400 with zod issues as details', () => {
    const body = {
      error: 'limit: Too big: expected number to be <=100',
      details: [{ code: 'too_big', path: ['limit'], message: 'Too big', maximum: 100 }],
    }
    expect(ErrorBodySchema.parse(body)).toEqual(body)
    expect(ValidationIssueSchema.safeParse(body.details[0]).success).toBe(true)
    expect(
      ValidationIssueSchema.safeParse({ code: 'x', path: 'limit', message: 'm' }).success,
    ).toBe(false)
  })

  it('reads the selected-output, 429 and admission-gate bodies', () => {
    expect(
      ErrorBodySchema.parse({ error: 'Unknown output', code: 'INVALID_SELECTED_OUTPUT' }).code,
    ).toBe('INVALID_SELECTED_OUTPUT')
    const perKey = {
      error: 'Rate limit exceeded',
      message: 'Try in 12 s',
      retryAfter: 1767225612000,
    }
    expect(RateLimitErrorBodySchema.safeParse(perKey).success).toBe(true)
    expect(ErrorBodySchema.safeParse(perKey).success).toBe(true)
    const gate = {
      error: 'Too many requests',
      code: 'ADMISSION_GATE_CAPACITY',
      retryAfterSeconds: 5,
    }
    expect(AdmissionGateErrorBodySchema.safeParse(gate).success).toBe(true)
    expect(AdmissionGateErrorBodySchema.safeParse({ ...gate, code: 'BUSY' }).success).toBe(false)
  })

  it('requires statusUrl on RESULT_UNAVAILABLE and error text everywhere', () => {
    const lost = {
      error: 'Result unavailable',
      code: 'RESULT_UNAVAILABLE',
      statusUrl: 'http://127.0.0.1:4000/api/jobs/exec_1',
    }
    expect(ResultUnavailableBodySchema.safeParse(lost).success).toBe(true)
    expect(ResultUnavailableBodySchema.safeParse({ ...lost, statusUrl: undefined }).success).toBe(
      false,
    )
    expect(ErrorBodySchema.safeParse({ message: 'no error field' }).success).toBe(false)
    expect(ErrorBodySchema.safeParse({ error: 'x', details: 'not a list' }).success).toBe(false)
  })

  it('reads batch row errors', () => {
    expect(RowErrorDetailSchema.safeParse({ row: 3, errors: ['age: not a number'] }).success).toBe(
      true,
    )
    expect(RowErrorDetailSchema.safeParse({ row: -1, errors: [] }).success).toBe(false)
  })
})

// Every failure of a service call becomes a BridgeFailure with one of the shared codes and a
// message for people: the service's own words where it gave some, never a key or a header.
import type { z } from 'zod'
import type { ErrorCode } from '../../src-shared/bridge.ts'
import { BridgeFailure } from '../bridge/errors.ts'

const BY_STATUS: Record<number, { code: ErrorCode; words: string }> = {
  400: { code: 'BAD_REQUEST', words: 'The service rejected the request' },
  401: {
    code: 'UNAUTHORIZED',
    words: 'The service did not accept the API key (missing, wrong or revoked)',
  },
  402: {
    code: 'USAGE_LIMIT_EXCEEDED',
    words: 'The account billed for this workspace has used up its budget for the period',
  },
  403: {
    code: 'FORBIDDEN',
    words: 'The API key is not allowed to do this (its scope or the workspace policy forbids it)',
  },
  404: { code: 'NOT_FOUND', words: 'Not found (or not visible to this key)' },
  409: { code: 'CONFLICT', words: 'The service refused the run because of a conflict' },
  413: { code: 'PAYLOAD_TOO_LARGE', words: 'The request is too large for the service' },
  429: { code: 'RATE_LIMIT_EXCEEDED', words: 'Too many requests: the rate limit is reached' },
  500: { code: 'EXECUTION_ERROR', words: 'The run failed on the service' },
  503: { code: 'RESULT_UNAVAILABLE', words: 'The service is unavailable' },
}

interface ErrorBody {
  error?: unknown
  message?: unknown
  code?: unknown
  details?: unknown
}

/** Maps an HTTP error answer to the shared vocabulary. */
export function httpFailure(status: number, body: unknown): BridgeFailure {
  const b = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody
  const known = BY_STATUS[status] ?? {
    code: 'INTERNAL' as const,
    words: `The service answered with an unexpected error (HTTP ${status})`,
  }
  let code: ErrorCode = known.code
  if (b.code === 'INVALID_SELECTED_OUTPUT') code = 'INVALID_SELECTED_OUTPUT'
  if (status === 503 && b.code !== 'RESULT_UNAVAILABLE') code = 'INTERNAL'
  const said = typeof b.error === 'string' && b.error.trim() ? b.error.trim() : undefined
  const message = said ? `${known.words}: ${said}` : `${known.words}.`
  const details = Array.isArray(b.details) ? b.details : undefined
  return new BridgeFailure(code, scrub(message), { status, details })
}

/** A response that does not match its schema: an error naming the first field, not a crash. */
export function schemaFailure(what: string, error: z.ZodError): BridgeFailure {
  const first = error.issues[0]
  const field = first && first.path.length > 0 ? first.path.join('.') : '(whole body)'
  return new BridgeFailure(
    'INVALID_RESPONSE',
    `The service's answer to ${what} is not what Flowdeck expects: field "${field}": ${first?.message ?? 'invalid'}.`,
    { details: error.issues.slice(0, 10).map((i) => ({ path: i.path, message: i.message })) },
  )
}

export function networkFailure(baseUrl: string): BridgeFailure {
  return new BridgeFailure(
    'NETWORK',
    `Flowdeck could not reach ${safeOrigin(baseUrl)}. Check the address and your network connection.`,
  )
}

export function timeoutFailure(ms: number): BridgeFailure {
  return new BridgeFailure(
    'TIMEOUT',
    `The service did not answer within ${Math.round(ms / 1000)} seconds.`,
  )
}

export function cancelledFailure(): BridgeFailure {
  return new BridgeFailure('CANCELLED', 'Cancelled.')
}

function safeOrigin(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin
  } catch {
    return 'the service'
  }
}

/** Belt and braces: nothing that looks like a key leaves main inside a message. */
export function scrub(text: string): string {
  return text.replace(/sk-service-[A-Za-z0-9_-]*/g, 'sk-service-…')
}

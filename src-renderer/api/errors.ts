// Errors in words: a title a person understands, the service's own sentence, and the details.
import { RowErrorDetailSchema, type RowErrorDetail } from '../../src-shared/api/common.ts'
import type { BridgeError, ErrorCode } from '../../src-shared/bridge.ts'
import { BridgeCallError } from '../bridge.ts'

const TITLES: Record<ErrorCode, string> = {
  UNAUTHORIZED: 'The service did not accept the key',
  TIMEOUT: 'The service took too long to answer',
  RATE_LIMIT_EXCEEDED: 'Too many requests for now',
  USAGE_LIMIT_EXCEEDED: 'The usage limit for this period is spent',
  EXECUTION_ERROR: 'The workflow failed',
  INVALID_JSON: 'That is not valid JSON',
  NETWORK: 'Could not reach the service',
  BAD_REQUEST: 'The service refused the request',
  FORBIDDEN: 'This key is not allowed to do that',
  NOT_FOUND: 'Not found',
  CONFLICT: 'The service reported a conflict',
  PAYLOAD_TOO_LARGE: 'That is too large to send',
  RESULT_UNAVAILABLE: 'The result is not available yet',
  INVALID_SELECTED_OUTPUT: 'A selected output does not exist',
  INVALID_RESPONSE: 'The service answered something unexpected',
  INVALID_INPUT: 'Something in the form is not right',
  KEYCHAIN_UNAVAILABLE: 'The system keychain is not available',
  CANCELLED: 'Cancelled',
  INTERNAL: 'Something went wrong inside Flowdeck',
}

const HINTS: Partial<Record<ErrorCode, string>> = {
  UNAUTHORIZED: 'Check the key stored for this connection under Connections.',
  NETWORK: 'Check the base URL and that the service is running.',
  TIMEOUT: 'You can raise the default timeout in Settings.',
  RATE_LIMIT_EXCEEDED: 'Wait for the limit to reset; Usage shows when.',
  KEYCHAIN_UNAVAILABLE:
    'Flowdeck keeps keys only in the OS keychain and will not store them anywhere else.',
}

export interface ErrorWords {
  code: ErrorCode
  status?: number
  title: string
  message: string
  hint?: string
  details: string[]
}

/** A refused row of a batch insert (`{row, errors}`), if that is what the detail is. */
export function rowErrorOf(detail: unknown): RowErrorDetail | null {
  const parsed = RowErrorDetailSchema.safeParse(detail)
  return parsed.success ? parsed.data : null
}

function detailText(d: unknown): string {
  if (typeof d === 'string') return d
  const rowError = rowErrorOf(d)
  if (rowError) return `Row ${rowError.row + 1}: ${rowError.errors.join('; ')}`
  if (d && typeof d === 'object') {
    const o = d as Record<string, unknown>
    if (typeof o.message === 'string') {
      const path = Array.isArray(o.path) && o.path.length ? `${o.path.join('.')}: ` : ''
      return path + o.message
    }
  }
  return JSON.stringify(d)
}

export function bridgeErrorOf(err: unknown): BridgeError {
  if (err instanceof BridgeCallError) return err.error
  return { code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) }
}

export function errorWords(err: unknown): ErrorWords {
  const e = bridgeErrorOf(err)
  return {
    code: e.code,
    status: e.status,
    title: TITLES[e.code] ?? 'Something went wrong',
    message: e.message,
    hint: HINTS[e.code],
    details: (e.details ?? []).map(detailText),
  }
}

export const isForbidden = (err: unknown) =>
  err instanceof BridgeCallError && (err.error.code === 'FORBIDDEN' || err.error.status === 403)

import type { BridgeError, ErrorCode } from '../../src-shared/bridge.ts'

/** A failure a handler means to report: it crosses the bridge as data, never as a thrown string. */
export class BridgeFailure extends Error {
  readonly code: ErrorCode
  readonly status?: number
  readonly details?: unknown[]

  constructor(
    code: ErrorCode,
    message: string,
    opts: { status?: number; details?: unknown[] } = {},
  ) {
    super(message)
    this.name = 'BridgeFailure'
    this.code = code
    this.status = opts.status
    this.details = opts.details
  }

  toBridgeError(): BridgeError {
    return {
      code: this.code,
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.details === undefined ? {} : { details: this.details }),
    }
  }
}

/** Anything else becomes a plain INTERNAL error: no stack, no headers, no key reaches the page. */
export function toBridgeError(err: unknown): BridgeError {
  if (err instanceof BridgeFailure) return err.toBridgeError()
  return { code: 'INTERNAL', message: 'Something went wrong inside Flowdeck. Try again.' }
}

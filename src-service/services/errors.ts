// The one error type service functions throw. It names what went wrong in domain terms; the
// HTTP layer (http/errors.ts) alone decides the status code.
export type ErrorKind =
  | 'invalid' // the request is well-formed but not acceptable (400)
  | 'unauthenticated' // no key or an unknown key (401)
  | 'payment_required' // usage budget exhausted (402)
  | 'forbidden' // authenticated but not allowed (403)
  | 'not_found' // unknown id, or an id the caller may not know about (404)
  | 'conflict' // (409)
  | 'too_large' // (413)
  | 'rate_limited' // (429)
  | 'unavailable' // (503)

export class ServiceError extends Error {
  readonly kind: ErrorKind
  readonly code: string | undefined
  readonly details: unknown[] | undefined
  /** Extra top-level fields of the error body (for example `retryAfter` on 429). */
  readonly extra: Record<string, unknown> | undefined
  /** Response headers the error carries whatever layer throws it (`Retry-After` on 429). */
  readonly headers: Readonly<Record<string, string>> | undefined

  constructor(
    kind: ErrorKind,
    message: string,
    options: {
      code?: string
      details?: unknown[]
      extra?: Record<string, unknown>
      headers?: Record<string, string>
    } = {},
  ) {
    super(message)
    this.name = 'ServiceError'
    this.kind = kind
    this.code = options.code
    this.details = options.details
    this.extra = options.extra
    this.headers = options.headers
  }
}

export const invalid = (message: string, details?: unknown[], code?: string) =>
  new ServiceError('invalid', message, { details, code })
export const forbidden = (message: string) => new ServiceError('forbidden', message)
export const notFound = (what: string) => new ServiceError('not_found', `${what} not found`)

// The one place that turns errors into the spec's error body {error, details?, code?}.
// 5xx internals are logged, never sent.
import type { FastifyError, FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ServiceError, type ErrorKind } from '../services/errors.ts'

export const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
}

export const INVALID_JSON = 'Request body must be valid JSON'

/** A zod issue in words: `limit: Too big: expected number to be <=100`. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}

/** Validation errors keep zod's issues as `details`, stripped of anything non-serialisable. */
export function validationBody(error: z.ZodError): { error: string; details: unknown[] } {
  const first = error.issues[0]
  return {
    error: first ? describeIssue(first) : 'Invalid request',
    details: error.issues.map((issue) => ({ ...issue, path: issue.path.map(String) })),
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ServiceError | z.ZodError, request, reply) => {
    if (error instanceof ServiceError) {
      if (error.headers) reply.headers(error.headers)
      return reply.code(STATUS[error.kind]).send({
        error: error.message,
        ...(error.code === undefined ? {} : { code: error.code }),
        ...(error.details === undefined ? {} : { details: error.details }),
        ...error.extra,
      })
    }
    if (error instanceof z.ZodError) return reply.code(400).send(validationBody(error))

    const status = error.statusCode ?? 500
    const code = 'code' in error ? error.code : undefined
    if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: 'Request body is too large (the limit is 10 MB)' })
    }
    if (status === 400 && (error instanceof SyntaxError || code?.startsWith('FST_ERR_CTP'))) {
      return reply.code(400).send({ error: INVALID_JSON })
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: 'Internal server error' })
  })

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` })
  })
}

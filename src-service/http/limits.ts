// The `limits` object that workflow, log and audit-log responses carry (spec, Limits object):
// the buckets and usage of the account this request would bill.
import type { FastifyRequest } from 'fastify'
import type { ServiceContext } from '../services/context.ts'
import type { LimitsSnapshot } from '../services/limits.ts'
import { callerOf } from './auth.ts'

export function limitsFor(ctx: ServiceContext, request: FastifyRequest): LimitsSnapshot {
  const account = ctx.limits.billedAccount(callerOf(request), request.access?.workspace ?? null)
  return ctx.limits.snapshot(account)
}

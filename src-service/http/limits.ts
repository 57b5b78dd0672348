// The `limits` object that workflow, log and audit-log responses carry (spec, Limits object).
import type { FastifyRequest } from 'fastify'
import type { ServiceContext } from '../services/context.ts'
import type { LimitsSnapshot } from '../services/limits.ts'
import { callerOf } from './auth.ts'

export function limitsFor(ctx: ServiceContext, request: FastifyRequest): LimitsSnapshot {
  const caller = callerOf(request)
  const { identity } = ctx.store
  // Usage is billed to the workspace's account when there is one (workspace and org keys),
  // else to the key holder; the plan is that account's organization's.
  const orgId =
    request.access?.workspace.organizationId ??
    request.organization?.id ??
    identity.primaryOrganizationOf(caller.user.id)?.id
  const plan = (orgId ? identity.getOrganization(orgId)?.plan : undefined) ?? 'free'
  return ctx.limits.snapshot(caller, plan, ctx.clock.now())
}

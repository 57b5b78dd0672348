// Authentication, the per-key /api/v1 rate limit and authorization, as hooks driven by the
// route's declared rule (`config: { auth: ... }`). Handlers never check permissions
// themselves: they read what these hooks attached to the request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  MESSAGES,
  atLeast,
  insufficient,
  resolveWorkspaceAccess,
  userPermission,
  workflowLevel,
  type Caller,
  type Level,
  type WorkspaceAccess,
} from '../auth/access.ts'
import { hashKey } from '../auth/key-crypto.ts'
import type { Organization, OrgRole, Plan } from '../store/identity-repo.ts'
import type { KeyType } from '../store/keys-repo.ts'
import type { WorkflowRecord } from '../store/workflows-repo.ts'
import type { ServiceContext } from '../services/context.ts'
import { ServiceError, forbidden, notFound } from '../services/errors.ts'
import { TokenBuckets } from '../services/token-buckets.ts'
import { executionIdOfJob } from '../../src-shared/api/execution.ts'

/** How a route is authorized. `need` defaults to read for GET and write otherwise. */
export type AuthRule =
  /** No key at all (health checks). */
  | { scope: 'public' }
  /** Any valid key of the listed types; no workspace involved (create workspace). */
  | { scope: 'account'; keyTypes: readonly KeyType[] }
  /** A workspace named by `workspaceId` (query on GET, body otherwise). `workflowSubset`
   * lets keys narrowed to single workflows through; the handler then lists only those. */
  | { scope: 'workspace'; need?: Level; workflowSubset?: boolean }
  /** One workflow, id in path param `param`, in the workspace named by `workspaceId`. */
  | { scope: 'workflow'; param: string; need?: Level }
  /** One workflow found by id alone; a caller who cannot reach it gets 404, not 403. */
  | { scope: 'workflow-by-id'; param: string; need?: Level }
  /** One run, by the execution or job id in path param `param`: its workflow's rule, 404 as
   * "Job not found" for callers who cannot reach it. */
  | { scope: 'execution'; param: string; need?: Level }
  /** Organization-level features (audit logs): the caller's organization must qualify. */
  | {
      scope: 'organization'
      feature: string
      keyTypes: readonly KeyType[]
      roles: readonly OrgRole[]
      plans: readonly Plan[]
    }

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule
  }
  interface FastifyRequest {
    caller?: Caller
    access?: WorkspaceAccess
    workflow?: WorkflowRecord
    organization?: Organization
  }
  interface FastifyInstance {
    ctx: ServiceContext
  }
}

export interface AuthOptions {
  /** Per-key request rate for /api/v1, per minute (burst is twice this). */
  apiRatePerMinute: number
}

/** lastUsedAt is a hint for humans; writing it at most once a minute keeps reads read-only. */
const TOUCH_EVERY_MS = 60_000

export function installAuth(app: FastifyInstance, options: AuthOptions): void {
  const buckets = new TokenBuckets(options.apiRatePerMinute)

  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config.auth
    if (!rule || rule.scope === 'public') return
    request.caller = authenticate(app.ctx, request)
    if (request.routeOptions.url?.startsWith('/api/v1/')) {
      applyRateLimit(buckets, request.caller, app.ctx.clock.now().getTime(), reply)
    }
  })

  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.auth
    if (!rule || rule.scope === 'public' || !request.caller) return
    authorize(app.ctx, rule, request)
  })
}

function authenticate(ctx: ServiceContext, request: FastifyRequest): Caller {
  const header = request.headers['x-api-key']
  const value = Array.isArray(header) ? header[0] : header
  if (!value) throw new ServiceError('unauthenticated', MESSAGES.keyRequired)
  const key = ctx.store.keys.findActiveByHash(hashKey(value))
  const user = key ? ctx.store.identity.getUser(key.userId) : null
  if (!key || !user) throw new ServiceError('unauthenticated', MESSAGES.invalidKey)
  const now = ctx.clock.now()
  if (!key.lastUsedAt || now.getTime() - Date.parse(key.lastUsedAt) >= TOUCH_EVERY_MS) {
    ctx.store.keys.touch(key.id, now.toISOString())
  }
  return { key, user }
}

function applyRateLimit(buckets: TokenBuckets, caller: Caller, nowMs: number, reply: FastifyReply) {
  const result = buckets.take(caller.key.id, nowMs)
  reply.header('X-RateLimit-Limit', String(result.limit))
  reply.header('X-RateLimit-Remaining', String(result.remaining))
  reply.header('X-RateLimit-Reset', new Date(result.resetAt).toISOString())
  if (result.allowed) return
  const seconds = Math.max(1, Math.ceil((result.resetAt - nowMs) / 1000))
  reply.header('Retry-After', String(seconds))
  throw new ServiceError('rate_limited', 'Rate limit exceeded', {
    extra: {
      message: `Too many requests for this API key. Try again in ${seconds} seconds.`,
      retryAfter: result.resetAt,
    },
  })
}

function authorize(ctx: ServiceContext, rule: AuthRule, request: FastifyRequest): void {
  const caller = request.caller as Caller
  const need: Level = ('need' in rule && rule.need) || (request.method === 'GET' ? 'read' : 'write')

  switch (rule.scope) {
    case 'public':
      return

    case 'account':
      if (!rule.keyTypes.includes(caller.key.type)) {
        throw forbidden(`This endpoint accepts only ${rule.keyTypes.join(' or ')} API keys`)
      }
      return

    case 'workspace': {
      const access = resolveWorkspaceAccess(ctx.store, caller, workspaceIdOf(request))
      if (!atLeast(access.level, need)) {
        if (access.level === null && !rule.workflowSubset) {
          throw forbidden(MESSAGES.workspaceNotAuthorized)
        }
        if (access.level !== null) throw insufficient(need)
      }
      request.access = access
      return
    }

    case 'workflow': {
      const access = resolveWorkspaceAccess(ctx.store, caller, workspaceIdOf(request))
      const workflow = ctx.store.workflows.getInWorkspace(
        access.workspace.id,
        paramOf(request, rule.param),
      )
      if (!workflow) throw notFound('Workflow')
      checkWorkflowLevel(access, workflow.id, need)
      request.access = access
      request.workflow = workflow
      return
    }

    case 'workflow-by-id':
      authorizeWorkflowById(ctx, request, paramOf(request, rule.param), need, 'Workflow')
      return

    case 'execution': {
      const executionId = executionIdOfJob(paramOf(request, rule.param))
      const workflowId = ctx.store.executions.workflowIdOf(executionId)
      if (!workflowId) throw notFound('Job')
      authorizeWorkflowById(ctx, request, workflowId, need, 'Job')
      return
    }

    case 'organization': {
      const denied = () => forbidden(`${rule.feature} require ${describeOrgRule(rule)}`)
      if (!rule.keyTypes.includes(caller.key.type)) throw denied()
      const org = ctx.store.identity.primaryOrganizationOf(caller.user.id)
      if (!org || !rule.plans.includes(org.plan)) throw denied()
      const role = ctx.store.identity.getMembershipRole(org.id, caller.user.id)
      if (!role || !rule.roles.includes(role)) throw denied()
      request.organization = org
      return
    }
  }
}

function authorizeWorkflowById(
  ctx: ServiceContext,
  request: FastifyRequest,
  workflowId: string,
  need: Level,
  what: string,
): void {
  const caller = request.caller as Caller
  const workflow = ctx.store.workflows.get(workflowId)
  if (!workflow) throw notFound(what)
  const ws = ctx.store.identity.getWorkspace(workflow.workspaceId)
  // Found by id alone: a key whose owner cannot see the workspace must not learn that the
  // workflow exists. Owners who can see it get the precise 403 (key type, binding, grant).
  if (!ws || userPermission(ctx.store, ws, caller.user.id) === null) throw notFound(what)
  const access = resolveWorkspaceAccess(ctx.store, caller, ws.id)
  checkWorkflowLevel(access, workflow.id, need)
  request.access = access
  request.workflow = workflow
}

function checkWorkflowLevel(access: WorkspaceAccess, workflowId: string, need: Level): void {
  const level = workflowLevel(access, workflowId)
  if (level === null) throw forbidden(MESSAGES.workflowNotAuthorized)
  if (!atLeast(level, need)) throw insufficient(need)
}

function describeOrgRule(rule: Extract<AuthRule, { scope: 'organization' }>): string {
  return `an ${rule.plans.join(' or ')} plan, the organization ${rule.roles.join(' or ')} role and an unscoped ${rule.keyTypes.join(' or ')} API key`
}

/** workspaceId: query on GET, JSON body otherwise (the spec's common rule); schemas made sure
 * it is a string where the route requires it. */
function workspaceIdOf(request: FastifyRequest): string {
  const from = (request.method === 'GET' ? request.query : request.body) as
    { workspaceId?: unknown } | null | undefined
  const id = from?.workspaceId
  if (typeof id !== 'string') throw forbidden(MESSAGES.workspaceNotAuthorized)
  return id
}

function paramOf(request: FastifyRequest, name: string): string {
  return String((request.params as Record<string, unknown>)[name] ?? '')
}

/** Accessors for handlers: the hooks guarantee these exist on routes with the matching rule. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route has no auth rule that authenticates')
  return request.caller
}
export function accessOf(request: FastifyRequest): WorkspaceAccess {
  if (!request.access) throw new Error('route has no workspace auth rule')
  return request.access
}
export function workflowOf(request: FastifyRequest): WorkflowRecord {
  if (!request.workflow) throw new Error('route has no workflow auth rule')
  return request.workflow
}
export function organizationOf(request: FastifyRequest): Organization {
  if (!request.organization) throw new Error('route has no organization auth rule')
  return request.organization
}

// The real execution gate and limits provider: per-account sync/async token buckets, the
// per-process admission gate on in-flight runs, and usage cost per billing period against the
// plan's budget. One object so that what `admit` enforces and what every `limits` object and
// the usage-limits query report are the same numbers.
//
// Billing account (spec, Authentication, key types: "Billed to: the individual account |
// workspace owner | workspace owner"; Workspace.billedAccountUserId is "account billed for
// usage"): a personal key bills its holder; workspace and organization keys bill the
// workspace's billedAccountUserId (the owner unless set otherwise). Rates (spec, Limits:
// "Self-hosted with billing disabled: enterprise limits for every account"): every account
// gets the same sync/async rates, 600/5000 per minute unless configured; the plan of the
// billed account (its organization's) sets only the usage budget.
import { EXECUTE_RATE_LIMIT_MESSAGE, SERVICE_ERROR_CODES } from '../../src-shared/api/common.ts'
import type { Caller } from '../auth/access.ts'
import type { Plan, WorkspaceRecord } from '../store/identity-repo.ts'
import type { Store } from '../store/index.ts'
import { billingPeriodOf, runCostMicros, toDollars } from './billing.ts'
import type { Clock } from './context.ts'
import { ServiceError } from './errors.ts'
import type { AdmissionTicket, AdmitRequest, ExecutionGate, RunUsage } from './execution-gate.ts'
import {
  PLAN_RATES,
  PLAN_USAGE_LIMITS,
  type LimitsProvider,
  type LimitsSnapshot,
  type RateBucketSnapshot,
} from './limits.ts'
import { TokenBuckets, type BucketState } from './token-buckets.ts'

/** API-NOTES: a per-process cap on in-flight executions, default 500. */
export const DEFAULT_MAX_IN_FLIGHT = 500
export const ADMISSION_RETRY_AFTER_SECONDS = 5

export interface ExecutionLimitsOptions {
  store: Store
  clock: Clock
  /** Requests per minute for every account; burst is twice this. Default: enterprise. */
  rates?: { sync?: number; async?: number }
  /** In-flight runs this process admits before answering 429 with Retry-After. */
  maxInFlight?: number
}

export interface ExecutionLimits extends ExecutionGate, LimitsProvider {
  /** Runs admitted and not yet released or settled. */
  readonly inFlight: number
  readonly maxInFlight: number
}

export function createExecutionLimits(options: ExecutionLimitsOptions): ExecutionLimits {
  const { store, clock } = options
  const sync = new TokenBuckets(options.rates?.sync ?? PLAN_RATES.enterprise.sync)
  const async = new TokenBuckets(options.rates?.async ?? PLAN_RATES.enterprise.async)
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT
  if (!(Number.isInteger(maxInFlight) && maxInFlight > 0)) {
    throw new Error('maxInFlight must be a positive integer')
  }
  let inFlight = 0

  // Period totals per account, loaded once per period from the store and kept current by
  // settle, so admitting a run costs no SUM query. One process owns the data folder.
  const totals = new Map<string, { period: string; micros: number }>()
  const periodMicros = (userId: string, period: string): number => {
    const cached = totals.get(userId)
    if (cached?.period === period) return cached.micros
    const micros = store.usage.periodTotalMicros(userId, period)
    totals.set(userId, { period, micros })
    return micros
  }

  const planOf = (userId: string): Plan =>
    store.identity.primaryOrganizationOf(userId)?.plan ?? 'free'

  const usageOf = (userId: string, now: Date) => {
    const plan = planOf(userId)
    const limit = PLAN_USAGE_LIMITS[plan]
    const currentPeriodCost = toDollars(periodMicros(userId, billingPeriodOf(now).key))
    return { currentPeriodCost, limit, plan, isExceeded: currentPeriodCost >= limit }
  }

  const record = (
    billedUserId: string,
    usage: RunUsage,
    where: { workspaceId: string | null; workflowId: string | null },
  ): void => {
    const period = billingPeriodOf(clock.now()).key
    const costMicros = runCostMicros(usage)
    const inserted = store.usage.record({
      executionId: usage.executionId,
      billedUserId,
      period,
      costMicros,
      ...where,
      status: usage.status,
      durationMs: usage.durationMs,
      blocksExecuted: usage.blocksExecuted,
      tokens: (usage.tokens?.prompt ?? 0) + (usage.tokens?.completion ?? 0),
    })
    const cached = totals.get(billedUserId)
    if (inserted && cached?.period === period) cached.micros += costMicros
  }

  const billedAccount = (caller: Caller, workspace: WorkspaceRecord | null): string => {
    const { key, user } = caller
    if (key.type === 'personal') return user.id
    if (workspace) return workspace.billedAccountUserId
    if (key.type === 'workspace') {
      const bound = key.workspaceId ? store.identity.getWorkspace(key.workspaceId) : null
      return bound?.billedAccountUserId ?? user.id
    }
    // An organization key with no workspace in the request: the account its granted
    // workspaces bill, when they agree on one; otherwise the key holder ("me").
    const accounts = new Set<string>()
    for (const grant of key.grants) {
      const ws = store.identity.getWorkspace(grant.workspaceId)
      if (ws && ws.organizationId === key.organizationId) accounts.add(ws.billedAccountUserId)
    }
    return accounts.size === 1 ? [...accounts][0]! : user.id
  }

  const bucketSnapshot = (buckets: TokenBuckets, state: BucketState): RateBucketSnapshot => ({
    requestsPerMinute: buckets.rate,
    maxBurst: buckets.burst,
    remaining: state.remaining,
    resetAt: new Date(state.resetAt).toISOString(),
  })

  return {
    get inFlight() {
      return inFlight
    },
    maxInFlight,

    admit(request: AdmitRequest): AdmissionTicket {
      // Cheapest refusal first, and nothing is drawn from a bucket for a refused run.
      if (inFlight >= maxInFlight) {
        throw new ServiceError('rate_limited', 'Too many requests', {
          code: SERVICE_ERROR_CODES.admissionGateCapacity,
          extra: { retryAfterSeconds: ADMISSION_RETRY_AFTER_SECONDS },
          headers: { 'Retry-After': String(ADMISSION_RETRY_AFTER_SECONDS) },
        })
      }
      const billedUserId = billedAccount(request.caller, request.workspace)
      const now = clock.now()
      const usage = usageOf(billedUserId, now)
      if (usage.isExceeded) {
        throw new ServiceError(
          'payment_required',
          `Usage limit exceeded: $${usage.currentPeriodCost.toFixed(2)} of the ${usage.plan} plan's $${usage.limit.toFixed(2)} used this billing period. Upgrade the plan or wait until ${billingPeriodOf(now).end.toISOString()}.`,
        )
      }
      // Every execute draws from sync; async requests also from async (spec, Limits). Both
      // are checked before either is drawn from, so a refusal costs no token.
      const nowMs = now.getTime()
      const isAsync = request.mode === 'async'
      if (
        sync.peek(billedUserId, nowMs).remaining < 1 ||
        (isAsync && async.peek(billedUserId, nowMs).remaining < 1)
      ) {
        throw new ServiceError('rate_limited', EXECUTE_RATE_LIMIT_MESSAGE)
      }
      sync.take(billedUserId, nowMs)
      if (isAsync) async.take(billedUserId, nowMs)

      inFlight++
      let holding = true
      let settled = false
      const release = () => {
        if (holding) {
          holding = false
          inFlight--
        }
      }
      const where = { workspaceId: request.workspace.id, workflowId: request.workflowId }
      return {
        billedUserId,
        release,
        settle(usage: RunUsage) {
          // Exactly once: a second call (a retry path, a cancel racing the end) is ignored,
          // and the store keys records by execution id as a second line of defence.
          if (settled) return
          settled = true
          release()
          record(billedUserId, usage, where)
        },
      }
    },

    settleOrphan(billedUserId: string, usage: RunUsage): void {
      record(billedUserId, usage, { workspaceId: null, workflowId: null })
    },

    billedAccount,

    snapshot(billedUserId: string): LimitsSnapshot {
      const now = clock.now()
      const nowMs = now.getTime()
      return {
        workflowExecutionRateLimit: {
          sync: bucketSnapshot(sync, sync.peek(billedUserId, nowMs)),
          async: bucketSnapshot(async, async.peek(billedUserId, nowMs)),
        },
        usage: usageOf(billedUserId, now),
      }
    },
  }
}

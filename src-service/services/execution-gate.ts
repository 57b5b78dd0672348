// The seam between execution (execute routes, job workers) and limits/billing (per-account
// sync/async buckets, the in-flight admission gate, usage cost and the plan budget).
//
// Execution calls `admit` once per execute request, before anything is queued or run, and
// settles the ticket exactly once when the run ends (completed, failed, cancelled, or given up
// after a restart). Limits decides everything else: which account is billed, which buckets a
// request draws from, whether the budget is exhausted, what a run costs.
import type { Caller } from '../auth/access.ts'
import type { WorkspaceRecord } from '../store/identity-repo.ts'

export interface AdmitRequest {
  caller: Caller
  workspace: WorkspaceRecord
  workflowId: string
  /** Async requests draw from the async bucket as well as the sync one. */
  mode: 'sync' | 'async' | 'stream'
}

/** What a finished run consumed; the gate turns it into a cost with its documented model. */
export interface RunUsage {
  executionId: string
  status: 'completed' | 'failed' | 'cancelled'
  durationMs: number
  /** Blocks that ran (including failed ones). */
  blocksExecuted: number
  /** Model tokens spent by agent blocks, when any. */
  tokens?: { prompt: number; completion: number }
}

export interface AdmissionTicket {
  /** The account the run is billed to (a user id). */
  readonly billedUserId: string
  /** Called exactly once when the run ends; frees the in-flight slot and records the cost. */
  settle(usage: RunUsage): void
  /**
   * Optional early release of the in-flight slot while the run goes on elsewhere (an async
   * run once its job is durably queued): the admission gate caps work this process is doing
   * for requests, not queued jobs. Idempotent; settle is still required for billing.
   */
  release?(): void
}

export interface ExecutionGate {
  /**
   * Admits a run or throws a ServiceError: `rate_limited` (429, bucket exhausted, no
   * Retry-After; or admission gate full, Retry-After: 5) or `payment_required` (402, the plan's
   * usage budget is spent).
   */
  admit(request: AdmitRequest): AdmissionTicket
  /** Settles a run that was admitted in an earlier process (restart recovery) by its usage. */
  settleOrphan(billedUserId: string, usage: RunUsage): void
}

/** Admits everything and records nothing: the default until the limits module replaces it. */
export const openGate: ExecutionGate = {
  admit: (request) => ({ billedUserId: request.caller.user.id, settle: () => {} }),
  settleOrphan: () => {},
}

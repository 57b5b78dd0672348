// Usage records: the cost of each settled run, summed per account and billing period.
import type { Db } from './db.ts'

export interface NewUsageRecord {
  executionId: string
  billedUserId: string
  /** Billing period key (`YYYY-MM`). */
  period: string
  costMicros: number
  workspaceId: string | null
  workflowId: string | null
  status: string
  durationMs: number
  blocksExecuted: number
  tokens: number
}

export function createUsageRepo(db: Db, now: () => string) {
  return {
    /** Records a run's cost; false when that execution was already recorded (charged once). */
    record(input: NewUsageRecord): boolean {
      const result = db
        .stmt(
          `INSERT INTO usage_records (execution_id, billed_user_id, period, cost_micros,
             workspace_id, workflow_id, status, duration_ms, blocks_executed, tokens, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (execution_id) DO NOTHING`,
        )
        .run(
          input.executionId,
          input.billedUserId,
          input.period,
          input.costMicros,
          input.workspaceId,
          input.workflowId,
          input.status,
          Math.max(0, Math.round(input.durationMs)),
          Math.max(0, Math.floor(input.blocksExecuted)),
          Math.max(0, Math.round(input.tokens)),
          now(),
        )
      return Number(result.changes) === 1
    },

    /** Total cost (micro-dollars) charged to the account in the period. */
    periodTotalMicros(billedUserId: string, period: string): number {
      const row = db
        .stmt(
          'SELECT COALESCE(SUM(cost_micros), 0) AS total FROM usage_records WHERE billed_user_id = ? AND period = ?',
        )
        .get(billedUserId, period)
      return Number(row?.total ?? 0)
    },

    /** The recorded cost of one run, or null. */
    costOf(executionId: string): number | null {
      const row = db
        .stmt('SELECT cost_micros FROM usage_records WHERE execution_id = ?')
        .get(executionId)
      return row ? Number(row.cost_micros) : null
    },
  }
}

export type UsageRepo = ReturnType<typeof createUsageRepo>

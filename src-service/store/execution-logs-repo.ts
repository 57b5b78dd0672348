// Execution logs (the /api/v1/logs resource and the run history): reads only; rows are written
// by the executions repository as runs are admitted and end.
import type { Db } from './db.ts'
import { toPage, type CursorKey, type Page } from './cursor.ts'

export interface ExecutionLogRecord {
  id: string
  executionId: string
  workflowId: string
  workspaceId: string
  level: 'info' | 'error'
  trigger: string
  /** The execution state when the log was last written (the run history's status). */
  status: string
  /** When the run was admitted. */
  startedAt: string
  /** When a worker first started it (async runs wait in the queue before). */
  runStartedAt: string | null
  endedAt: string | null
  totalDurationMs: number | null
  costTotal: number
  executionData: unknown
}

export interface LogListQuery {
  workspaceId: string
  workflowIds?: readonly string[]
  /** Restricts to these workflows (keys narrowed to single workflows); undefined: all. */
  onlyWorkflowIds?: readonly string[]
  level?: 'info' | 'error'
  startDate?: string
  endDate?: string
  order: 'asc' | 'desc'
  limit: number
  after?: CursorKey
}

type Row = Record<string, unknown>

const toLog = (r: Row): ExecutionLogRecord => ({
  id: String(r.id),
  executionId: String(r.execution_id),
  workflowId: String(r.workflow_id),
  workspaceId: String(r.workspace_id),
  level: String(r.level) as 'info' | 'error',
  trigger: String(r.trigger),
  status: String(r.status),
  startedAt: String(r.started_at),
  runStartedAt: r.run_started_at == null ? null : String(r.run_started_at),
  endedAt: r.ended_at == null ? null : String(r.ended_at),
  totalDurationMs: r.total_duration_ms == null ? null : Number(r.total_duration_ms),
  costTotal: Number(r.cost_total),
  executionData: JSON.parse(String(r.execution_data)),
})

export function createExecutionLogsRepo(db: Db) {
  return {
    get(workspaceId: string, id: string): ExecutionLogRecord | null {
      const row = db
        .stmt('SELECT * FROM execution_logs WHERE id = ? AND workspace_id = ?')
        .get(id, workspaceId)
      return row ? toLog(row) : null
    },

    /** Adds a settled segment's cost (dollars) to its run's log row. */
    addCost(executionId: string, dollars: number): void {
      db.stmt('UPDATE execution_logs SET cost_total = cost_total + ? WHERE execution_id = ?').run(
        dollars,
        executionId,
      )
    },

    byExecution(executionId: string): ExecutionLogRecord | null {
      const row = db.stmt('SELECT * FROM execution_logs WHERE execution_id = ?').get(executionId)
      return row ? toLog(row) : null
    },

    list(q: LogListQuery): Page<ExecutionLogRecord> {
      // Only the filters in use go into the SQL, as in the workflows list.
      const where = ['workspace_id = ?']
      const params: (string | number)[] = [q.workspaceId]
      for (const ids of [q.workflowIds, q.onlyWorkflowIds]) {
        if (ids === undefined) continue
        where.push('workflow_id IN (SELECT value FROM json_each(?))')
        params.push(JSON.stringify(ids))
      }
      if (q.level) {
        where.push('level = ?')
        params.push(q.level)
      }
      if (q.startDate) {
        where.push('started_at >= ?')
        params.push(q.startDate)
      }
      if (q.endDate) {
        where.push('started_at <= ?')
        params.push(q.endDate)
      }
      const cmp = q.order === 'asc' ? '>' : '<'
      if (q.after) {
        where.push(`(started_at ${cmp} ? OR (started_at = ? AND id ${cmp} ?))`)
        params.push(q.after.at, q.after.at, q.after.id)
      }
      const dir = q.order === 'asc' ? 'ASC' : 'DESC'
      const rows = db
        .stmt(
          `SELECT * FROM execution_logs WHERE ${where.join(' AND ')}
           ORDER BY started_at ${dir}, id ${dir} LIMIT ?`,
        )
        .all(...params, q.limit + 1)
        .map(toLog)
      return toPage(rows, q.limit, (l) => ({ at: l.startedAt, id: l.id }))
    },
  }
}

export type ExecutionLogsRepo = ReturnType<typeof createExecutionLogsRepo>

// Executions and the async job queue: admission (one row plus its log row), lease-based claims,
// lease renewal and reclaim, pause/resume transitions, and the end of a run. Every change of
// state that touches both tables is one transaction.
import { randomUUID } from 'node:crypto'
import { toBool, transaction, type Db } from './db.ts'

export const EXECUTION_MODES = ['sync', 'async', 'stream'] as const
export type ExecutionMode = (typeof EXECUTION_MODES)[number]

export type ExecutionState =
  'pending' | 'processing' | 'paused' | 'completed' | 'failed' | 'cancelled'

export const FINISHED_STATES: readonly ExecutionState[] = ['completed', 'failed', 'cancelled']

/** The execution controls a run keeps (never part of the workflow input). */
export interface RunOptions {
  selectedOutputs?: string[]
  stopAfterBlockId?: string
  includeFileBase64?: boolean
  base64MaxBytes?: number
  useDraftState?: boolean
}

export interface ExecutionRecord {
  id: string
  workflowId: string
  workspaceId: string
  mode: ExecutionMode
  trigger: string
  status: ExecutionState
  callerUserId: string
  keyId: string | null
  billedUserId: string
  definition: unknown
  input: unknown
  options: RunOptions
  /** The human's answer to a pause, waiting for a worker (async resumes). */
  resumeInput: { value: unknown } | null
  pauseState: unknown
  contextId: string | null
  output: unknown
  error: string | null
  blockLogs: unknown[]
  attempts: number
  maxAttempts: number
  leaseOwner: string | null
  leaseExpiresAt: number | null
  settled: boolean
  createdAt: string
  startedAt: string | null
  endedAt: string | null
  durationMs: number | null
  updatedAt: string
}

/** What a job status answer needs; no definition, input or pause state. */
export type ExecutionStatusView = Pick<
  ExecutionRecord,
  | 'id'
  | 'workflowId'
  | 'workspaceId'
  | 'mode'
  | 'status'
  | 'contextId'
  | 'output'
  | 'error'
  | 'attempts'
  | 'createdAt'
  | 'startedAt'
  | 'endedAt'
  | 'durationMs'
>

export interface NewExecution {
  id?: string
  workflowId: string
  workspaceId: string
  mode: ExecutionMode
  trigger?: string
  callerUserId: string
  keyId: string | null
  billedUserId: string
  definition: unknown
  input: unknown
  options: RunOptions
  maxAttempts: number
}

/** How a run (or one segment of it, up to a pause) ended. */
export interface RunEnd {
  status: 'completed' | 'failed' | 'cancelled' | 'paused'
  output: unknown
  error: string | null
  blockLogs: unknown[]
  startedAt: string
  endedAt: string
  durationMs: number
  pauseState?: unknown
  contextId?: string
  /** The definition a paused run continues with (sync and stream runs store it only now). */
  definition?: unknown
  /** The log row's run history copy (redacted, capped) and level. */
  logData: unknown
  /** Dollars added to the log row's cost when this end settles the run (same transaction). */
  cost?: number
}

type Row = Record<string, unknown>

const json = (value: unknown): string => JSON.stringify(value ?? null)
/** NULL for an absent value, so it reads back as absent rather than null. */
const jsonOrNull = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value)
const parse = (text: unknown): unknown => (text == null ? undefined : JSON.parse(String(text)))
const str = (v: unknown): string | null => (v == null ? null : String(v))
const num = (v: unknown): number | null => (v == null ? null : Number(v))

const STATUS_COLUMNS = `id, workflow_id, workspace_id, mode, status, context_id, output, error,
  attempts, created_at, started_at, ended_at, duration_ms`

const toStatusView = (r: Row): ExecutionStatusView => ({
  id: String(r.id),
  workflowId: String(r.workflow_id),
  workspaceId: String(r.workspace_id),
  mode: String(r.mode) as ExecutionMode,
  status: String(r.status) as ExecutionState,
  contextId: str(r.context_id),
  output: parse(r.output),
  error: str(r.error),
  attempts: Number(r.attempts),
  createdAt: String(r.created_at),
  startedAt: str(r.started_at),
  endedAt: str(r.ended_at),
  durationMs: num(r.duration_ms),
})

const toRecord = (r: Row): ExecutionRecord => ({
  ...toStatusView(r),
  trigger: String(r.trigger),
  callerUserId: String(r.caller_user_id),
  keyId: str(r.key_id),
  billedUserId: String(r.billed_user_id),
  definition: parse(r.definition) ?? null,
  input: parse(r.input),
  options: (parse(r.options) ?? {}) as RunOptions,
  resumeInput: r.resume_input == null ? null : { value: parse(r.resume_input) },
  pauseState: parse(r.pause_state) ?? null,
  blockLogs: (parse(r.block_logs) ?? []) as unknown[],
  maxAttempts: Number(r.max_attempts),
  leaseOwner: str(r.lease_owner),
  leaseExpiresAt: num(r.lease_expires_at),
  settled: toBool(r.settled),
  updatedAt: String(r.updated_at),
})

export function createExecutionsRepo(db: Db, now: () => string) {
  const get = (id: string): ExecutionRecord | null => {
    const row = db.stmt('SELECT * FROM executions WHERE id = ?').get(id)
    return row ? toRecord(row) : null
  }

  return {
    get,

    getStatusView(id: string): ExecutionStatusView | null {
      const row = db.stmt(`SELECT ${STATUS_COLUMNS} FROM executions WHERE id = ?`).get(id)
      return row ? toStatusView(row) : null
    },

    /** The workflow a run belongs to, from its record or, once that expired, its log. */
    workflowIdOf(id: string): string | null {
      const row =
        db.stmt('SELECT workflow_id FROM executions WHERE id = ?').get(id) ??
        db.stmt('SELECT workflow_id FROM execution_logs WHERE execution_id = ?').get(id)
      return row ? String(row.workflow_id) : null
    },

    /**
     * Admits a run: the execution row (pending for async, processing otherwise) and its log row
     * (endedAt null while it runs), in one transaction.
     */
    admit(input: NewExecution): ExecutionRecord {
      const id = input.id ?? randomUUID()
      const at = now()
      const queued = input.mode === 'async'
      const status: ExecutionState = queued ? 'pending' : 'processing'
      const startedAt = queued ? null : at
      transaction(db, () => {
        db.stmt(
          `INSERT INTO executions (id, workflow_id, workspace_id, mode, trigger, status,
             caller_user_id, key_id, billed_user_id, definition, input, options, max_attempts,
             attempts, created_at, started_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          input.workflowId,
          input.workspaceId,
          input.mode,
          input.trigger ?? 'api',
          status,
          input.callerUserId,
          input.keyId,
          input.billedUserId,
          // Only a queued run is read back from the store before it pauses.
          queued ? json(input.definition) : null,
          json(input.input),
          json(input.options),
          input.maxAttempts,
          queued ? 0 : 1,
          at,
          startedAt,
          at,
        )
        db.stmt(
          `INSERT INTO execution_logs (id, execution_id, workflow_id, workspace_id, level, trigger,
             status, started_at, run_started_at) VALUES (?, ?, ?, ?, 'info', ?, ?, ?, ?)`,
        ).run(
          randomUUID(),
          id,
          input.workflowId,
          input.workspaceId,
          input.trigger ?? 'api',
          status,
          at,
          startedAt,
        )
      })
      // What was just written, without reading it back (this is on every run's path).
      return {
        id,
        workflowId: input.workflowId,
        workspaceId: input.workspaceId,
        mode: input.mode,
        trigger: input.trigger ?? 'api',
        status,
        callerUserId: input.callerUserId,
        keyId: input.keyId,
        billedUserId: input.billedUserId,
        definition: input.definition,
        input: input.input,
        options: input.options,
        resumeInput: null,
        pauseState: null,
        contextId: null,
        output: undefined,
        error: null,
        blockLogs: [],
        attempts: queued ? 0 : 1,
        maxAttempts: input.maxAttempts,
        leaseOwner: null,
        leaseExpiresAt: null,
        settled: false,
        createdAt: at,
        startedAt,
        endedAt: null,
        durationMs: null,
        updatedAt: at,
      }
    },

    /** Takes the oldest pending run for `owner` until `leaseUntil` (epoch ms). */
    claim(owner: string, leaseUntil: number): ExecutionRecord | null {
      const at = now()
      return transaction(db, () => {
        const row = db
          .stmt(
            `UPDATE executions SET status = 'processing', lease_owner = ?, lease_expires_at = ?,
               attempts = attempts + 1, started_at = COALESCE(started_at, ?), updated_at = ?
             WHERE id = (SELECT id FROM executions WHERE status = 'pending'
                         ORDER BY created_at, id LIMIT 1)
             RETURNING *`,
          )
          .get(owner, leaseUntil, at, at)
        if (!row) return null
        db.stmt(
          `UPDATE execution_logs SET status = 'processing', run_started_at = COALESCE(run_started_at, ?)
           WHERE execution_id = ?`,
        ).run(at, row.id as string)
        return toRecord(row)
      })
    },

    /** Renews every lease `owner` holds; returns how many. */
    renewLeases(owner: string, leaseUntil: number): number {
      const result = db
        .stmt(
          `UPDATE executions SET lease_expires_at = ?
           WHERE lease_owner = ? AND status = 'processing'`,
        )
        .run(leaseUntil, owner)
      return Number(result.changes)
    },

    /** Async runs whose lease ran out (their process died) at `nowMs`. */
    expiredLeases(nowMs: number): ExecutionRecord[] {
      return db
        .stmt(
          `SELECT * FROM executions WHERE status = 'processing' AND mode = 'async'
             AND lease_expires_at IS NOT NULL AND lease_expires_at < ?`,
        )
        .all(nowMs)
        .map(toRecord)
    },

    /** Sync and stream runs left `processing` by an earlier process: nobody waits for them. */
    interruptedRuns(): ExecutionRecord[] {
      return db
        .stmt(`SELECT * FROM executions WHERE status = 'processing' AND mode != 'async'`)
        .all()
        .map(toRecord)
    },

    /** Puts a reclaimed run back in the queue, if its lease is still the expired one. */
    requeue(id: string, expiredLease: number | null): boolean {
      const result = db
        .stmt(
          `UPDATE executions SET status = 'pending', lease_owner = NULL, lease_expires_at = NULL,
             updated_at = ?
           WHERE id = ? AND status = 'processing' AND lease_expires_at IS ?`,
        )
        .run(now(), id, expiredLease)
      if (Number(result.changes) === 1) {
        db.stmt(`UPDATE execution_logs SET status = 'pending' WHERE execution_id = ?`).run(id)
      }
      return Number(result.changes) === 1
    },

    /**
     * Graceful shutdown: `owner`'s async runs go back to the queue without counting the
     * interrupted attempt, so the next start picks them up at once.
     */
    releaseLeases(owner: string, ids: readonly string[]): number {
      let released = 0
      transaction(db, () => {
        for (const id of ids) {
          const result = db
            .stmt(
              `UPDATE executions SET status = 'pending', lease_owner = NULL,
                 lease_expires_at = NULL, attempts = MAX(attempts - 1, 0), updated_at = ?
               WHERE id = ? AND lease_owner = ? AND status = 'processing'`,
            )
            .run(now(), id, owner)
          if (Number(result.changes) === 1) {
            released++
            db.stmt(`UPDATE execution_logs SET status = 'pending' WHERE execution_id = ?`).run(id)
          }
        }
      })
      return released
    },

    /**
     * Records how a run (or a segment up to a pause) ended, in both tables, and marks its usage
     * settled. True when it was not settled before: the caller then settles it, exactly once.
     */
    end(id: string, end: RunEnd): boolean {
      const paused = end.status === 'paused'
      return transaction(db, () => {
        const before = db.stmt('SELECT settled FROM executions WHERE id = ?').get(id)
        db.stmt(
          `UPDATE executions SET status = ?, output = ?, error = ?, block_logs = ?,
             pause_state = ?, context_id = ?, resume_input = NULL, lease_owner = NULL,
             lease_expires_at = NULL, started_at = COALESCE(started_at, ?), ended_at = ?,
             duration_ms = ?, definition = COALESCE(?, definition), settled = 1, updated_at = ?
           WHERE id = ?`,
        ).run(
          end.status,
          jsonOrNull(end.output),
          end.error,
          json(end.blockLogs),
          paused ? json(end.pauseState) : null,
          paused ? (end.contextId ?? null) : null,
          end.startedAt,
          paused ? null : end.endedAt,
          paused ? null : end.durationMs,
          paused && end.definition !== undefined ? json(end.definition) : null,
          now(),
          id,
        )
        const claimed = before !== undefined && !toBool(before.settled)
        db.stmt(
          `UPDATE execution_logs SET status = ?, level = ?, ended_at = ?, total_duration_ms = ?,
             run_started_at = COALESCE(run_started_at, ?), execution_data = ?,
             cost_total = cost_total + ?
           WHERE execution_id = ?`,
        ).run(
          end.status,
          end.status === 'failed' ? 'error' : 'info',
          paused ? null : end.endedAt,
          paused ? null : end.durationMs,
          end.startedAt,
          json(end.logData),
          claimed ? (end.cost ?? 0) : 0,
          id,
        )
        return claimed
      })
    },

    /**
     * Moves a paused run on: `processing` (sync, stream) or back to the queue with the answer
     * (async). Only one resume wins; the others find it no longer paused.
     */
    resume(id: string, contextId: string, input: unknown, queued: boolean): boolean {
      return transaction(db, () => {
        const result = db
          .stmt(
            `UPDATE executions SET status = ?, resume_input = ?, settled = 0, updated_at = ?
             WHERE id = ? AND status = 'paused' AND context_id = ?`,
          )
          .run(queued ? 'pending' : 'processing', json(input), now(), id, contextId)
        if (Number(result.changes) !== 1) return false
        db.stmt(`UPDATE execution_logs SET status = ? WHERE execution_id = ?`).run(
          queued ? 'pending' : 'processing',
          id,
        )
        return true
      })
    },

    /** Cancels a run nobody is running (pending or paused); false when it was not in either. */
    cancelIdle(id: string, logData: (record: ExecutionRecord) => unknown): ExecutionRecord | null {
      return transaction(db, () => {
        const at = now()
        const row = db
          .stmt(
            `UPDATE executions SET status = 'cancelled', error = ?, ended_at = ?,
               duration_ms = 0, pause_state = NULL, resume_input = NULL, updated_at = ?
             WHERE id = ? AND status IN ('pending', 'paused') RETURNING *`,
          )
          .get('The workflow run was cancelled', at, at, id)
        if (!row) return null
        const record = toRecord(row)
        db.stmt(
          `UPDATE execution_logs SET status = 'cancelled', ended_at = ?, total_duration_ms = 0,
             execution_data = ? WHERE execution_id = ?`,
        ).run(at, json(logData(record)), id)
        return record
      })
    },

    /** True exactly once per admitted segment: the caller then settles its usage. */
    markSettled(id: string): boolean {
      const result = db
        .stmt('UPDATE executions SET settled = 1 WHERE id = ? AND settled = 0')
        .run(id)
      return Number(result.changes) === 1
    },

    /** Mean duration of the workflow's last `count` completed runs, or null without any. */
    recentDurationMs(workflowId: string, count = 10): number | null {
      const row = db
        .stmt(
          `SELECT AVG(total_duration_ms) AS avg, COUNT(*) AS n FROM (
             SELECT total_duration_ms FROM execution_logs
             WHERE workflow_id = ? AND status = 'completed' AND ended_at IS NOT NULL
             ORDER BY ended_at DESC LIMIT ?)`,
        )
        .get(workflowId, count)
      return row && Number(row.n) > 0 ? Math.round(Number(row.avg)) : null
    },

    /** Deletes records that ended at or before `recordsBefore`, logs at or before `logsBefore`. */
    sweep(recordsBefore: string, logsBefore: string): { records: number; logs: number } {
      return transaction(db, () => {
        const records = db
          .stmt(
            `DELETE FROM executions WHERE ended_at IS NOT NULL AND ended_at <= ?
               AND status IN ('completed', 'failed', 'cancelled')`,
          )
          .run(recordsBefore)
        const logs = db
          .stmt('DELETE FROM execution_logs WHERE ended_at IS NOT NULL AND ended_at <= ?')
          .run(logsBefore)
        return { records: Number(records.changes), logs: Number(logs.changes) }
      })
    },
  }
}

export type ExecutionsRepo = ReturnType<typeof createExecutionsRepo>

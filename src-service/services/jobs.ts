// Job status (GET /api/jobs/{jobId}) for every admitted run: from the execution record while it
// is kept (7 days after the run ends), then from run history (the log row, 30 days), then gone.
import { executionIdOfJob } from '../../src-shared/api/execution.ts'
import { HISTORY_RETENTION_MS, RECORD_RETENTION_MS } from '../jobs/executor.ts'
import type { HistoryData } from '../jobs/run-history.ts'
import type { ServiceContext } from './context.ts'
import { notFound } from './errors.ts'

export type JobState = 'pending' | 'processing' | 'paused' | 'completed' | 'failed' | 'cancelled'

export interface JobStatusBody {
  success: true
  taskId: string
  status: JobState
  output?: unknown
  error?: string
  metadata: {
    startTime: string
    startedAt?: string
    completedAt?: string
    duration?: number
    source?: 'run-history'
  }
  estimatedDuration?: number
}

const FINISHED = new Set(['completed', 'failed', 'cancelled'])

const within = (endedAt: string | null, now: number, ms: number) =>
  endedAt === null || now - Date.parse(endedAt) < ms

export function jobStatus(ctx: ServiceContext, jobId: string): JobStatusBody {
  const executionId = executionIdOfJob(jobId)
  const now = ctx.clock.now().getTime()
  const record = ctx.store.executions.getStatusView(executionId)
  if (record && within(record.endedAt, now, RECORD_RETENTION_MS)) {
    const status = record.status
    const running = status === 'pending' || status === 'processing'
    const estimate = running ? ctx.store.executions.recentDurationMs(record.workflowId) : null
    return {
      success: true,
      taskId: jobId,
      status,
      ...((status === 'completed' || status === 'paused') && record.output !== undefined
        ? { output: record.output }
        : {}),
      ...(record.error && (status === 'failed' || status === 'cancelled')
        ? { error: record.error }
        : {}),
      metadata: {
        startTime: record.createdAt,
        ...(record.startedAt ? { startedAt: record.startedAt } : {}),
        ...(record.endedAt ? { completedAt: record.endedAt } : {}),
        ...(record.durationMs !== null && record.endedAt ? { duration: record.durationMs } : {}),
      },
      ...(estimate !== null ? { estimatedDuration: estimate } : {}),
    }
  }
  const log = ctx.store.executionLogs.byExecution(executionId)
  if (log && log.endedAt !== null && FINISHED.has(log.status)) {
    if (!within(log.endedAt, now, HISTORY_RETENTION_MS)) throw notFound('Job')
    const data = log.executionData as Partial<HistoryData>
    return {
      success: true,
      taskId: jobId,
      status: log.status as JobState,
      ...(log.status === 'completed' && data.output !== undefined ? { output: data.output } : {}),
      ...(data.error ? { error: data.error } : {}),
      metadata: {
        startTime: log.startedAt,
        ...(log.runStartedAt ? { startedAt: log.runStartedAt } : {}),
        completedAt: log.endedAt,
        ...(log.totalDurationMs !== null ? { duration: log.totalDurationMs } : {}),
        source: 'run-history',
      },
    }
  }
  throw notFound('Job')
}

// Execution logs (/api/v1/logs): the list with filters and cursor paging, and one log with its
// workflow and execution data. Keys narrowed to single workflows see only those workflows' logs.
import { visibleWorkflowIds, type WorkspaceAccess } from '../auth/access.ts'
import { decodeCursor } from '../store/cursor.ts'
import type { ExecutionLogRecord } from '../store/execution-logs-repo.ts'
import type { ServiceContext } from './context.ts'
import { invalid, notFound } from './errors.ts'

export interface ListLogsInput {
  workflowIds?: string[]
  level?: 'info' | 'error'
  startDate?: string
  endDate?: string
  limit: number
  cursor?: string
  order: 'asc' | 'desc'
}

export function logEntry(log: ExecutionLogRecord) {
  return {
    id: log.id,
    workflowId: log.workflowId,
    executionId: log.executionId,
    level: log.level,
    trigger: log.trigger,
    startedAt: log.startedAt,
    endedAt: log.endedAt,
    totalDurationMs: log.totalDurationMs,
    cost: { total: log.costTotal },
  }
}

/** Stored timestamps are UTC ISO strings; a filter with an offset is compared as the same instant. */
const utc = (value: string | undefined) =>
  value === undefined ? undefined : new Date(value).toISOString()

export function listLogs(ctx: ServiceContext, access: WorkspaceAccess, q: ListLogsInput) {
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor)
  if (after === null) throw invalid('cursor: not a cursor returned by this endpoint')
  const page = ctx.store.executionLogs.list({
    workspaceId: access.workspace.id,
    workflowIds: q.workflowIds,
    onlyWorkflowIds: visibleWorkflowIds(access, 'read') ?? undefined,
    level: q.level,
    startDate: utc(q.startDate),
    endDate: utc(q.endDate),
    order: q.order,
    limit: q.limit,
    after,
  })
  return { data: page.items.map(logEntry), nextCursor: page.nextCursor }
}

export function getLog(ctx: ServiceContext, access: WorkspaceAccess, id: string) {
  const log = ctx.store.executionLogs.get(access.workspace.id, id)
  const visible = visibleWorkflowIds(access, 'read')
  if (!log || (visible !== null && !visible.includes(log.workflowId))) throw notFound('Log')
  const workflow = ctx.store.workflows.get(log.workflowId)
  return {
    ...logEntry(log),
    workflow: { id: log.workflowId, name: workflow?.name ?? '' },
    executionData: log.executionData,
  }
}

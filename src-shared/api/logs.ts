// Execution logs: list (cursor paging, filters) and detail.
import { z } from 'zod'
import { Id, LimitsSchema, Timestamp, clampedQueryInt, commaList, cursorPage } from './common.ts'

export const LogLevelSchema = z.enum(['info', 'error'])
export type LogLevel = z.infer<typeof LogLevelSchema>

export const LogEntrySchema = z.object({
  id: Id,
  workflowId: Id,
  executionId: Id,
  level: LogLevelSchema,
  /** `api`, `manual`, ...: kept open so a new trigger kind does not break a reader. */
  trigger: z.string(),
  startedAt: Timestamp,
  /** Null while the run is still going. */
  endedAt: Timestamp.nullable(),
  totalDurationMs: z.number().nonnegative().nullable(),
  cost: z.object({ total: z.number() }),
})
export type LogEntry = z.infer<typeof LogEntrySchema>

/** `limit` is pulled into 1..1000 (default 100) rather than refused, as the hosted service does. */
export const ListLogsQuerySchema = z
  .object({
    workspaceId: Id,
    workflowIds: commaList(z.string().min(1)).optional(),
    level: LogLevelSchema.optional(),
    startDate: Timestamp.optional(),
    endDate: Timestamp.optional(),
    limit: clampedQueryInt(1, 1000).default(100),
    cursor: z.string().min(1).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
    path: ['endDate'],
    message: 'endDate must not be before startDate',
  })
export type ListLogsQuery = z.infer<typeof ListLogsQuerySchema>
export type ListLogsQueryInput = z.input<typeof ListLogsQuerySchema>

export const ListLogsResponseSchema = cursorPage(LogEntrySchema)
export type ListLogsResponse = z.infer<typeof ListLogsResponseSchema>

export const LogDetailSchema = LogEntrySchema.extend({
  workflow: z.object({ id: Id, name: z.string() }),
  /** Block logs, trace spans, inputs and outputs: shape owned by the engine. */
  executionData: z.unknown(),
})
export type LogDetail = z.infer<typeof LogDetailSchema>

export const LogDetailResponseSchema = z.object({ data: LogDetailSchema, limits: LimitsSchema })
export type LogDetailResponse = z.infer<typeof LogDetailResponseSchema>

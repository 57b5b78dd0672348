// Audit logs (Enterprise; organization owner/admin with an unscoped personal key).
import { z } from 'zod'
import { Id, Timestamp, cursorPage, cursorPageQuery } from './common.ts'

export const AuditLogEntrySchema = z.object({
  id: Id,
  /** Dotted `resource.verb`, e.g. `workflow.deployed`. */
  action: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  actorEmail: z.string(),
  resourceType: z.string(),
  resourceId: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: Timestamp,
})
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>

/** Newest first. Every filter is optional; dates bound `createdAt` inclusively. */
export const ListAuditLogsQuerySchema = cursorPageQuery({ max: 100, default: 50 })
  .extend({
    action: z.string().min(1).optional(),
    resourceType: z.string().min(1).optional(),
    resourceId: z.string().min(1).optional(),
    workspaceId: z.string().min(1).optional(),
    actorId: z.string().min(1).optional(),
    startDate: Timestamp.optional(),
    endDate: Timestamp.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
    path: ['endDate'],
    message: 'endDate must not be before startDate',
  })
export type ListAuditLogsQuery = z.infer<typeof ListAuditLogsQuerySchema>

export const ListAuditLogsResponseSchema = cursorPage(AuditLogEntrySchema)
export type ListAuditLogsResponse = z.infer<typeof ListAuditLogsResponseSchema>

/** The spec's one body without `success` (and without `limits`). */
export const AuditLogDetailResponseSchema = z.object({ data: AuditLogEntrySchema })
export type AuditLogDetailResponse = z.infer<typeof AuditLogDetailResponseSchema>

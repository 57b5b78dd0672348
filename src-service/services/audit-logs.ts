// Reading the audit log of an organization (newest first).
import { decodeCursor } from '../store/cursor.ts'
import type { AuditEntry } from '../store/audit-repo.ts'
import type { ServiceContext } from './context.ts'
import { invalid, notFound } from './errors.ts'

export interface ListAuditLogsQuery {
  limit?: number
  cursor?: string
  action?: string
  resourceType?: string
  resourceId?: string
  workspaceId?: string
  actorId?: string
  startDate?: string
  endDate?: string
}

export function listAuditLogs(ctx: ServiceContext, organizationId: string, q: ListAuditLogsQuery) {
  const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor)
  if (before === null || (before && !/^\d+$/.test(before.id))) {
    throw invalid('cursor: not a cursor returned by this endpoint')
  }
  const { cursor: _cursor, limit, startDate, endDate, ...filters } = q
  const page = ctx.store.audit.list({
    organizationId,
    ...filters,
    startDate: startDate === undefined ? undefined : new Date(startDate).toISOString(),
    endDate: endDate === undefined ? undefined : new Date(endDate).toISOString(),
    limit: limit ?? 50,
    before,
  })
  return { data: page.items.map(auditEntryView), nextCursor: page.nextCursor }
}

export function getAuditLog(ctx: ServiceContext, organizationId: string, id: string) {
  const entry = ctx.store.audit.getInOrganization(organizationId, id)
  if (!entry) throw notFound('Audit log entry')
  return auditEntryView(entry)
}

export function auditEntryView(e: AuditEntry) {
  return {
    id: e.id,
    action: e.action,
    actorId: e.actorId,
    actorName: e.actorName,
    actorEmail: e.actorEmail,
    resourceType: e.resourceType,
    resourceId: e.resourceId,
    metadata: e.metadata,
    createdAt: e.createdAt,
  }
}

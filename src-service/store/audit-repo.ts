// Audit entries: append-only, listed newest first with keyset cursors.
import { randomUUID } from 'node:crypto'
import type { Db } from './db.ts'
import { toPage, type CursorKey, type Page } from './cursor.ts'

export interface AuditEntry {
  id: string
  organizationId: string | null
  workspaceId: string | null
  action: string
  actorId: string
  actorName: string
  actorEmail: string
  resourceType: string
  resourceId: string
  metadata: Record<string, unknown>
  createdAt: string
}

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'createdAt'>

export interface AuditListQuery {
  organizationId: string
  action?: string
  resourceType?: string
  resourceId?: string
  workspaceId?: string
  actorId?: string
  startDate?: string
  endDate?: string
  limit: number
  before?: CursorKey
}

type Row = Record<string, unknown>

const toEntry = (r: Row): AuditEntry => ({
  id: String(r.id),
  organizationId: r.organization_id == null ? null : String(r.organization_id),
  workspaceId: r.workspace_id == null ? null : String(r.workspace_id),
  action: String(r.action),
  actorId: String(r.actor_id),
  actorName: String(r.actor_name),
  actorEmail: String(r.actor_email),
  resourceType: String(r.resource_type),
  resourceId: String(r.resource_id),
  metadata: JSON.parse(String(r.metadata)) as Record<string, unknown>,
  createdAt: String(r.created_at),
})

export function createAuditRepo(db: Db, now: () => string) {
  return {
    append(entry: NewAuditEntry): AuditEntry {
      const full: AuditEntry = { ...entry, id: randomUUID(), createdAt: now() }
      db.stmt(
        `INSERT INTO audit_logs (id, organization_id, workspace_id, action, actor_id, actor_name,
           actor_email, resource_type, resource_id, metadata, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        full.id,
        full.organizationId,
        full.workspaceId,
        full.action,
        full.actorId,
        full.actorName,
        full.actorEmail,
        full.resourceType,
        full.resourceId,
        JSON.stringify(full.metadata),
        full.createdAt,
      )
      return full
    },

    getInOrganization(organizationId: string, id: string): AuditEntry | null {
      const row = db
        .stmt('SELECT * FROM audit_logs WHERE id = ? AND organization_id = ?')
        .get(id, organizationId)
      return row ? toEntry(row) : null
    },

    list(q: AuditListQuery): Page<AuditEntry> {
      const rows = db
        .stmt(
          `SELECT rowid, * FROM audit_logs
           WHERE organization_id = ?1
             AND (?2 IS NULL OR action = ?2)
             AND (?3 IS NULL OR resource_type = ?3)
             AND (?4 IS NULL OR resource_id = ?4)
             AND (?5 IS NULL OR workspace_id = ?5)
             AND (?6 IS NULL OR actor_id = ?6)
             AND (?7 IS NULL OR created_at >= ?7)
             AND (?8 IS NULL OR created_at <= ?8)
             AND (?9 IS NULL OR created_at < ?9 OR (created_at = ?9 AND rowid < ?10))
           ORDER BY created_at DESC, rowid DESC
           LIMIT ?11`,
        )
        .all(
          q.organizationId,
          q.action ?? null,
          q.resourceType ?? null,
          q.resourceId ?? null,
          q.workspaceId ?? null,
          q.actorId ?? null,
          q.startDate ?? null,
          q.endDate ?? null,
          q.before?.at ?? null,
          q.before ? Number(q.before.id) : 0,
          q.limit + 1,
        )
      // rowid breaks ties between entries of the same millisecond in insertion order.
      const page = toPage(rows, q.limit, (r) => ({ at: String(r.created_at), id: String(r.rowid) }))
      return { items: page.items.map(toEntry), nextCursor: page.nextCursor }
    },
  }
}

export type AuditRepo = ReturnType<typeof createAuditRepo>

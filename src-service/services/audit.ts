// Writing audit entries. Every mutation calls recordAudit inside the same transaction as the
// change itself, so an entry exists exactly when the change happened.
import type { User } from '../store/identity-repo.ts'
import type { AuditEntry } from '../store/audit-repo.ts'
import type { ServiceContext } from './context.ts'

export interface AuditEvent {
  /** dotted `resource.verb`, e.g. `workflow.deployed` */
  action: string
  resourceType: string
  resourceId: string
  workspaceId?: string | null
  /** Defaults to the workspace's organization, else the actor's. */
  organizationId?: string | null
  metadata?: Record<string, unknown>
}

export function recordAudit(ctx: ServiceContext, actor: User, event: AuditEvent): AuditEntry {
  const { identity } = ctx.store
  const organizationId =
    event.organizationId ??
    (event.workspaceId ? identity.getWorkspace(event.workspaceId)?.organizationId : null) ??
    identity.primaryOrganizationOf(actor.id)?.id ??
    null
  return ctx.store.audit.append({
    organizationId,
    workspaceId: event.workspaceId ?? null,
    action: event.action,
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    resourceType: event.resourceType,
    resourceId: event.resourceId,
    metadata: event.metadata ?? {},
  })
}

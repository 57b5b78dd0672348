// Creating workspaces. A workspace belongs to the creator's organization, has a slug unique
// in that organization, and starts with a default agent workflow unless told otherwise.
import { transaction } from '../store/index.ts'
import type { Permission, User, WorkspaceRecord } from '../store/identity-repo.ts'
import { recordAudit } from './audit.ts'
import type { ServiceContext } from './context.ts'
import { invalid } from './errors.ts'
import { defaultAgentDefinition } from './workflow-definition.ts'

export const DEFAULT_WORKSPACE_COLOR = '#802FFF'

export interface CreateWorkspaceInput {
  name: string
  color?: string
  skipDefaultWorkflow?: boolean
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
  return slug || 'workspace'
}

function uniqueSlug(ctx: ServiceContext, organizationId: string, name: string): string {
  const base = slugify(name)
  const taken = new Set(ctx.store.identity.slugsLike(organizationId, base))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export function createWorkspace(
  ctx: ServiceContext,
  owner: User,
  input: CreateWorkspaceInput,
): { workspace: WorkspaceRecord; role: Permission } {
  const org = ctx.store.identity.primaryOrganizationOf(owner.id)
  if (!org) throw invalid('The API key owner belongs to no organization')
  return transaction(ctx.store.db, () => {
    const workspace = ctx.store.identity.createWorkspace({
      organizationId: org.id,
      name: input.name,
      slug: uniqueSlug(ctx, org.id, input.name),
      color: input.color ?? DEFAULT_WORKSPACE_COLOR,
      ownerId: owner.id,
    })
    ctx.store.identity.setPermission(workspace.id, owner.id, 'admin')
    recordAudit(ctx, owner, {
      action: 'workspace.created',
      resourceType: 'workspace',
      resourceId: workspace.id,
      workspaceId: workspace.id,
      metadata: { name: workspace.name, slug: workspace.slug },
    })
    if (!input.skipDefaultWorkflow) {
      const workflow = ctx.store.workflows.create({
        workspaceId: workspace.id,
        name: 'Default Agent',
        description: 'Your first workflow: a Start block feeding an Agent.',
        definition: defaultAgentDefinition(),
      })
      recordAudit(ctx, owner, {
        action: 'workflow.created',
        resourceType: 'workflow',
        resourceId: workflow.id,
        workspaceId: workspace.id,
        metadata: { name: workflow.name, source: 'default' },
      })
    }
    return { workspace, role: 'admin' as const }
  })
}

/** The Workspace resource of the spec, as the caller sees it. */
export function workspaceView(workspace: WorkspaceRecord, role: Permission) {
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    color: workspace.color,
    ownerId: workspace.ownerId,
    organizationId: workspace.organizationId,
    billedAccountUserId: workspace.billedAccountUserId,
    allowPersonalApiKeys: workspace.allowPersonalApiKeys,
    role,
    createdAt: workspace.createdAt,
    updatedAt: workspace.updatedAt,
    archivedAt: workspace.archivedAt,
  }
}

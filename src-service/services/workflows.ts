// Workflows: listing, detail, import, deploy and undeploy. Callers pass an already-authorized
// WorkspaceAccess (see auth/access.ts); these functions never decide who may call them.
import { visibleWorkflowIds, type WorkspaceAccess } from '../auth/access.ts'
import { decodeCursor } from '../store/cursor.ts'
import { transaction } from '../store/index.ts'
import type { User } from '../store/identity-repo.ts'
import type { WorkflowRecord, WorkflowSummary } from '../store/workflows-repo.ts'
import { recordAudit } from './audit.ts'
import type { ServiceContext } from './context.ts'
import { invalid, notFound } from './errors.ts'
import { describeInputs, readDefinition, variablesOf } from './workflow-definition.ts'

export interface ListWorkflowsQuery {
  folderId?: string
  deployedOnly?: boolean
  limit?: number
  cursor?: string
}

export const DEFAULT_PAGE_SIZE = 50

export function listWorkflows(ctx: ServiceContext, access: WorkspaceAccess, q: ListWorkflowsQuery) {
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor)
  if (after === null) throw invalid('cursor: not a cursor returned by this endpoint')
  const onlyIds = visibleWorkflowIds(access, 'read') ?? undefined
  const page = ctx.store.workflows.list({
    workspaceId: access.workspace.id,
    folderId: q.folderId,
    deployedOnly: q.deployedOnly,
    onlyIds,
    limit: q.limit ?? DEFAULT_PAGE_SIZE,
    after,
  })
  return { data: page.items.map(workflowListItem), nextCursor: page.nextCursor }
}

export function workflowListItem(w: WorkflowSummary) {
  return {
    id: w.id,
    name: w.name,
    isDeployed: w.isDeployed,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  }
}

export function workflowDetail(w: WorkflowRecord) {
  const definition = readDefinitionLenient(w.definition)
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    folderId: w.folderId,
    workspaceId: w.workspaceId,
    isDeployed: w.isDeployed,
    deployedAt: w.deployedAt,
    runCount: w.runCount,
    lastRunAt: w.lastRunAt,
    variables: definition ? variablesOf(definition) : {},
    inputs: definition ? describeInputs(definition) : [],
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  }
}

/** Stored definitions were validated on import; a later format change must not break reads. */
function readDefinitionLenient(raw: unknown) {
  try {
    return readDefinition(raw)
  } catch {
    return null
  }
}

export function workflowStatus(w: WorkflowRecord) {
  return {
    isDeployed: w.isDeployed,
    deployedAt: w.deployedAt,
    needsRedeployment: w.needsRedeployment,
  }
}

export interface ImportWorkflowInput {
  folderId?: string
  name?: string
  description?: string
  workflow: unknown
  deploy?: boolean
}

export function importWorkflow(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  input: ImportWorkflowInput,
): WorkflowRecord {
  const definition = readDefinition(input.workflow)
  const workspaceId = access.workspace.id
  if (input.folderId) {
    const folder = ctx.store.identity.getFolder(input.folderId)
    if (!folder || folder.workspaceId !== workspaceId) throw notFound('Folder')
  }
  const wrapper = input.workflow as { name?: unknown; description?: unknown; metadata?: unknown }
  const meta = (typeof wrapper.metadata === 'object' && wrapper.metadata) || wrapper
  const name = input.name ?? stringOr((meta as { name?: unknown }).name, 'Imported workflow')
  const description =
    input.description ?? stringOr((meta as { description?: unknown }).description, '')

  return transaction(ctx.store.db, () => {
    const created = ctx.store.workflows.create({
      workspaceId,
      folderId: input.folderId ?? null,
      name,
      description,
      definition,
    })
    recordAudit(ctx, actor, {
      action: 'workflow.created',
      resourceType: 'workflow',
      resourceId: created.id,
      workspaceId,
      metadata: { name, source: 'import', blockCount: Object.keys(definition.blocks).length },
    })
    if (input.deploy) deployWorkflow(ctx, actor, created)
    return ctx.store.workflows.get(created.id) as WorkflowRecord
  })
}

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback

export function deployWorkflow(
  ctx: ServiceContext,
  actor: User,
  w: WorkflowRecord,
): WorkflowRecord {
  return transaction(ctx.store.db, () => {
    ctx.store.workflows.deploy(w.id)
    recordAudit(ctx, actor, {
      action: 'workflow.deployed',
      resourceType: 'workflow',
      resourceId: w.id,
      workspaceId: w.workspaceId,
      metadata: { name: w.name },
    })
    return ctx.store.workflows.get(w.id) as WorkflowRecord
  })
}

export function undeployWorkflow(
  ctx: ServiceContext,
  actor: User,
  w: WorkflowRecord,
): WorkflowRecord {
  return transaction(ctx.store.db, () => {
    ctx.store.workflows.undeploy(w.id)
    recordAudit(ctx, actor, {
      action: 'workflow.undeployed',
      resourceType: 'workflow',
      resourceId: w.id,
      workspaceId: w.workspaceId,
      metadata: { name: w.name },
    })
    return ctx.store.workflows.get(w.id) as WorkflowRecord
  })
}

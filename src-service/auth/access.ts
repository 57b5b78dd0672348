// Authorization rules of the spec's Authentication section, as pure decisions over store
// lookups: a request passes only if BOTH the key owner's permission and the key's own scope
// (workspace policy, workspace binding, or organization grants with a ceiling) allow it.
import type { Store } from '../store/index.ts'
import type { Permission, User, WorkspaceRecord } from '../store/identity-repo.ts'
import type { ApiKeyRecord } from '../store/keys-repo.ts'
import { forbidden } from '../services/errors.ts'

export type Level = Permission

/** Who is calling: the key and the user who owns it (whose permissions it carries). */
export interface Caller {
  key: ApiKeyRecord
  user: User
}

export interface WorkspaceAccess {
  workspace: WorkspaceRecord
  /** Level on the whole workspace; null when the key reaches only single workflows. */
  level: Level | null
  /** Per-workflow levels for keys narrowed to workflows; null when not narrowed. */
  workflows: ReadonlyMap<string, Level> | null
}

export const MESSAGES = {
  keyRequired: 'API key required',
  invalidKey: 'Invalid API key',
  personalNotAllowed: 'Personal API keys are not allowed for this workspace',
  workspaceNotAuthorized: 'API key is not authorized for this workspace',
  workflowNotAuthorized: 'API key is not authorized for this workflow',
} as const

const RANK: Record<Level, number> = { read: 1, write: 2, admin: 3 }

export const atLeast = (have: Level | null | undefined, need: Level): boolean =>
  have != null && RANK[have] >= RANK[need]

const min = (a: Level, b: Level): Level => (RANK[a] <= RANK[b] ? a : b)
const max = (a: Level | null, b: Level | null): Level | null =>
  a === null ? b : b === null ? a : RANK[a] >= RANK[b] ? a : b

export const insufficient = (need: Level) =>
  forbidden(`Insufficient permissions: this request needs ${need} access`)

/**
 * The user's own permission in a workspace, independent of any key: the workspace owner and
 * the organization's owners and admins hold admin; anyone else holds what was granted.
 */
export function userPermission(store: Store, ws: WorkspaceRecord, userId: string): Level | null {
  if (ws.ownerId === userId) return 'admin'
  if (ws.organizationId) {
    const role = store.identity.getMembershipRole(ws.organizationId, userId)
    if (role === 'owner' || role === 'admin') return 'admin'
  }
  return store.identity.getPermission(ws.id, userId)
}

/**
 * What the caller may do in the workspace, or a 403 ServiceError. Unknown workspaces are
 * refused exactly like foreign ones so that ids cannot be probed.
 */
export function resolveWorkspaceAccess(
  store: Store,
  caller: Caller,
  workspaceId: string,
): WorkspaceAccess {
  const { key } = caller
  const ws = store.identity.getWorkspace(workspaceId)
  // A function, not a value: building an Error captures a stack, too costly per request.
  const denied = () => forbidden(MESSAGES.workspaceNotAuthorized)
  if (!ws) throw denied()
  const owner = userPermission(store, ws, key.userId)
  if (owner === null) throw denied()

  switch (key.type) {
    case 'personal':
      if (!ws.allowPersonalApiKeys) throw forbidden(MESSAGES.personalNotAllowed)
      return { workspace: ws, level: owner, workflows: null }

    case 'workspace': {
      if (key.workspaceId !== ws.id) throw denied()
      const narrowed = key.grants.filter((g) => g.workflowId !== null)
      if (narrowed.length === 0) return { workspace: ws, level: owner, workflows: null }
      return {
        workspace: ws,
        level: null,
        workflows: new Map(narrowed.map((g) => [g.workflowId as string, min(owner, g.ceiling)])),
      }
    }

    case 'organization': {
      // The organization is re-checked on every request: a workspace that left the
      // organization is out of reach even though the grant row still names it.
      if (ws.organizationId === null || ws.organizationId !== key.organizationId) throw denied()
      const grants = key.grants.filter((g) => g.workspaceId === ws.id)
      if (grants.length === 0) throw denied()
      let level: Level | null = null
      const workflows = new Map<string, Level>()
      for (const g of grants) {
        const capped = min(owner, g.ceiling)
        if (g.workflowId === null) level = max(level, capped)
        else workflows.set(g.workflowId, max(workflows.get(g.workflowId) ?? null, capped) as Level)
      }
      return { workspace: ws, level, workflows: workflows.size > 0 ? workflows : null }
    }
  }
}

/** The caller's level on one workflow of an accessible workspace (null: not reachable). */
export function workflowLevel(access: WorkspaceAccess, workflowId: string): Level | null {
  return max(access.level, access.workflows?.get(workflowId) ?? null)
}

/**
 * For listings of workflows: null means "every workflow" (the key holds the level on the
 * whole workspace); otherwise only the ids listed are visible.
 */
export function visibleWorkflowIds(access: WorkspaceAccess, need: Level): string[] | null {
  if (atLeast(access.level, need)) return null
  if (!access.workflows) throw insufficient(need)
  return [...access.workflows].filter(([, level]) => atLeast(level, need)).map(([id]) => id)
}

/**
 * Access for operator tools (CLI, seed) acting as a user without a key: the user's own
 * permission, which must reach `need`.
 */
export function userAccess(store: Store, user: User, workspaceId: string, need: Level) {
  const ws = store.identity.getWorkspace(workspaceId)
  if (!ws) throw forbidden(MESSAGES.workspaceNotAuthorized)
  const level = userPermission(store, ws, user.id)
  if (!atLeast(level, need)) throw insufficient(need)
  return { workspace: ws, level, workflows: null } satisfies WorkspaceAccess
}

// Creating, listing and revoking API keys. The value is returned once, by create; afterwards
// only its hash (for lookup) and its ciphertext (for operator recovery) exist.
import { atLeast, userPermission } from '../auth/access.ts'
import { displayKey, generateKeyValue, hashKey } from '../auth/key-crypto.ts'
import { transaction } from '../store/index.ts'
import type { Permission, User } from '../store/identity-repo.ts'
import type { ApiKeyRecord, KeyGrant, KeyType } from '../store/keys-repo.ts'
import { recordAudit } from './audit.ts'
import type { ServiceContext } from './context.ts'
import { forbidden, invalid, notFound } from './errors.ts'

export interface CreateKeyInput {
  type: KeyType
  name: string
  /** workspace keys: the workspace */
  workspaceId?: string
  /** workspace keys: optional narrowing to these workflows */
  workflowIds?: string[]
  /** organization keys */
  organizationId?: string
  grants?: { workspaceId: string; workflowId?: string | null; ceiling: Permission }[]
}

export interface CreatedKey {
  key: ApiKeyRecord
  /** The only time the value is available. */
  value: string
}

export function createApiKey(ctx: ServiceContext, owner: User, input: CreateKeyInput): CreatedKey {
  const grants = grantsFor(ctx, owner, input)
  const value = generateKeyValue()
  return transaction(ctx.store.db, () => {
    const key = ctx.store.keys.create({
      type: input.type,
      name: input.name,
      userId: owner.id,
      workspaceId: input.type === 'workspace' ? input.workspaceId : null,
      organizationId: input.type === 'organization' ? input.organizationId : null,
      keyHash: hashKey(value),
      keyCiphertext: ctx.cipher.encrypt(value),
      displayKey: displayKey(value),
      grants,
    })
    recordAudit(ctx, owner, {
      action: 'api_key.created',
      resourceType: 'api_key',
      resourceId: key.id,
      workspaceId: key.workspaceId,
      organizationId: key.organizationId,
      metadata: { type: key.type, name: key.name },
    })
    return { key, value }
  })
}

/** Checks the creator's authority and turns the input into grant rows. */
function grantsFor(ctx: ServiceContext, owner: User, input: CreateKeyInput): KeyGrant[] {
  const { identity, workflows } = ctx.store
  if (input.type === 'personal') return []

  if (input.type === 'workspace') {
    const ws = input.workspaceId ? identity.getWorkspace(input.workspaceId) : null
    if (!ws) throw notFound('Workspace')
    if (!atLeast(userPermission(ctx.store, ws, owner.id), 'admin')) {
      throw forbidden('Managing workspace API keys needs admin access to the workspace')
    }
    return (input.workflowIds ?? []).map((workflowId) => {
      if (!workflows.getInWorkspace(ws.id, workflowId)) throw notFound(`Workflow ${workflowId}`)
      return { workspaceId: ws.id, workflowId, ceiling: 'admin' as const }
    })
  }

  const orgId = input.organizationId
  const role = orgId ? identity.getMembershipRole(orgId, owner.id) : null
  if (!orgId || !identity.getOrganization(orgId)) throw notFound('Organization')
  // organization:manage_api_keys belongs to the organization's owners and admins.
  if (role !== 'owner' && role !== 'admin') {
    throw forbidden('Managing organization API keys needs the organization owner or admin role')
  }
  if (!input.grants || input.grants.length === 0) {
    throw invalid('An organization key needs at least one grant')
  }
  return input.grants.map((g) => {
    const ws = identity.getWorkspace(g.workspaceId)
    if (!ws || ws.organizationId !== orgId) throw notFound(`Workspace ${g.workspaceId}`)
    if (g.workflowId && !workflows.getInWorkspace(ws.id, g.workflowId)) {
      throw notFound(`Workflow ${g.workflowId}`)
    }
    return { workspaceId: ws.id, workflowId: g.workflowId ?? null, ceiling: g.ceiling }
  })
}

export function revokeApiKey(ctx: ServiceContext, actor: User, keyId: string): void {
  const key = ctx.store.keys.get(keyId)
  if (!key || !canManage(ctx, actor, key)) throw notFound('API key')
  transaction(ctx.store.db, () => {
    if (!ctx.store.keys.revoke(key.id)) return
    recordAudit(ctx, actor, {
      action: 'api_key.revoked',
      resourceType: 'api_key',
      resourceId: key.id,
      workspaceId: key.workspaceId,
      organizationId: key.organizationId,
      metadata: { type: key.type, name: key.name },
    })
  })
}

/** Users manage their own keys; workspace/org admins manage the keys of their scope. */
function canManage(ctx: ServiceContext, actor: User, key: ApiKeyRecord): boolean {
  if (key.userId === actor.id) return true
  const { identity } = ctx.store
  if (key.type === 'workspace' && key.workspaceId) {
    const ws = identity.getWorkspace(key.workspaceId)
    return ws !== null && atLeast(userPermission(ctx.store, ws, actor.id), 'admin')
  }
  if (key.type === 'organization' && key.organizationId) {
    const role = identity.getMembershipRole(key.organizationId, actor.id)
    return role === 'owner' || role === 'admin'
  }
  return false
}

/** The value of a key, for operator tooling only (seed re-prints its demo keys). */
export function revealApiKey(ctx: ServiceContext, keyId: string): string | null {
  const sealed = ctx.store.keys.ciphertextOf(keyId)
  return sealed === null ? null : ctx.cipher.decrypt(sealed)
}

// API keys and their grants. Authentication is one indexed lookup by hash that also brings
// back the grants, so the auth hook needs no second round trip.
import { randomUUID } from 'node:crypto'
import { transaction, type Db } from './db.ts'
import type { Permission } from './identity-repo.ts'

export type KeyType = 'personal' | 'workspace' | 'organization'

export interface KeyGrant {
  workspaceId: string
  /** null: the whole workspace. */
  workflowId: string | null
  ceiling: Permission
}

export interface ApiKeyRecord {
  id: string
  type: KeyType
  name: string
  userId: string
  workspaceId: string | null
  organizationId: string | null
  displayKey: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
  grants: KeyGrant[]
}

type Row = Record<string, unknown>

const toKey = (r: Row, grants: KeyGrant[]): ApiKeyRecord => ({
  id: String(r.id),
  type: r.type as KeyType,
  name: String(r.name),
  userId: String(r.user_id),
  workspaceId: r.workspace_id == null ? null : String(r.workspace_id),
  organizationId: r.organization_id == null ? null : String(r.organization_id),
  displayKey: String(r.display_key),
  createdAt: String(r.created_at),
  lastUsedAt: r.last_used_at == null ? null : String(r.last_used_at),
  revokedAt: r.revoked_at == null ? null : String(r.revoked_at),
  grants,
})

const toGrant = (r: Row): KeyGrant => ({
  workspaceId: String(r.workspace_id),
  workflowId: r.workflow_id == null ? null : String(r.workflow_id),
  ceiling: r.ceiling as Permission,
})

export function createKeysRepo(db: Db, now: () => string) {
  const grantsOf = (keyId: string): KeyGrant[] =>
    db
      .stmt('SELECT workspace_id, workflow_id, ceiling FROM api_key_grants WHERE api_key_id = ?')
      .all(keyId)
      .map(toGrant)

  return {
    create(input: {
      type: KeyType
      name: string
      userId: string
      workspaceId?: string | null
      organizationId?: string | null
      keyHash: string
      keyCiphertext: string
      displayKey: string
      grants: KeyGrant[]
    }): ApiKeyRecord {
      const id = randomUUID()
      const at = now()
      transaction(db, () => {
        db.stmt(
          `INSERT INTO api_keys (id, type, name, user_id, workspace_id, organization_id,
             key_hash, key_ciphertext, display_key, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          input.type,
          input.name,
          input.userId,
          input.workspaceId ?? null,
          input.organizationId ?? null,
          input.keyHash,
          input.keyCiphertext,
          input.displayKey,
          at,
        )
        const addGrant = db.stmt(
          `INSERT INTO api_key_grants (id, api_key_id, workspace_id, workflow_id, ceiling)
           VALUES (?, ?, ?, ?, ?)`,
        )
        for (const g of input.grants) {
          addGrant.run(randomUUID(), id, g.workspaceId, g.workflowId, g.ceiling)
        }
      })
      return this.get(id) as ApiKeyRecord
    },

    get(id: string): ApiKeyRecord | null {
      const row = db.stmt('SELECT * FROM api_keys WHERE id = ?').get(id)
      return row ? toKey(row, grantsOf(id)) : null
    },

    /** Active (not revoked) key by hash, or null. */
    findActiveByHash(keyHash: string): ApiKeyRecord | null {
      const row = db
        .stmt('SELECT * FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL')
        .get(keyHash)
      if (!row) return null
      // Personal keys have no grants: skip the second statement for the most common key type.
      return toKey(row, row.type === 'personal' ? [] : grantsOf(String(row.id)))
    },

    ciphertextOf(id: string): string | null {
      const row = db.stmt('SELECT key_ciphertext FROM api_keys WHERE id = ?').get(id)
      return row ? String(row.key_ciphertext) : null
    },

    list(filter: { userId?: string; workspaceId?: string; organizationId?: string }) {
      const rows = db
        .stmt(
          `SELECT * FROM api_keys
           WHERE (?1 IS NULL OR user_id = ?1)
             AND (?2 IS NULL OR workspace_id = ?2
                  OR id IN (SELECT api_key_id FROM api_key_grants WHERE workspace_id = ?2))
             AND (?3 IS NULL OR organization_id = ?3)
           ORDER BY created_at, id`,
        )
        .all(filter.userId ?? null, filter.workspaceId ?? null, filter.organizationId ?? null)
      return rows.map((r) => toKey(r, grantsOf(String(r.id))))
    },

    /** lastUsedAt is a hint, not an audit trail: one cheap UPDATE per request is enough. */
    touch(id: string, at: string): void {
      db.stmt('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, id)
    },

    revoke(id: string): boolean {
      const result = db
        .stmt('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
        .run(now(), id)
      return Number(result.changes) > 0
    },
  }
}

export type KeysRepo = ReturnType<typeof createKeysRepo>

// Organizations, users, memberships, workspaces, folders and workspace permissions.
import { randomUUID } from 'node:crypto'
import { fromBool, toBool, type Db } from './db.ts'

export type Plan = 'free' | 'pro' | 'team' | 'enterprise'
export type OrgRole = 'owner' | 'admin' | 'member'
export type Permission = 'read' | 'write' | 'admin'

export interface Organization {
  id: string
  name: string
  slug: string
  plan: Plan
  createdAt: string
  updatedAt: string
}

export interface User {
  id: string
  name: string
  email: string
  createdAt: string
  updatedAt: string
}

export interface WorkspaceRecord {
  id: string
  organizationId: string | null
  name: string
  slug: string
  color: string
  ownerId: string
  billedAccountUserId: string
  allowPersonalApiKeys: boolean
  createdAt: string
  updatedAt: string
  archivedAt: string | null
}

export interface Folder {
  id: string
  workspaceId: string
  parentId: string | null
  name: string
  createdAt: string
  updatedAt: string
}

type Row = Record<string, unknown>

const toOrg = (r: Row): Organization => ({
  id: String(r.id),
  name: String(r.name),
  slug: String(r.slug),
  plan: r.plan as Plan,
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

const toUser = (r: Row): User => ({
  id: String(r.id),
  name: String(r.name),
  email: String(r.email),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

export const toWorkspace = (r: Row): WorkspaceRecord => ({
  id: String(r.id),
  organizationId: r.organization_id == null ? null : String(r.organization_id),
  name: String(r.name),
  slug: String(r.slug),
  color: String(r.color),
  ownerId: String(r.owner_id),
  billedAccountUserId: String(r.billed_account_user_id),
  allowPersonalApiKeys: toBool(r.allow_personal_api_keys),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
  archivedAt: r.archived_at == null ? null : String(r.archived_at),
})

const toFolder = (r: Row): Folder => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  parentId: r.parent_id == null ? null : String(r.parent_id),
  name: String(r.name),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

export function createIdentityRepo(db: Db, now: () => string) {
  return {
    createOrganization(input: { name: string; slug: string; plan: Plan }): Organization {
      const at = now()
      const id = randomUUID()
      db.stmt(
        'INSERT INTO organizations (id, name, slug, plan, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(id, input.name, input.slug, input.plan, at, at)
      return { id, ...input, createdAt: at, updatedAt: at }
    },

    getOrganization(id: string): Organization | null {
      const row = db.stmt('SELECT * FROM organizations WHERE id = ?').get(id)
      return row ? toOrg(row) : null
    },

    setPlan(id: string, plan: Plan): void {
      db.stmt('UPDATE organizations SET plan = ?, updated_at = ? WHERE id = ?').run(plan, now(), id)
    },

    createUser(input: { name: string; email: string }): User {
      const at = now()
      const id = randomUUID()
      db.stmt(
        'INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ).run(id, input.name, input.email, at, at)
      return { id, ...input, createdAt: at, updatedAt: at }
    },

    getUser(id: string): User | null {
      const row = db.stmt('SELECT * FROM users WHERE id = ?').get(id)
      return row ? toUser(row) : null
    },

    getUserByEmail(email: string): User | null {
      const row = db.stmt('SELECT * FROM users WHERE email = ?').get(email)
      return row ? toUser(row) : null
    },

    setMembership(organizationId: string, userId: string, role: OrgRole): void {
      db.stmt(
        `INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (organization_id, user_id) DO UPDATE SET role = excluded.role`,
      ).run(organizationId, userId, role, now())
    },

    getMembershipRole(organizationId: string, userId: string): OrgRole | null {
      const row = db
        .stmt('SELECT role FROM memberships WHERE organization_id = ? AND user_id = ?')
        .get(organizationId, userId)
      return row ? (row.role as OrgRole) : null
    },

    /** The user's first organization (by join date): where "the key holder's organization" is. */
    primaryOrganizationOf(userId: string): Organization | null {
      const row = db
        .stmt(
          `SELECT o.* FROM organizations o JOIN memberships m ON m.organization_id = o.id
           WHERE m.user_id = ? ORDER BY m.created_at, o.id LIMIT 1`,
        )
        .get(userId)
      return row ? toOrg(row) : null
    },

    createWorkspace(input: {
      organizationId: string | null
      name: string
      slug: string
      color: string
      ownerId: string
      billedAccountUserId?: string
      allowPersonalApiKeys?: boolean
    }): WorkspaceRecord {
      const at = now()
      const record: WorkspaceRecord = {
        id: randomUUID(),
        organizationId: input.organizationId,
        name: input.name,
        slug: input.slug,
        color: input.color,
        ownerId: input.ownerId,
        billedAccountUserId: input.billedAccountUserId ?? input.ownerId,
        allowPersonalApiKeys: input.allowPersonalApiKeys ?? true,
        createdAt: at,
        updatedAt: at,
        archivedAt: null,
      }
      db.stmt(
        `INSERT INTO workspaces (id, organization_id, name, slug, color, owner_id,
           billed_account_user_id, allow_personal_api_keys, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        record.id,
        record.organizationId,
        record.name,
        record.slug,
        record.color,
        record.ownerId,
        record.billedAccountUserId,
        fromBool(record.allowPersonalApiKeys),
        at,
        at,
      )
      return record
    },

    getWorkspace(id: string): WorkspaceRecord | null {
      const row = db.stmt('SELECT * FROM workspaces WHERE id = ?').get(id)
      return row ? toWorkspace(row) : null
    },

    getWorkspaceBySlug(organizationId: string, slug: string): WorkspaceRecord | null {
      const row = db
        .stmt('SELECT * FROM workspaces WHERE organization_id = ? AND slug = ?')
        .get(organizationId, slug)
      return row ? toWorkspace(row) : null
    },

    slugsLike(organizationId: string | null, base: string): string[] {
      return db
        .stmt(
          `SELECT slug FROM workspaces WHERE organization_id IS ? AND (slug = ? OR slug LIKE ? || '-%')`,
        )
        .all(organizationId, base, base)
        .map((r) => String(r.slug))
    },

    updateWorkspace(
      id: string,
      changes: Partial<
        Pick<WorkspaceRecord, 'allowPersonalApiKeys' | 'archivedAt' | 'organizationId'>
      >,
    ): void {
      const current = this.getWorkspace(id)
      if (!current) return
      const next = { ...current, ...changes }
      db.stmt(
        `UPDATE workspaces SET allow_personal_api_keys = ?, archived_at = ?, organization_id = ?,
           updated_at = ? WHERE id = ?`,
      ).run(fromBool(next.allowPersonalApiKeys), next.archivedAt, next.organizationId, now(), id)
    },

    setPermission(workspaceId: string, userId: string, permission: Permission): void {
      db.stmt(
        `INSERT INTO workspace_permissions (workspace_id, user_id, permission) VALUES (?, ?, ?)
         ON CONFLICT (workspace_id, user_id) DO UPDATE SET permission = excluded.permission`,
      ).run(workspaceId, userId, permission)
    },

    removePermission(workspaceId: string, userId: string): void {
      db.stmt('DELETE FROM workspace_permissions WHERE workspace_id = ? AND user_id = ?').run(
        workspaceId,
        userId,
      )
    },

    getPermission(workspaceId: string, userId: string): Permission | null {
      const row = db
        .stmt('SELECT permission FROM workspace_permissions WHERE workspace_id = ? AND user_id = ?')
        .get(workspaceId, userId)
      return row ? (row.permission as Permission) : null
    },

    createFolder(input: { workspaceId: string; name: string; parentId?: string | null }): Folder {
      const at = now()
      const folder: Folder = {
        id: randomUUID(),
        workspaceId: input.workspaceId,
        parentId: input.parentId ?? null,
        name: input.name,
        createdAt: at,
        updatedAt: at,
      }
      db.stmt(
        `INSERT INTO folders (id, workspace_id, parent_id, name, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(folder.id, folder.workspaceId, folder.parentId, folder.name, at, at)
      return folder
    },

    getFolder(id: string): Folder | null {
      const row = db.stmt('SELECT * FROM folders WHERE id = ?').get(id)
      return row ? toFolder(row) : null
    },
  }
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>

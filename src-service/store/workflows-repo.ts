// Workflows: definitions, deployment snapshots and run counters.
import { randomUUID } from 'node:crypto'
import { toBool, type Db } from './db.ts'
import { toPage, type CursorKey, type Page } from './cursor.ts'

export interface WorkflowRecord {
  id: string
  workspaceId: string
  folderId: string | null
  name: string
  description: string
  definition: unknown
  isDeployed: boolean
  deployedAt: string | null
  /** The definition as deployed; null when never deployed. */
  deployedDefinition: unknown
  needsRedeployment: boolean
  runCount: number
  lastRunAt: string | null
  createdAt: string
  updatedAt: string
}

/** What a listing needs: no definitions, which are the bulk of a row. */
export interface WorkflowSummary {
  id: string
  name: string
  folderId: string | null
  isDeployed: boolean
  createdAt: string
  updatedAt: string
}

export interface WorkflowListQuery {
  workspaceId: string
  folderId?: string
  deployedOnly?: boolean
  /** Restricts the list to these ids (keys narrowed to single workflows); undefined: all. */
  onlyIds?: readonly string[]
  limit: number
  after?: CursorKey
}

type Row = Record<string, unknown>

/** The deployed definition's stored JSON text per record (see deployedDefinitionText). */
const deployedTexts = new WeakMap<WorkflowRecord, string>()

/**
 * The stored JSON text of a record's deployed definition: equal texts mean equal snapshots, so
 * callers can reuse work derived from an earlier read (the executions service caches parsed
 * definitions by it).
 */
export const deployedDefinitionText = (workflow: WorkflowRecord): string | undefined =>
  deployedTexts.get(workflow)

const toWorkflow = (r: Row): WorkflowRecord => {
  const record = toWorkflowRecord(r)
  parseOnFirstUse(record, 'definition', String(r.definition))
  if (r.deployed_definition != null) {
    const text = String(r.deployed_definition)
    deployedTexts.set(record, text)
    parseOnFirstUse(record, 'deployedDefinition', text)
  }
  return record
}

/**
 * Definitions are most of a row and many reads never look at them (an execute of a deployed
 * snapshot already parsed finds it in its cache): the JSON text is parsed when the property is
 * first read, then the property is a plain value like the others.
 */
function parseOnFirstUse(
  record: WorkflowRecord,
  key: 'definition' | 'deployedDefinition',
  text: string,
) {
  const settle = (target: WorkflowRecord, value: unknown) =>
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  Object.defineProperty(record, key, {
    enumerable: true,
    configurable: true,
    get(this: WorkflowRecord) {
      const value: unknown = JSON.parse(text)
      settle(this, value)
      return value
    },
    set(this: WorkflowRecord, value: unknown) {
      settle(this, value)
    },
  })
}

const toWorkflowRecord = (r: Row): WorkflowRecord => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  folderId: r.folder_id == null ? null : String(r.folder_id),
  name: String(r.name),
  description: String(r.description),
  definition: null,
  isDeployed: toBool(r.is_deployed),
  deployedAt: r.deployed_at == null ? null : String(r.deployed_at),
  deployedDefinition: null,
  needsRedeployment:
    toBool(r.is_deployed) &&
    r.deployed_definition != null &&
    r.deployed_definition !== r.definition,
  runCount: Number(r.run_count),
  lastRunAt: r.last_run_at == null ? null : String(r.last_run_at),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

const toSummary = (r: Row): WorkflowSummary => ({
  id: String(r.id),
  name: String(r.name),
  folderId: r.folder_id == null ? null : String(r.folder_id),
  isDeployed: toBool(r.is_deployed),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

export function createWorkflowsRepo(db: Db, now: () => string) {
  return {
    create(input: {
      workspaceId: string
      folderId?: string | null
      name: string
      description?: string
      definition: unknown
    }): WorkflowRecord {
      const id = randomUUID()
      const at = now()
      db.stmt(
        `INSERT INTO workflows (id, workspace_id, folder_id, name, description, definition,
           created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        input.workspaceId,
        input.folderId ?? null,
        input.name,
        input.description ?? '',
        JSON.stringify(input.definition),
        at,
        at,
      )
      return this.get(id) as WorkflowRecord
    },

    get(id: string): WorkflowRecord | null {
      const row = db.stmt('SELECT * FROM workflows WHERE id = ?').get(id)
      return row ? toWorkflow(row) : null
    },

    /** The workflow only if it belongs to the workspace: callers never learn foreign ids. */
    getInWorkspace(workspaceId: string, id: string): WorkflowRecord | null {
      const row = db
        .stmt('SELECT * FROM workflows WHERE id = ? AND workspace_id = ?')
        .get(id, workspaceId)
      return row ? toWorkflow(row) : null
    },

    findByName(workspaceId: string, name: string): WorkflowRecord | null {
      const row = db
        .stmt(
          'SELECT * FROM workflows WHERE workspace_id = ? AND name = ? ORDER BY created_at LIMIT 1',
        )
        .get(workspaceId, name)
      return row ? toWorkflow(row) : null
    },

    list(query: WorkflowListQuery): Page<WorkflowSummary> {
      // Only the filters in use go into the SQL: optional "(? IS NULL OR ...)" terms cost
      // SQLite about as much as the page itself. At most 16 variants end up in the cache.
      const where = ['workspace_id = ?']
      const params: (string | number)[] = [query.workspaceId]
      if (query.folderId !== undefined) {
        where.push('folder_id = ?')
        params.push(query.folderId)
      }
      if (query.deployedOnly) where.push('is_deployed = 1')
      if (query.onlyIds !== undefined) {
        where.push('id IN (SELECT value FROM json_each(?))')
        params.push(JSON.stringify(query.onlyIds))
      }
      if (query.after !== undefined) {
        where.push('(created_at > ? OR (created_at = ? AND id > ?))')
        params.push(query.after.at, query.after.at, query.after.id)
      }
      const rows = db
        .stmt(
          `SELECT id, name, folder_id, is_deployed, created_at, updated_at FROM workflows
           WHERE ${where.join(' AND ')} ORDER BY created_at, id LIMIT ?`,
        )
        .all(...params, query.limit + 1)
        .map(toSummary)
      return toPage(rows, query.limit, (w) => ({ at: w.createdAt, id: w.id }))
    },

    deploy(id: string): void {
      const at = now()
      db.stmt(
        `UPDATE workflows SET is_deployed = 1, deployed_at = ?, deployed_definition = definition,
           updated_at = ? WHERE id = ?`,
      ).run(at, at, id)
    },

    undeploy(id: string): void {
      db.stmt(
        `UPDATE workflows SET is_deployed = 0, deployed_at = NULL, deployed_definition = NULL,
           updated_at = ? WHERE id = ?`,
      ).run(now(), id)
    },

    /** Called by the execution part once per run. */
    recordRun(id: string, at: string): void {
      db.stmt('UPDATE workflows SET run_count = run_count + 1, last_run_at = ? WHERE id = ?').run(
        at,
        id,
      )
    },
  }
}

export type WorkflowsRepo = ReturnType<typeof createWorkflowsRepo>

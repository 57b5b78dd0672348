// Workspace files (the docs listing) and their bytes.
import { randomUUID } from 'node:crypto'
import { transaction, type Db } from './db.ts'

export interface WorkspaceFileRecord {
  id: string
  workspaceId: string
  folderId: string | null
  name: string
  size: number
  mimeType: string
  storageKey: string
  uploadedBy: string
  uploadedAt: string
  archivedAt: string | null
}

export type FileScope = 'active' | 'archived' | 'all'

type Row = Record<string, unknown>

const toFile = (r: Row): WorkspaceFileRecord => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  folderId: r.folder_id == null ? null : String(r.folder_id),
  name: String(r.name),
  size: Number(r.size),
  mimeType: String(r.mime_type),
  storageKey: String(r.storage_key),
  uploadedBy: String(r.uploaded_by),
  uploadedAt: String(r.uploaded_at),
  archivedAt: r.archived_at == null ? null : String(r.archived_at),
})

const SCOPE_SQL: Record<FileScope, string> = {
  active: ' AND archived_at IS NULL',
  archived: ' AND archived_at IS NOT NULL',
  all: '',
}

export function createFilesRepo(db: Db, now: () => string) {
  return {
    create(input: {
      workspaceId: string
      folderId: string | null
      name: string
      mimeType: string
      uploadedBy: string
      bytes: Uint8Array
    }): WorkspaceFileRecord {
      const id = randomUUID()
      // The storage key names the object the way an object store would; here it is also unique.
      const storageKey = `workspace/${input.workspaceId}/${id}/${input.name}`
      transaction(db, () => {
        db.stmt(
          `INSERT INTO workspace_files (id, workspace_id, folder_id, name, size, mime_type,
             storage_key, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          input.workspaceId,
          input.folderId,
          input.name,
          input.bytes.byteLength,
          input.mimeType,
          storageKey,
          input.uploadedBy,
          now(),
        )
        db.stmt('INSERT INTO workspace_file_contents (file_id, bytes) VALUES (?, ?)').run(
          id,
          input.bytes,
        )
      })
      return this.get(input.workspaceId, id) as WorkspaceFileRecord
    },

    /** The file only if it belongs to the workspace. */
    get(workspaceId: string, id: string): WorkspaceFileRecord | null {
      const row = db
        .stmt('SELECT * FROM workspace_files WHERE id = ? AND workspace_id = ?')
        .get(id, workspaceId)
      return row ? toFile(row) : null
    },

    /** Newest first. `folderId` undefined: the whole workspace. */
    list(q: { workspaceId: string; folderId?: string; scope: FileScope }): WorkspaceFileRecord[] {
      const params: string[] = [q.workspaceId]
      let sql = 'SELECT * FROM workspace_files WHERE workspace_id = ?'
      if (q.folderId !== undefined) {
        sql += ' AND folder_id = ?'
        params.push(q.folderId)
      }
      sql += `${SCOPE_SQL[q.scope]} ORDER BY uploaded_at DESC, id DESC`
      return db
        .stmt(sql)
        .all(...params)
        .map(toFile)
    },

    content(id: string): Uint8Array | null {
      const row = db.stmt('SELECT bytes FROM workspace_file_contents WHERE file_id = ?').get(id)
      return row ? (row.bytes as Uint8Array) : null
    },

    archive(id: string): void {
      db.stmt(
        'UPDATE workspace_files SET archived_at = ? WHERE id = ? AND archived_at IS NULL',
      ).run(now(), id)
    },
  }
}

export type FilesRepo = ReturnType<typeof createFilesRepo>

// Workspace files (the docs listing). Bytes are stored in the database beside the record, in
// their own table: one data folder holds everything, backups are one file, and an upload is
// atomic with its audit entry. archived_at null means active.
export const sql = `
CREATE TABLE workspace_files (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  folder_id TEXT REFERENCES folders(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  mime_type TEXT NOT NULL,
  storage_key TEXT NOT NULL UNIQUE,
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL,
  archived_at TEXT
);
CREATE INDEX workspace_files_workspace ON workspace_files(workspace_id, uploaded_at);
CREATE INDEX workspace_files_folder ON workspace_files(folder_id);

CREATE TABLE workspace_file_contents (
  file_id TEXT PRIMARY KEY REFERENCES workspace_files(id) ON DELETE CASCADE,
  bytes BLOB NOT NULL
);
`

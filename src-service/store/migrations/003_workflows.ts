// Workflows. deployed_definition is the snapshot taken at deploy time: execution runs it, and
// "needs redeployment" means the editable definition has changed since. run_count and
// last_run_at are maintained by the execution part (jobs, migration 030+).
export const sql = `
CREATE TABLE workflows (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  folder_id TEXT REFERENCES folders(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  definition TEXT NOT NULL,
  is_deployed INTEGER NOT NULL DEFAULT 0,
  deployed_at TEXT,
  deployed_definition TEXT,
  run_count INTEGER NOT NULL DEFAULT 0,
  last_run_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX workflows_workspace_page ON workflows(workspace_id, created_at, id);
CREATE INDEX workflows_folder ON workflows(folder_id);
`

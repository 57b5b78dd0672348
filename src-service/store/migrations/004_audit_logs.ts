// Audit entries are append-only and denormalise the actor's name and email, so an entry keeps
// saying who did it after the user is renamed or deleted.
export const sql = `
CREATE TABLE audit_logs (
  id TEXT PRIMARY KEY,
  organization_id TEXT,
  workspace_id TEXT,
  action TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  resource_type TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX audit_logs_org_page ON audit_logs(organization_id, created_at DESC);
CREATE INDEX audit_logs_workspace ON audit_logs(workspace_id, created_at DESC);
`

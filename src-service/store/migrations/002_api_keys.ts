// API keys of the three types. The value itself is never stored in clear: key_hash (SHA-256,
// unique) is what a request is authenticated by; key_ciphertext (AES-256-GCM) exists so the
// value can be recovered by the operator tooling (seed re-prints its demo keys).
export const sql = `
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('personal', 'workspace', 'organization')),
  name TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id TEXT REFERENCES workspaces(id) ON DELETE CASCADE,
  organization_id TEXT REFERENCES organizations(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL,
  key_ciphertext TEXT NOT NULL,
  display_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  CHECK (type <> 'workspace' OR workspace_id IS NOT NULL),
  CHECK (type <> 'organization' OR organization_id IS NOT NULL)
);
CREATE UNIQUE INDEX api_keys_hash ON api_keys(key_hash);
CREATE INDEX api_keys_user ON api_keys(user_id);
CREATE INDEX api_keys_workspace ON api_keys(workspace_id);
CREATE INDEX api_keys_organization ON api_keys(organization_id);

-- Organization keys: one row per grant (a workspace, or a single workflow, with a ceiling).
-- Workspace keys narrowed to workflows: one row per workflow with ceiling 'admin' (the owner's
-- permission is then the only limit, as for an unnarrowed workspace key).
CREATE TABLE api_key_grants (
  id TEXT PRIMARY KEY,
  api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  workflow_id TEXT,
  ceiling TEXT NOT NULL CHECK (ceiling IN ('read', 'write', 'admin'))
);
CREATE INDEX api_key_grants_key ON api_key_grants(api_key_id);
`

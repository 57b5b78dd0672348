// Executions: one row per admitted run, whatever its mode. Async runs are also the job queue:
// a worker claims a `pending` row by taking a lease (lease_owner, lease_expires_at in epoch ms)
// and renews it while the run goes on; a row whose lease ran out belongs to a dead process and
// is reclaimed. The definition is the snapshot the run was admitted with, so a retry or a resume
// runs what the caller started even if the workflow was redeployed since; sync and stream runs
// store it only when they pause (nothing else ever reads it back). Rows are deleted 7 days
// after the run ends (run history in execution_logs stays for 30). Indexes are few on purpose:
// every run writes this table twice; the hourly retention sweep may scan.
export const sql = `
CREATE TABLE executions (
  id TEXT PRIMARY KEY,
  workflow_id TEXT NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  mode TEXT NOT NULL,
  trigger TEXT NOT NULL DEFAULT 'api',
  status TEXT NOT NULL,
  caller_user_id TEXT NOT NULL,
  key_id TEXT,
  billed_user_id TEXT NOT NULL,
  definition TEXT,
  input TEXT NOT NULL,
  options TEXT NOT NULL DEFAULT '{}',
  resume_input TEXT,
  pause_state TEXT,
  context_id TEXT,
  output TEXT,
  error TEXT,
  block_logs TEXT NOT NULL DEFAULT '[]',
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL DEFAULT 1,
  lease_owner TEXT,
  lease_expires_at INTEGER,
  settled INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  started_at TEXT,
  ended_at TEXT,
  duration_ms INTEGER,
  updated_at TEXT NOT NULL
);
CREATE INDEX executions_queue ON executions(created_at, id) WHERE status = 'pending';
CREATE INDEX executions_leases ON executions(lease_expires_at) WHERE status = 'processing';
`

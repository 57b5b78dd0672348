// Execution logs: one row per run, written when the run is admitted and completed when it ends.
// They are the run history too: execution_data holds a size-capped, secret-redacted copy of
// the run (input, output, error, block logs), which answers job status once the execution
// record is gone (7 days) until the log itself is deleted (30 days after the run ended).
export const sql = `
CREATE TABLE execution_logs (
  id TEXT PRIMARY KEY,
  execution_id TEXT NOT NULL UNIQUE,
  workflow_id TEXT NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  level TEXT NOT NULL,
  trigger TEXT NOT NULL,
  status TEXT NOT NULL,
  started_at TEXT NOT NULL,
  run_started_at TEXT,
  ended_at TEXT,
  total_duration_ms INTEGER,
  cost_total REAL NOT NULL DEFAULT 0,
  execution_data TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX execution_logs_page ON execution_logs(workspace_id, started_at, id);
CREATE INDEX execution_logs_workflow ON execution_logs(workflow_id, status, ended_at);
`

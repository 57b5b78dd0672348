// One row per settled run: what it cost and which account and billing period it was charged
// to. The execution id is the key, so settling the same run twice charges it once.
export const sql = `
CREATE TABLE usage_records (
  execution_id TEXT PRIMARY KEY,
  billed_user_id TEXT NOT NULL,
  period TEXT NOT NULL,
  cost_micros INTEGER NOT NULL CHECK (cost_micros >= 0),
  workspace_id TEXT,
  workflow_id TEXT,
  status TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  blocks_executed INTEGER NOT NULL,
  tokens INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX usage_records_account_period ON usage_records(billed_user_id, period);
`

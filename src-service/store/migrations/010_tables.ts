// User tables and their rows. A row's cells live in one JSONB value (`data`), read with
// json_extract; the repository adds per-table, per-column partial expression indexes
// (`WHERE table_id = '<id>'`) so filters and sorts on a 100k-row table use an index instead of
// a scan. `columns` is the table's schema as JSON. `next_position` hands out row positions:
// zero-based, in insertion order, never reused. `revision` counts changes to the rows or the
// schema, so a cached count is known to be current. Row ids are UUIDv7 (time-ordered), so the
// primary-key index grows at its end instead of taking random inserts. `updated_at` is indexed
// for "rows changed since" queries; creation order is position order.
export const sql = `
CREATE TABLE user_tables (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  columns TEXT NOT NULL,
  max_rows INTEGER NOT NULL,
  row_count INTEGER NOT NULL DEFAULT 0,
  next_position INTEGER NOT NULL DEFAULT 0,
  revision INTEGER NOT NULL DEFAULT 0,
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  archived_at TEXT
);
CREATE UNIQUE INDEX user_tables_active_name ON user_tables(workspace_id, name)
  WHERE archived_at IS NULL;
CREATE INDEX user_tables_workspace ON user_tables(workspace_id, created_at);

CREATE TABLE table_rows (
  id TEXT PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES user_tables(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX table_rows_position ON table_rows(table_id, position);
CREATE INDEX table_rows_updated ON table_rows(table_id, updated_at, position);
`

// Small key/value facts about this data folder (for example what `seed` created), so tools can
// be re-run without duplicating anything.
export const sql = `
CREATE TABLE service_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`

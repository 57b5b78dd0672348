// Applies the numbered migrations that are not yet recorded in schema_migrations, all in one
// transaction, so a failed start leaves the database exactly as it was.
import { transaction, type Db } from './db.ts'
import { MIGRATIONS, type Migration } from './migrations/index.ts'

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): number[] {
  assertWellFormed(migrations)
  db.raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`)
  const applied = new Set(
    db.raw
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => Number(row.version)),
  )
  const pending = migrations.filter((m) => !applied.has(m.version))
  if (pending.length === 0) return []
  transaction(db, () => {
    const record = db.raw.prepare(
      'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
    )
    for (const migration of pending) {
      db.raw.exec(migration.sql)
      record.run(migration.version, migration.name, new Date().toISOString())
    }
  })
  return pending.map((m) => m.version)
}

function assertWellFormed(migrations: readonly Migration[]): void {
  const seen = new Set<number>()
  let previous = 0
  for (const m of migrations) {
    if (seen.has(m.version)) throw new Error(`Duplicate migration number ${m.version}`)
    if (m.version <= previous) throw new Error(`Migrations out of order at ${m.version}`)
    seen.add(m.version)
    previous = m.version
  }
}

// Opens the service's SQLite database (node:sqlite, no native module) and provides the two
// primitives every repository uses: a per-connection prepared-statement cache and transactions.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'

export interface Db {
  /** The raw connection; repositories should prefer `stmt` so statements are prepared once. */
  readonly raw: DatabaseSync
  /** Returns the cached prepared statement for `sql` (prepared on first use). */
  stmt(sql: string): StatementSync
  close(): void
}

export const DB_FILE = 'service.db'

/** `dataDir` null opens an in-memory database (useful for throwaway tools, not for the server). */
export function openDatabase(dataDir: string | null): Db {
  let location = ':memory:'
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true })
    location = join(dataDir, DB_FILE)
  }
  const raw = new DatabaseSync(location)
  // WAL lets readers proceed during a write; NORMAL sync is durable across process crashes
  // (only an OS crash can lose the last transactions), which is the usual WAL trade-off.
  // A page cache of up to 64 MiB (the default is 2 MiB) keeps a 100k-row table's indexes in
  // memory; temp B-trees (sorts) stay in memory too.
  raw.exec(`PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
    PRAGMA cache_size = -65536;
    PRAGMA temp_store = MEMORY;`)
  const cache = new Map<string, StatementSync>()
  return {
    raw,
    stmt(sql) {
      let statement = cache.get(sql)
      if (!statement) {
        statement = raw.prepare(sql)
        cache.set(sql, statement)
      }
      return statement
    },
    close() {
      cache.clear()
      if (raw.isOpen) raw.close()
    },
  }
}

/**
 * Runs `fn` in one transaction: committed when it returns, rolled back when it throws.
 * Nested calls join the outer transaction (a savepoint would buy nothing here: callers that
 * nest want all-or-nothing for the whole unit).
 */
export function transaction<T>(db: Db, fn: () => T): T {
  if (db.raw.isTransaction) return fn()
  db.raw.exec('BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.raw.exec('COMMIT')
    return result
  } catch (error) {
    db.raw.exec('ROLLBACK')
    throw error
  }
}

/** SQLite stores booleans as 0/1. */
export const toBool = (value: unknown): boolean => value === 1 || value === 1n
export const fromBool = (value: boolean): number => (value ? 1 : 0)

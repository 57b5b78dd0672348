// Key/value facts about the data folder (see migration 005).
import type { Db } from './db.ts'

export function createMetaRepo(db: Db) {
  return {
    get(key: string): string | null {
      const row = db.stmt('SELECT value FROM service_meta WHERE key = ?').get(key)
      return row ? String(row.value) : null
    },
    set(key: string, value: string): void {
      db.stmt(
        `INSERT INTO service_meta (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(key, value)
    },
  }
}

export type MetaRepo = ReturnType<typeof createMetaRepo>

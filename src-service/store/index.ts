// The store: one connection, migrated, with every repository bound to it. Other parts of the
// service add their repositories here (tables, knowledge, jobs...).
import { migrate } from './migrate.ts'
import { openDatabase, type Db } from './db.ts'
import { createIdentityRepo } from './identity-repo.ts'
import { createKeysRepo } from './keys-repo.ts'
import { createWorkflowsRepo } from './workflows-repo.ts'
import { createAuditRepo } from './audit-repo.ts'
import { createMetaRepo } from './meta-repo.ts'
import { createUsageRepo } from './usage-repo.ts'
import { createTablesRepo } from './tables-repo.ts'
import { createExecutionsRepo } from './executions-repo.ts'
import { createExecutionLogsRepo } from './execution-logs-repo.ts'
import { createWriteBatch } from './write-batch.ts'
import { createKnowledgeRepo } from './knowledge-repo.ts'
import { createFilesRepo } from './files-repo.ts'

export { transaction, type Db } from './db.ts'

export function createStore(db: Db, now: () => string) {
  return {
    db,
    identity: createIdentityRepo(db, now),
    keys: createKeysRepo(db, now),
    workflows: createWorkflowsRepo(db, now),
    audit: createAuditRepo(db, now),
    meta: createMetaRepo(db),
    usage: createUsageRepo(db, now),
    tables: createTablesRepo(db, now),
    executions: createExecutionsRepo(db, now),
    executionLogs: createExecutionLogsRepo(db),
    writes: createWriteBatch(db),
    knowledge: createKnowledgeRepo(db, now),
    files: createFilesRepo(db, now),
  }
}

export type Store = ReturnType<typeof createStore>

/** Opens (creating if needed) and migrates the database of a data folder. */
export function openStore(dataDir: string | null, now: () => string): Store {
  const db = openDatabase(dataDir)
  try {
    migrate(db)
  } catch (error) {
    db.close()
    throw error
  }
  return createStore(db, now)
}

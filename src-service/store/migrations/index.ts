// The ordered list of migrations. SQL lives in TypeScript modules (not .sql files) so the
// service bundle (out/service/cli.js) carries it without any file lookup at run time.
//
// Numbering, so parallel work never collides:
//   001-009 identity, keys, workflows, audit (service core)
//   010-019 tables          020-029 knowledge bases, documents, workspace files
//   030-039 executions, jobs, logs, usage
// A migration is never edited once committed: add a new number instead.
import { sql as identity } from './001_identity.ts'
import { sql as apiKeys } from './002_api_keys.ts'
import { sql as workflows } from './003_workflows.ts'
import { sql as auditLogs } from './004_audit_logs.ts'
import { sql as serviceMeta } from './005_service_meta.ts'
import { sql as tables } from './010_tables.ts'
import { sql as knowledge } from './020_knowledge.ts'
import { sql as workspaceFiles } from './021_workspace_files.ts'
import { sql as executions } from './030_executions.ts'
import { sql as executionLogs } from './031_execution_logs.ts'
import { sql as usage } from './035_usage.ts'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'identity', sql: identity },
  { version: 2, name: 'api_keys', sql: apiKeys },
  { version: 3, name: 'workflows', sql: workflows },
  { version: 4, name: 'audit_logs', sql: auditLogs },
  { version: 5, name: 'service_meta', sql: serviceMeta },
  { version: 10, name: 'tables', sql: tables },
  { version: 20, name: 'knowledge', sql: knowledge },
  { version: 21, name: 'workspace_files', sql: workspaceFiles },
  { version: 30, name: 'executions', sql: executions },
  { version: 31, name: 'execution_logs', sql: executionLogs },
  { version: 35, name: 'usage', sql: usage },
]

// The one factory of react-query keys. Everything read from a service sits under
// ['on', connectionId, workspaceId, ...] so switching or editing a connection drops exactly it.
export interface Scope {
  connectionId: string
  workspaceId: string
}

const on = (s: Scope) => ['on', s.connectionId, s.workspaceId] as const

export const queryKeys = {
  appInfo: () => ['app-info'] as const,
  connections: () => ['connections'] as const,
  settings: () => ['settings'] as const,
  localStatus: () => ['local-status'] as const,
  jobs: () => ['jobs'] as const,
  job: (jobId: string) => ['jobs', jobId] as const,

  scope: on,
  connection: (connectionId: string) => ['on', connectionId] as const,
  workflows: (s: Scope) => [...on(s), 'workflows'] as const,
  workflowList: (s: Scope, filters: { deployedOnly: boolean; folderId: string }) =>
    [...on(s), 'workflows', 'list', filters] as const,
  workflow: (s: Scope, id: string) => [...on(s), 'workflows', 'detail', id] as const,
  workflowStatus: (s: Scope, id: string) => [...on(s), 'workflows', 'status', id] as const,

  tables: (s: Scope) => [...on(s), 'tables'] as const,
  tableList: (s: Scope) => [...on(s), 'tables', 'list'] as const,
  table: (s: Scope, id: string) => [...on(s), 'tables', id] as const,
  tableMeta: (s: Scope, id: string) => [...on(s), 'tables', id, 'meta'] as const,
  rows: (s: Scope, id: string) => [...on(s), 'tables', id, 'rows'] as const,
  rowsPage: (s: Scope, id: string, q: { filter: string; sort: string; offset: number }) =>
    [...on(s), 'tables', id, 'rows', q] as const,

  knowledge: (s: Scope) => [...on(s), 'knowledge'] as const,
  knowledgeList: (s: Scope) => [...on(s), 'knowledge', 'list'] as const,
  knowledgeBase: (s: Scope, id: string) => [...on(s), 'knowledge', id] as const,
  knowledgeMeta: (s: Scope, id: string) => [...on(s), 'knowledge', id, 'meta'] as const,
  documents: (s: Scope, id: string) => [...on(s), 'knowledge', id, 'documents'] as const,
  documentsPage: (s: Scope, id: string, q: Record<string, unknown>) =>
    [...on(s), 'knowledge', id, 'documents', q] as const,
  document: (s: Scope, id: string, docId: string) =>
    [...on(s), 'knowledge', id, 'document', docId] as const,

  docs: (s: Scope, q: { scope: string; folderId: string }) => [...on(s), 'docs', q] as const,
  usage: (s: Scope) => [...on(s), 'usage'] as const,
  rateLimit: (connectionId: string) => ['on', connectionId, 'rate-limit'] as const,
  logs: (s: Scope, q: Record<string, unknown>) => [...on(s), 'logs', q] as const,
  log: (s: Scope, id: string) => [...on(s), 'log', id] as const,
  audit: (s: Scope, q: Record<string, unknown>) => [...on(s), 'audit', q] as const,
  auditEntry: (s: Scope, id: string) => [...on(s), 'audit-entry', id] as const,
}

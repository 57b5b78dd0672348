// Realistic bodies built from the spec's tables, shared by the *.test.ts files of this folder.
// Test-only: index.ts does not export it.

export const T0 = '2026-01-01T00:00:00.000Z'
export const T1 = '2026-01-01T00:00:01.250Z'

export const limits = {
  workflowExecutionRateLimit: {
    sync: { requestsPerMinute: 600, maxBurst: 1200, remaining: 1199, resetAt: T1 },
    async: { requestsPerMinute: 5000, maxBurst: 10000, remaining: 10000, resetAt: T1 },
  },
  usage: { currentPeriodCost: 1.25, limit: 5000, plan: 'enterprise', isExceeded: false },
}

export const workspace = {
  id: '6f1c2b9e-3d1a-4a7e-9d41-0c2f7b8e5a10',
  name: 'Marketing Ops',
  slug: 'marketing-ops',
  color: '#12AB9f',
  ownerId: 'user_1',
  organizationId: 'org_1',
  billedAccountUserId: 'user_1',
  allowPersonalApiKeys: true,
  role: 'admin',
  createdAt: T0,
  updatedAt: T0,
  archivedAt: null,
}

export const workflowDetail = {
  id: '0b6c5a8e-7f7e-4c59-9f0f-5c1a2e3d4f5a',
  name: 'Greeting',
  description: 'Greets a person by name',
  folderId: null,
  workspaceId: workspace.id,
  isDeployed: true,
  deployedAt: T0,
  runCount: 3,
  lastRunAt: T1,
  variables: { greetingWord: 'Hello' },
  inputs: [{ name: 'name', type: 'string', description: 'Who to greet' }],
  createdAt: T0,
  updatedAt: T1,
}

export const column = { name: 'email', type: 'string', required: true, unique: true }

export const table = {
  id: 'tbl_1',
  name: 'customers',
  description: 'People who bought something',
  schema: {
    columns: [
      column,
      { name: 'age', type: 'number', required: false, unique: false },
      { name: 'tier', type: 'select', required: false, unique: false, options: ['gold', 'free'] },
      { name: 'spend', type: 'currency', required: false, unique: false, currencyCode: 'EUR' },
    ],
  },
  rowCount: 2,
  maxRows: 10000,
  createdAt: T0,
  updatedAt: T1,
}

export const row = {
  id: 'row_1',
  data: { email: 'ada@example.com', age: 36, tier: 'gold', spend: 12.5 },
  position: 0,
  createdAt: T0,
  updatedAt: T0,
}

export const knowledgeBase = {
  id: 'kb_1',
  name: 'Product docs',
  description: 'Manuals and FAQs',
  docCount: 1,
  tokenCount: 5400,
  embeddingModel: 'text-embedding-3-small',
  createdAt: T0,
  updatedAt: T1,
}

export const knowledgeDocument = {
  id: 'doc_1',
  knowledgeBaseId: 'kb_1',
  filename: 'manual.pdf',
  fileSize: 482133,
  mimeType: 'application/pdf',
  processingStatus: 'completed',
  chunkCount: 12,
  tokenCount: 5400,
  characterCount: 21500,
  enabled: true,
  createdAt: T0,
}

export const workspaceFile = {
  id: 'file_1',
  name: 'brief.docx',
  size: 20480,
  type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  key: 'workspace/6f1c/brief.docx',
  uploadedBy: 'user_1',
  uploadedAt: T0,
}

export const auditEntry = {
  id: 'aud_1',
  action: 'workflow.deployed',
  actorId: 'user_1',
  actorName: 'Ada Lovelace',
  actorEmail: 'ada@example.com',
  resourceType: 'workflow',
  resourceId: workflowDetail.id,
  metadata: { name: 'Greeting' },
  createdAt: T0,
}

export const logEntry = {
  id: 'log_1',
  workflowId: workflowDetail.id,
  executionId: 'exec_1',
  level: 'info',
  trigger: 'api',
  startedAt: T0,
  endedAt: T1,
  totalDurationMs: 1250,
  cost: { total: 0.0021 },
}

/** The path of the first issue of a failed parse, dotted, for compact assertions. */
export function firstIssue(result: {
  success: boolean
  error?: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> }
}): { path: string; message: string } {
  if (result.success || !result.error) throw new Error('expected the parse to fail')
  const issue = result.error.issues[0]!
  return { path: issue.path.map(String).join('.'), message: issue.message }
}

// TEMPORARY: stands in for src-shared/api/endpoints.ts until it lands. Same shape (method,
// path, response schema); the handlers switch to the real table by changing one import.
import { z } from 'zod'
import type { EndpointLike } from './endpoint-call.ts'

const any = z.unknown()
const e = (method: EndpointLike['method'], path: string): EndpointLike => ({
  method,
  path,
  response: any,
})

export const endpoints = {
  listWorkflows: e('GET', '/api/v1/workflows'),
  getWorkflow: e('GET', '/api/v1/workflows/{id}'),
  getWorkflowStatus: e('GET', '/api/workflows/{id}/status'),
  getJob: e('GET', '/api/jobs/{jobId}'),
  cancelExecution: e('POST', '/api/workflows/{id}/executions/{executionId}/cancel'),
  resumeExecution: e('POST', '/api/resume/{workflowId}/{executionId}/{contextId}'),
  listTables: e('GET', '/api/v1/tables'),
  getTable: e('GET', '/api/v1/tables/{tableId}'),
  listRows: e('GET', '/api/v1/tables/{tableId}/rows'),
  insertRows: e('POST', '/api/v1/tables/{tableId}/rows'),
  updateRow: e('PATCH', '/api/v1/tables/{tableId}/rows/{rowId}'),
  deleteRow: e('DELETE', '/api/v1/tables/{tableId}/rows/{rowId}'),
  deleteRows: e('DELETE', '/api/v1/tables/{tableId}/rows'),
  addColumn: e('POST', '/api/v1/tables/{tableId}/columns'),
  listKnowledgeBases: e('GET', '/api/v1/knowledge'),
  getKnowledgeBase: e('GET', '/api/v1/knowledge/{id}'),
  createKnowledgeBase: e('POST', '/api/v1/knowledge'),
  updateKnowledgeBase: e('PUT', '/api/v1/knowledge/{id}'),
  listDocuments: e('GET', '/api/v1/knowledge/{id}/documents'),
  getDocument: e('GET', '/api/v1/knowledge/{id}/documents/{documentId}'),
  uploadDocument: e('POST', '/api/v1/knowledge/{id}/documents'),
  listDocs: e('GET', '/api/v1/docs'),
  usageLimits: e('GET', '/api/users/me/usage-limits'),
  listLogs: e('GET', '/api/v1/logs'),
  getLog: e('GET', '/api/v1/logs/{id}'),
  listAuditLogs: e('GET', '/api/v1/audit-logs'),
  getAuditLog: e('GET', '/api/v1/audit-logs/{id}'),
  createWorkspace: e('POST', '/api/v1/workspaces'),
} satisfies Record<string, EndpointLike>

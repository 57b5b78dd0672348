// Every endpoint of the spec and API-NOTES as data: the service registers its routes from this
// table and the client calls through it, so both sides share one set of schemas.
import { z } from 'zod'
import * as audit from './audit.ts'
import * as common from './common.ts'
import * as docs from './docs.ts'
import * as exec from './execution.ts'
import * as knowledge from './knowledge.ts'
import * as logs from './logs.ts'
import * as rows from './rows.ts'
import * as tables from './tables.ts'
import * as usage from './usage.ts'
import * as workflows from './workflows.ts'
import * as workspaces from './workspaces.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint {
  method: HttpMethod
  /** Fastify-style template: `/api/v1/tables/:tableId/rows`. */
  path: string
  params?: z.ZodType
  query?: z.ZodType
  headers?: z.ZodType
  /** For multipart bodies: the non-file fields; the file travels as the part named `file`. */
  body?: z.ZodType
  bodyEncoding?: 'json' | 'multipart'
  successStatus: 200 | 201
  /** The body of `successStatus`. */
  response: z.ZodType
  responseEncoding?: 'json' | 'binary'
  /** Other documented statuses whose body is not the common error body. */
  otherResponses?: Readonly<Record<number, z.ZodType>>
  /** SSE frames, when the caller asks for a stream. */
  events?: z.ZodType
}

/** Every error status of every endpoint answers this body. */
export const ErrorResponseSchema = common.ErrorBodySchema

/** Bytes of a downloaded file (a Node Buffer is a Uint8Array too). */
export const BinaryBodySchema = z.instanceof(Uint8Array)

export const API_HEADERS = {
  apiKey: 'X-API-Key',
  executionMode: 'X-Execution-Mode',
  streamVersion: 'X-Service-Stream-Version',
  responseType: 'X-Service-Response-Type',
  executionId: 'X-Execution-Id',
  rateLimitLimit: 'X-RateLimit-Limit',
  rateLimitRemaining: 'X-RateLimit-Remaining',
  rateLimitReset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
} as const

// The execute-like answers: 200 result, 500 failed result, 202 receipt, 503 result lost.
// A run that ends in a Response block answers that block's own body and status instead.
const runAnswers = {
  successStatus: 200,
  response: exec.ExecutionResultSchema,
  otherResponses: {
    202: exec.ExecuteAcceptedSchema,
    500: exec.ExecutionResultSchema,
    503: common.ResultUnavailableBodySchema,
  },
  events: exec.StreamFrameSchema,
} as const

const ws = { query: common.WorkspaceQuerySchema } as const
const idParams = { params: common.IdParamsSchema } as const
const tableParams = { params: tables.TableParamsSchema } as const
const rowParams = { params: rows.RowParamsSchema } as const
const documentParams = { params: knowledge.DocumentParamsSchema } as const

export const endpoints = {
  // ---- Execution (unversioned /api) ----
  executeWorkflow: {
    method: 'POST',
    path: '/api/workflows/:workflowId/execute',
    params: exec.ExecuteParamsSchema,
    headers: exec.ExecuteHeadersSchema,
    body: exec.ExecuteBodySchema,
    ...runAnswers,
  },
  getJob: {
    method: 'GET',
    path: '/api/jobs/:jobId',
    params: exec.JobParamsSchema,
    successStatus: 200,
    response: exec.JobStatusSchema,
  },
  getWorkflowStatus: {
    method: 'GET',
    path: '/api/workflows/:id/status',
    ...idParams,
    successStatus: 200,
    response: workflows.WorkflowStatusSchema,
  },
  cancelExecution: {
    method: 'POST',
    path: '/api/workflows/:id/executions/:executionId/cancel',
    params: exec.CancelParamsSchema,
    successStatus: 200,
    response: exec.CancelResponseSchema,
  },
  resumeExecution: {
    method: 'POST',
    path: '/api/resume/:workflowId/:executionId/:contextId',
    params: exec.ResumeParamsSchema,
    body: exec.ResumeBodySchema,
    ...runAnswers,
  },
  usageLimits: {
    method: 'GET',
    path: '/api/users/me/usage-limits',
    successStatus: 200,
    response: usage.UsageLimitsResponseSchema,
  },

  // ---- Workspaces and workflows ----
  createWorkspace: {
    method: 'POST',
    path: '/api/v1/workspaces',
    body: workspaces.CreateWorkspaceBodySchema,
    successStatus: 200,
    response: workspaces.CreateWorkspaceResponseSchema,
  },
  listWorkflows: {
    method: 'GET',
    path: '/api/v1/workflows',
    query: workflows.ListWorkflowsQuerySchema,
    successStatus: 200,
    response: workflows.ListWorkflowsResponseSchema,
  },
  getWorkflow: {
    method: 'GET',
    path: '/api/v1/workflows/:id',
    ...idParams,
    ...ws,
    successStatus: 200,
    response: workflows.WorkflowDetailResponseSchema,
  },
  importWorkflow: {
    method: 'POST',
    path: '/api/v1/workflows/import',
    body: workflows.ImportWorkflowBodySchema,
    successStatus: 201,
    response: workflows.ImportWorkflowResponseSchema,
  },
  deployWorkflow: {
    method: 'POST',
    path: '/api/v1/workflows/:id/deploy',
    ...idParams,
    body: workflows.DeployWorkflowBodySchema,
    successStatus: 200,
    response: workflows.DeployWorkflowResponseSchema,
  },
  undeployWorkflow: {
    method: 'DELETE',
    path: '/api/v1/workflows/:id/deploy',
    ...idParams,
    body: workflows.DeployWorkflowBodySchema,
    successStatus: 200,
    response: workflows.DeployWorkflowResponseSchema,
  },

  // ---- Logs and audit logs ----
  listLogs: {
    method: 'GET',
    path: '/api/v1/logs',
    query: logs.ListLogsQuerySchema,
    successStatus: 200,
    response: logs.ListLogsResponseSchema,
  },
  getLog: {
    method: 'GET',
    path: '/api/v1/logs/:id',
    ...idParams,
    ...ws,
    successStatus: 200,
    response: logs.LogDetailResponseSchema,
  },
  listAuditLogs: {
    method: 'GET',
    path: '/api/v1/audit-logs',
    query: audit.ListAuditLogsQuerySchema,
    successStatus: 200,
    response: audit.ListAuditLogsResponseSchema,
  },
  getAuditLog: {
    method: 'GET',
    path: '/api/v1/audit-logs/:id',
    ...idParams,
    successStatus: 200,
    response: audit.AuditLogDetailResponseSchema,
  },

  // ---- Knowledge ----
  listKnowledgeBases: {
    method: 'GET',
    path: '/api/v1/knowledge',
    query: knowledge.ListKnowledgeBasesQuerySchema,
    successStatus: 200,
    response: knowledge.ListKnowledgeBasesResponseSchema,
  },
  createKnowledgeBase: {
    method: 'POST',
    path: '/api/v1/knowledge',
    body: knowledge.CreateKnowledgeBaseBodySchema,
    successStatus: 200,
    response: knowledge.CreateKnowledgeBaseResponseSchema,
  },
  getKnowledgeBase: {
    method: 'GET',
    path: '/api/v1/knowledge/:id',
    ...idParams,
    query: knowledge.GetKnowledgeBaseQuerySchema,
    successStatus: 200,
    response: knowledge.GetKnowledgeBaseResponseSchema,
  },
  updateKnowledgeBase: {
    method: 'PUT',
    path: '/api/v1/knowledge/:id',
    ...idParams,
    body: knowledge.UpdateKnowledgeBaseBodySchema,
    successStatus: 200,
    response: knowledge.UpdateKnowledgeBaseResponseSchema,
  },
  deleteKnowledgeBase: {
    method: 'DELETE',
    path: '/api/v1/knowledge/:id',
    ...idParams,
    body: knowledge.DeleteKnowledgeBaseBodySchema,
    successStatus: 200,
    response: knowledge.DeleteKnowledgeResponseSchema,
  },
  listDocuments: {
    method: 'GET',
    path: '/api/v1/knowledge/:id/documents',
    ...idParams,
    query: knowledge.ListDocumentsQuerySchema,
    successStatus: 200,
    response: knowledge.ListDocumentsResponseSchema,
  },
  uploadDocument: {
    method: 'POST',
    path: '/api/v1/knowledge/:id/documents',
    ...idParams,
    body: knowledge.UploadDocumentFieldsSchema,
    bodyEncoding: 'multipart',
    successStatus: 200,
    response: knowledge.UploadDocumentResponseSchema,
  },
  getDocument: {
    method: 'GET',
    path: '/api/v1/knowledge/:id/documents/:documentId',
    ...documentParams,
    query: knowledge.GetDocumentQuerySchema,
    successStatus: 200,
    response: knowledge.GetDocumentResponseSchema,
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/api/v1/knowledge/:id/documents/:documentId',
    ...documentParams,
    body: knowledge.DeleteDocumentBodySchema,
    successStatus: 200,
    response: knowledge.DeleteKnowledgeResponseSchema,
  },

  // ---- Docs (workspace files) ----
  listDocs: {
    method: 'GET',
    path: '/api/v1/docs',
    query: docs.ListDocsQuerySchema,
    successStatus: 200,
    response: docs.ListDocsResponseSchema,
  },
  uploadFile: {
    method: 'POST',
    path: '/api/v1/files',
    body: docs.UploadFileFieldsSchema,
    bodyEncoding: 'multipart',
    successStatus: 200,
    response: docs.UploadFileResponseSchema,
  },
  downloadFile: {
    method: 'GET',
    path: '/api/v1/files/:id',
    ...idParams,
    query: docs.DownloadFileQuerySchema,
    successStatus: 200,
    response: BinaryBodySchema,
    responseEncoding: 'binary',
  },
  archiveFile: {
    method: 'DELETE',
    path: '/api/v1/files/:id',
    ...idParams,
    body: docs.ArchiveFileBodySchema,
    successStatus: 200,
    response: docs.ArchiveFileResponseSchema,
  },

  // ---- Tables and columns ----
  listTables: {
    method: 'GET',
    path: '/api/v1/tables',
    query: tables.ListTablesQuerySchema,
    successStatus: 200,
    response: tables.ListTablesResponseSchema,
  },
  createTable: {
    method: 'POST',
    path: '/api/v1/tables',
    body: tables.CreateTableBodySchema,
    successStatus: 200,
    response: tables.CreateTableResponseSchema,
  },
  getTable: {
    method: 'GET',
    path: '/api/v1/tables/:tableId',
    ...tableParams,
    query: tables.GetTableQuerySchema,
    successStatus: 200,
    response: tables.GetTableResponseSchema,
  },
  archiveTable: {
    method: 'DELETE',
    path: '/api/v1/tables/:tableId',
    ...tableParams,
    body: tables.ArchiveTableBodySchema,
    successStatus: 200,
    response: tables.ArchiveTableResponseSchema,
  },
  addColumn: {
    method: 'POST',
    path: '/api/v1/tables/:tableId/columns',
    ...tableParams,
    body: tables.AddColumnBodySchema,
    successStatus: 200,
    response: tables.ColumnsResponseSchema,
  },
  updateColumn: {
    method: 'PATCH',
    path: '/api/v1/tables/:tableId/columns',
    ...tableParams,
    body: tables.UpdateColumnBodySchema,
    successStatus: 200,
    response: tables.ColumnsResponseSchema,
  },
  dropColumn: {
    method: 'DELETE',
    path: '/api/v1/tables/:tableId/columns',
    ...tableParams,
    body: tables.DropColumnBodySchema,
    successStatus: 200,
    response: tables.ColumnsResponseSchema,
  },

  // ---- Rows ----
  listRows: {
    method: 'GET',
    path: '/api/v1/tables/:tableId/rows',
    ...tableParams,
    query: rows.ListRowsQuerySchema,
    successStatus: 200,
    response: rows.ListRowsResponseSchema,
  },
  insertRows: {
    method: 'POST',
    path: '/api/v1/tables/:tableId/rows',
    ...tableParams,
    body: rows.InsertRowsBodySchema,
    successStatus: 200,
    response: rows.InsertRowsResponseSchema,
  },
  deleteRows: {
    method: 'DELETE',
    path: '/api/v1/tables/:tableId/rows',
    ...tableParams,
    body: rows.DeleteRowsBodySchema,
    successStatus: 200,
    response: rows.DeleteRowsResponseSchema,
  },
  upsertRow: {
    method: 'POST',
    path: '/api/v1/tables/:tableId/rows/upsert',
    ...tableParams,
    body: rows.UpsertRowBodySchema,
    successStatus: 200,
    response: rows.UpsertRowResponseSchema,
  },
  getRow: {
    method: 'GET',
    path: '/api/v1/tables/:tableId/rows/:rowId',
    ...rowParams,
    query: rows.GetRowQuerySchema,
    successStatus: 200,
    response: rows.GetRowResponseSchema,
  },
  updateRow: {
    method: 'PATCH',
    path: '/api/v1/tables/:tableId/rows/:rowId',
    ...rowParams,
    body: rows.UpdateRowBodySchema,
    successStatus: 200,
    response: rows.UpdateRowResponseSchema,
  },
  deleteRow: {
    method: 'DELETE',
    path: '/api/v1/tables/:tableId/rows/:rowId',
    ...rowParams,
    body: rows.DeleteRowBodySchema,
    successStatus: 200,
    response: rows.DeleteRowResponseSchema,
  },
} as const satisfies Record<string, Endpoint>

/** The brief's name for the same table. */
export const ENDPOINTS = endpoints

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints

type Schema<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? S : never

/** What a caller sends (before defaults and coercion) and what a handler receives (after). */
export type EndpointParams<N extends EndpointName> = z.output<Schema<Endpoints[N], 'params'>>
export type EndpointQuery<N extends EndpointName> = z.output<Schema<Endpoints[N], 'query'>>
export type EndpointQueryInput<N extends EndpointName> = z.input<Schema<Endpoints[N], 'query'>>
export type EndpointBody<N extends EndpointName> = z.output<Schema<Endpoints[N], 'body'>>
export type EndpointBodyInput<N extends EndpointName> = z.input<Schema<Endpoints[N], 'body'>>
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>

/** `:name` placeholders of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
}

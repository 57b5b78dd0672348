import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpoints, pathParamNames, type Endpoint } from './endpoints.ts'

const entries = Object.entries(endpoints) as Array<[string, Endpoint]>

/** Every endpoint of the spec and API-NOTES; the table must hold exactly these. */
const EXPECTED = [
  'POST /api/workflows/:workflowId/execute',
  'GET /api/jobs/:jobId',
  'GET /api/workflows/:id/status',
  'POST /api/workflows/:id/executions/:executionId/cancel',
  'POST /api/resume/:workflowId/:executionId/:contextId',
  'GET /api/users/me/usage-limits',
  'POST /api/v1/workspaces',
  'GET /api/v1/workflows',
  'GET /api/v1/workflows/:id',
  'POST /api/v1/workflows/import',
  'POST /api/v1/workflows/:id/deploy',
  'DELETE /api/v1/workflows/:id/deploy',
  'GET /api/v1/logs',
  'GET /api/v1/logs/:id',
  'GET /api/v1/audit-logs',
  'GET /api/v1/audit-logs/:id',
  'GET /api/v1/knowledge',
  'POST /api/v1/knowledge',
  'GET /api/v1/knowledge/:id',
  'PUT /api/v1/knowledge/:id',
  'DELETE /api/v1/knowledge/:id',
  'GET /api/v1/knowledge/:id/documents',
  'POST /api/v1/knowledge/:id/documents',
  'GET /api/v1/knowledge/:id/documents/:documentId',
  'DELETE /api/v1/knowledge/:id/documents/:documentId',
  'GET /api/v1/docs',
  'POST /api/v1/files',
  'GET /api/v1/files/:id',
  'DELETE /api/v1/files/:id',
  'GET /api/v1/tables',
  'POST /api/v1/tables',
  'GET /api/v1/tables/:tableId',
  'DELETE /api/v1/tables/:tableId',
  'POST /api/v1/tables/:tableId/columns',
  'PATCH /api/v1/tables/:tableId/columns',
  'DELETE /api/v1/tables/:tableId/columns',
  'GET /api/v1/tables/:tableId/rows',
  'POST /api/v1/tables/:tableId/rows',
  'DELETE /api/v1/tables/:tableId/rows',
  'POST /api/v1/tables/:tableId/rows/upsert',
  'GET /api/v1/tables/:tableId/rows/:rowId',
  'PATCH /api/v1/tables/:tableId/rows/:rowId',
  'DELETE /api/v1/tables/:tableId/rows/:rowId',
]

const keysOf = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : []

/** Whether `workspaceId` is required: parsing without it fails on that very field. */
function requiresWorkspaceId(schema: z.ZodType | undefined): boolean {
  if (!schema) return false
  const result = schema.safeParse({})
  return !result.success && result.error.issues.some((i) => i.path[0] === 'workspaceId')
}

describe('endpoint table', () => {
  it('holds every endpoint of the spec and API-NOTES, each once', () => {
    const routes = entries.map(([, e]) => `${e.method} ${e.path}`)
    expect(new Set(routes).size).toBe(routes.length)
    expect([...routes].sort()).toEqual([...EXPECTED].sort())
  })

  it('has a params schema naming exactly the placeholders of each path', () => {
    for (const [name, e] of entries) {
      expect(keysOf(e.params), name).toEqual(pathParamNames(e.path).sort())
      if (pathParamNames(e.path).length === 0) expect(e.params, name).toBeUndefined()
    }
  })

  it('sends no body on GET and a JSON body on changes, multipart only for uploads', () => {
    for (const [name, e] of entries) {
      if (e.method === 'GET') expect(e.body, name).toBeUndefined()
      if (e.bodyEncoding === 'multipart') expect(e.method, name).toBe('POST')
    }
    const multipart = entries.filter(([, e]) => e.bodyEncoding === 'multipart').map(([n]) => n)
    expect(multipart.sort()).toEqual(['uploadDocument', 'uploadFile'])
  })

  it('puts workspaceId in the query on /api/v1 GETs and in the body otherwise', () => {
    // Exceptions by the spec: workspace creation; audit logs are organization-wide.
    const exempt = new Set(['createWorkspace', 'listAuditLogs', 'getAuditLog'])
    for (const [name, e] of entries) {
      if (!e.path.startsWith('/api/v1/') || exempt.has(name)) continue
      const carrier = e.method === 'GET' ? e.query : e.body
      expect(requiresWorkspaceId(carrier), name).toBe(true)
    }
  })

  it('answers 201 only for import, and streams only from execute and resume', () => {
    const created = entries.filter(([, e]) => e.successStatus === 201).map(([n]) => n)
    expect(created).toEqual(['importWorkflow'])
    const streaming = entries.filter(([, e]) => e.events).map(([n]) => n)
    expect(streaming.sort()).toEqual(['executeWorkflow', 'resumeExecution'])
    expect(endpoints.downloadFile.responseEncoding).toBe('binary')
    expect(endpoints.downloadFile.response.safeParse(new Uint8Array([1, 2])).success).toBe(true)
  })

  it('validates through the table end to end', () => {
    const q = endpoints.listRows.query.parse({ workspaceId: 'w', limit: '5' })
    expect(q.limit).toBe(5)
    expect(endpoints.executeWorkflow.body.parse({ input: 'hi', stream: true })).toEqual({
      controls: { stream: true },
      input: 'hi',
    })
    expect(endpoints.executeWorkflow.otherResponses[503].safeParse({ error: 'x' }).success).toBe(
      false,
    )
    expect(
      endpoints.getAuditLog.response.safeParse({ success: true, data: { id: 'a' } }).success,
    ).toBe(false)
  })

  it('keeps X-API-Key when execute headers are validated', () => {
    const headers = endpoints.executeWorkflow.headers.parse({
      'x-api-key': 'sk-service-abc',
      'x-execution-mode': 'async',
    })
    expect(headers['x-api-key']).toBe('sk-service-abc')
    expect(
      endpoints.executeWorkflow.headers.safeParse({ 'x-service-stream-version': '1' }).success,
    ).toBe(false)
  })
})

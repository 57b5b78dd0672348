import { describe, expect, it } from 'vitest'
import {
  AuditLogDetailResponseSchema,
  ListAuditLogsQuerySchema,
  ListAuditLogsResponseSchema,
} from './audit.ts'
import {
  FileResponseSchema,
  ListDocsQuerySchema,
  ListDocsResponseSchema,
  UploadFileFieldsSchema,
  WorkspaceFileSchema,
} from './docs.ts'
import {
  ListLogsQuerySchema,
  ListLogsResponseSchema,
  LogDetailResponseSchema,
  LogEntrySchema,
} from './logs.ts'
import { T0, T1, auditEntry, firstIssue, limits, logEntry, workspaceFile } from './test-fixtures.ts'

describe('workspace docs', () => {
  it('defaults scope to active and knows archived and all', () => {
    expect(ListDocsQuerySchema.parse({ workspaceId: 'ws1' })).toEqual({
      workspaceId: 'ws1',
      scope: 'active',
    })
    expect(
      ListDocsQuerySchema.parse({ workspaceId: 'ws1', scope: 'all', folderId: 'f' }).scope,
    ).toBe('all')
    expect(
      firstIssue(ListDocsQuerySchema.safeParse({ workspaceId: 'w', scope: 'deleted' })).path,
    ).toBe('scope')
  })

  it('reads the listing and the upload answer', () => {
    const list = { success: true, data: { files: [workspaceFile], totalCount: 1 } }
    expect(ListDocsResponseSchema.parse(list)).toEqual(list)
    const { key: _k, ...noKey } = workspaceFile
    expect(
      ListDocsResponseSchema.safeParse({ success: true, data: { files: [noKey], totalCount: 1 } })
        .success,
    ).toBe(false)
    expect(
      FileResponseSchema.safeParse({ success: true, data: { file: workspaceFile } }).success,
    ).toBe(true)
  })

  it('keeps the folder and archive marker when a server sends them', () => {
    const archived = { ...workspaceFile, folderId: 'fold_1', archivedAt: T1 }
    expect(WorkspaceFileSchema.parse(archived)).toEqual(archived)
    expect(WorkspaceFileSchema.parse({ ...archived, folderId: null, archivedAt: null })).toEqual({
      ...archived,
      folderId: null,
      archivedAt: null,
    })
    expect(WorkspaceFileSchema.safeParse({ ...archived, archivedAt: 'yesterday' }).success).toBe(
      false,
    )
  })

  it('takes workspaceId and an optional folderId beside the uploaded file, nothing else', () => {
    expect(UploadFileFieldsSchema.parse({ workspaceId: 'ws1', folderId: 'f1' })).toEqual({
      workspaceId: 'ws1',
      folderId: 'f1',
    })
    expect(UploadFileFieldsSchema.safeParse({ workspaceId: 'ws1' }).success).toBe(true)
    expect(UploadFileFieldsSchema.safeParse({ workspaceId: 'ws1', folderId: '' }).success).toBe(
      false,
    )
    expect(UploadFileFieldsSchema.safeParse({ workspaceId: 'ws1', other: 'x' }).success).toBe(false)
  })
})

describe('audit logs', () => {
  it('fills limit 50 and caps it at 100', () => {
    expect(ListAuditLogsQuerySchema.parse({})).toEqual({ limit: 50 })
    expect(ListAuditLogsQuerySchema.safeParse({ limit: '100' }).success).toBe(true)
    expect(ListAuditLogsQuerySchema.safeParse({ limit: '101' }).success).toBe(false)
  })

  it('takes the filters of API-NOTES and refuses a reversed date range', () => {
    const q = ListAuditLogsQuerySchema.parse({
      action: 'workflow.deployed',
      resourceType: 'workflow',
      resourceId: 'wf1',
      workspaceId: 'ws1',
      actorId: 'user_1',
      startDate: T0,
      endDate: T1,
      cursor: 'c1',
    })
    expect(q.action).toBe('workflow.deployed')
    expect(
      firstIssue(ListAuditLogsQuerySchema.safeParse({ startDate: T1, endDate: T0 })).path,
    ).toBe('endDate')
    expect(ListAuditLogsQuerySchema.safeParse({ startDate: '2026-01-01' }).success).toBe(false)
  })

  it('reads the list with limits and the detail without success', () => {
    const page = { data: [auditEntry], nextCursor: 'c2', limits }
    expect(ListAuditLogsResponseSchema.parse(page)).toEqual(page)
    expect(AuditLogDetailResponseSchema.parse({ data: auditEntry })).toEqual({ data: auditEntry })
    // `success` is not part of this body; a reader keeps only `data`.
    expect(AuditLogDetailResponseSchema.parse({ success: true, data: auditEntry })).toEqual({
      data: auditEntry,
    })
    const { actorEmail: _a, ...partial } = auditEntry
    expect(AuditLogDetailResponseSchema.safeParse({ data: partial }).success).toBe(false)
  })
})

describe('execution logs', () => {
  it('reads a log entry; levels are info and error', () => {
    expect(LogEntrySchema.parse(logEntry)).toEqual(logEntry)
    expect(LogEntrySchema.safeParse({ ...logEntry, level: 'warn' }).success).toBe(false)
    expect(LogEntrySchema.safeParse({ ...logEntry, cost: 0.1 }).success).toBe(false)
    expect(
      LogEntrySchema.safeParse({ ...logEntry, endedAt: null, totalDurationMs: null }).success,
    ).toBe(true)
  })

  it('splits workflowIds, clamps limit to 1..1000 (default 100) and orders desc by default', () => {
    const q = ListLogsQuerySchema.parse({
      workspaceId: 'ws1',
      workflowIds: 'wf1, wf2',
      level: 'error',
      limit: '5000',
    })
    expect(q).toEqual({
      workspaceId: 'ws1',
      workflowIds: ['wf1', 'wf2'],
      level: 'error',
      limit: 1000,
      order: 'desc',
    })
    expect(ListLogsQuerySchema.parse({ workspaceId: 'w' }).limit).toBe(100)
    expect(ListLogsQuerySchema.parse({ workspaceId: 'w', limit: '0' }).limit).toBe(1)
  })

  it('refuses bad levels, orders, limits and dates', () => {
    for (const bad of [
      { level: 'warn' },
      { order: 'newest' },
      { limit: 'ten' },
      { startDate: 'yesterday' },
      { workflowIds: ',' },
    ]) {
      expect(ListLogsQuerySchema.safeParse({ workspaceId: 'w', ...bad }).success).toBe(false)
    }
    expect(ListLogsQuerySchema.safeParse({ level: 'info' }).success).toBe(false)
  })

  it('reads the list and the detail with workflow and executionData', () => {
    const page = { data: [logEntry], nextCursor: null, limits }
    expect(ListLogsResponseSchema.parse(page)).toEqual(page)
    const detail = {
      data: {
        ...logEntry,
        workflow: { id: logEntry.workflowId, name: 'Greeting' },
        executionData: { traceSpans: [] },
      },
      limits,
    }
    expect(LogDetailResponseSchema.parse(detail)).toEqual(detail)
    const { workflow: _w, ...noWorkflow } = detail.data
    expect(LogDetailResponseSchema.safeParse({ data: noWorkflow, limits }).success).toBe(false)
  })
})

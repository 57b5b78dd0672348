import { describe, expect, it } from 'vitest'
import {
  ChunkingConfigSchema,
  CreateKnowledgeBaseBodySchema,
  CreateKnowledgeBaseResponseSchema,
  DeleteKnowledgeResponseSchema,
  GetDocumentResponseSchema,
  GetKnowledgeBaseResponseSchema,
  KnowledgeDocumentSchema,
  ListDocumentsQuerySchema,
  ListDocumentsResponseSchema,
  ListKnowledgeBasesResponseSchema,
  UpdateKnowledgeBaseBodySchema,
  UploadDocumentFieldsSchema,
} from './knowledge.ts'
import { firstIssue, knowledgeBase, knowledgeDocument } from './test-fixtures.ts'

describe('chunking configuration', () => {
  it('fills defaults 1024 / 100 / 200', () => {
    expect(ChunkingConfigSchema.parse({})).toEqual({ maxSize: 1024, minSize: 100, overlap: 200 })
    expect(ChunkingConfigSchema.parse({ maxSize: 2000 })).toEqual({
      maxSize: 2000,
      minSize: 100,
      overlap: 200,
    })
  })

  it('holds each field to its range', () => {
    for (const [field, value] of [
      ['maxSize', 99],
      ['maxSize', 4001],
      ['minSize', 0],
      ['minSize', 2001],
      ['overlap', -1],
      ['overlap', 501],
      ['maxSize', 512.5],
    ] as const) {
      expect(firstIssue(ChunkingConfigSchema.safeParse({ [field]: value })).path).toBe(field)
    }
    for (const edge of [{ maxSize: 100, overlap: 0 }, { maxSize: 4000 }, { minSize: 1 }]) {
      expect(ChunkingConfigSchema.safeParse(edge).success).toBe(true)
    }
  })

  it('keeps overlap below maxSize and refuses unknown fields', () => {
    expect(firstIssue(ChunkingConfigSchema.safeParse({ maxSize: 150, overlap: 150 }))).toEqual({
      path: 'overlap',
      message: 'overlap must be smaller than maxSize',
    })
    expect(ChunkingConfigSchema.safeParse({ chunkSize: 500 }).success).toBe(false)
  })
})

describe('knowledge bases', () => {
  it('creates with or without description and chunking', () => {
    const body = CreateKnowledgeBaseBodySchema.parse({
      workspaceId: 'ws1',
      name: 'Product docs',
      description: 'Manuals',
      chunkingConfig: { overlap: 100 },
    })
    expect(body.chunkingConfig).toEqual({ maxSize: 1024, minSize: 100, overlap: 100 })
    expect(CreateKnowledgeBaseBodySchema.safeParse({ workspaceId: 'ws1', name: 'x' }).success).toBe(
      true,
    )
    expect(CreateKnowledgeBaseBodySchema.safeParse({ workspaceId: 'ws1', name: '' }).success).toBe(
      false,
    )
    expect(CreateKnowledgeBaseBodySchema.safeParse({ name: 'x' }).success).toBe(false)
  })

  it('updates at least one field, without defaulting the rest of chunkingConfig', () => {
    expect(
      firstIssue(UpdateKnowledgeBaseBodySchema.safeParse({ workspaceId: 'ws1' })).message,
    ).toBe('Provide at least one of name, description or chunkingConfig to update')
    const patch = UpdateKnowledgeBaseBodySchema.parse({
      workspaceId: 'ws1',
      chunkingConfig: { minSize: 50 },
    })
    expect(patch.chunkingConfig).toEqual({ minSize: 50 })
    expect(
      UpdateKnowledgeBaseBodySchema.safeParse({ workspaceId: 'ws1', description: '' }).success,
    ).toBe(true)
    expect(
      UpdateKnowledgeBaseBodySchema.safeParse({
        workspaceId: 'ws1',
        chunkingConfig: { overlap: 600 },
      }).success,
    ).toBe(false)
  })

  it('reads the create, list, get and delete answers', () => {
    const created = { success: true, data: { knowledgeBase, message: 'Knowledge base created' } }
    expect(CreateKnowledgeBaseResponseSchema.parse(created)).toEqual(created)
    const list = { success: true, data: { knowledgeBases: [knowledgeBase], totalCount: 1 } }
    expect(ListKnowledgeBasesResponseSchema.parse(list)).toEqual(list)
    expect(
      GetKnowledgeBaseResponseSchema.safeParse({ success: true, data: { knowledgeBase } }).success,
    ).toBe(true)
    const { embeddingModel: _e, ...noModel } = knowledgeBase
    expect(
      GetKnowledgeBaseResponseSchema.safeParse({ success: true, data: { knowledgeBase: noModel } })
        .success,
    ).toBe(false)
    expect(
      DeleteKnowledgeResponseSchema.safeParse({ success: true, data: { message: 'Deleted' } })
        .success,
    ).toBe(true)
  })
})

describe('documents', () => {
  it('reads documents in every processing state, characterCount optional', () => {
    for (const processingStatus of ['pending', 'processing', 'completed', 'failed']) {
      expect(
        KnowledgeDocumentSchema.safeParse({ ...knowledgeDocument, processingStatus }).success,
      ).toBe(true)
    }
    const { characterCount: _c, ...listed } = knowledgeDocument
    expect(KnowledgeDocumentSchema.safeParse(listed).success).toBe(true)
    expect(
      KnowledgeDocumentSchema.safeParse({ ...knowledgeDocument, processingStatus: 'done' }).success,
    ).toBe(false)
    expect(KnowledgeDocumentSchema.safeParse({ ...knowledgeDocument, enabled: 1 }).success).toBe(
      false,
    )
  })

  it('keeps the reason a document failed, and reads servers that do not send one', () => {
    const failed = {
      ...knowledgeDocument,
      processingStatus: 'failed',
      processingError: 'The file is not valid UTF-8 text',
    }
    expect(KnowledgeDocumentSchema.parse(failed).processingError).toBe(
      'The file is not valid UTF-8 text',
    )
    expect(
      KnowledgeDocumentSchema.parse({ ...failed, processingError: null }).processingError,
    ).toBe(null)
    expect(KnowledgeDocumentSchema.parse(knowledgeDocument)).not.toHaveProperty('processingError')
    expect(KnowledgeDocumentSchema.safeParse({ ...failed, processingError: 42 }).success).toBe(
      false,
    )
  })

  it('fills the documents query defaults', () => {
    expect(ListDocumentsQuerySchema.parse({ workspaceId: 'ws1' })).toEqual({
      workspaceId: 'ws1',
      limit: 50,
      offset: 0,
      enabledFilter: 'all',
      sortBy: 'uploadedAt',
      sortOrder: 'desc',
    })
    const q = ListDocumentsQuerySchema.parse({
      workspaceId: 'ws1',
      limit: '100',
      offset: '200',
      search: 'manual',
      enabledFilter: 'disabled',
      sortBy: 'fileSize',
      sortOrder: 'asc',
    })
    expect([q.limit, q.offset, q.sortBy]).toEqual([100, 200, 'fileSize'])
  })

  it('refuses bad enums and paging', () => {
    for (const bad of [
      { limit: '101' },
      { limit: '0' },
      { offset: '-1' },
      { enabledFilter: 'on' },
      { sortBy: 'createdAt' },
      { sortOrder: 'up' },
    ]) {
      const key = Object.keys(bad)[0]!
      expect(
        firstIssue(ListDocumentsQuerySchema.safeParse({ workspaceId: 'w', ...bad })).path,
      ).toBe(key)
    }
  })

  it('reads the list with pagination and the single document', () => {
    const list = {
      success: true,
      data: {
        documents: [knowledgeDocument],
        pagination: { total: 1, limit: 50, offset: 0, hasMore: false },
      },
    }
    expect(ListDocumentsResponseSchema.parse(list)).toEqual(list)
    const noHasMore = {
      ...list,
      data: { ...list.data, pagination: { total: 1, limit: 50, offset: 0 } },
    }
    expect(ListDocumentsResponseSchema.safeParse(noHasMore).success).toBe(false)
    expect(
      GetDocumentResponseSchema.safeParse({ success: true, data: { document: knowledgeDocument } })
        .success,
    ).toBe(true)
  })

  it('checks the upload form fields', () => {
    expect(UploadDocumentFieldsSchema.safeParse({ workspaceId: 'ws1' }).success).toBe(true)
    expect(UploadDocumentFieldsSchema.safeParse({}).success).toBe(false)
  })
})

// Knowledge bases and their documents: create/list/get/update/delete bases, list/get/upload/
// delete documents. Uploads are stored as `pending`; services/document-worker.ts processes them.
import type { WorkspaceAccess } from '../auth/access.ts'
import { DETECTABLE_KINDS_TEXT, DOCUMENT_KINDS, detectKind } from '../knowledge/extract.ts'
import { transaction } from '../store/index.ts'
import type { User } from '../store/identity-repo.ts'
import type {
  ChunkingSettings,
  DocumentRecord,
  KnowledgeBaseRecord,
  DocumentListQuery,
} from '../store/knowledge-repo.ts'
import { recordAudit } from './audit.ts'
import type { ServiceContext } from './context.ts'
import { invalid, notFound } from './errors.ts'

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small'
export const DEFAULT_CHUNKING: ChunkingSettings = { maxSize: 1024, minSize: 100, overlap: 200 }

export function knowledgeBaseView(kb: KnowledgeBaseRecord) {
  return {
    id: kb.id,
    name: kb.name,
    description: kb.description,
    docCount: kb.docCount,
    tokenCount: kb.tokenCount,
    embeddingModel: kb.embeddingModel,
    createdAt: kb.createdAt,
    updatedAt: kb.updatedAt,
  }
}

/** The spec's document fields; `characterCount` only on single-document retrieval. */
export function documentView(doc: DocumentRecord, options: { withCharacters?: boolean } = {}) {
  return {
    id: doc.id,
    knowledgeBaseId: doc.knowledgeBaseId,
    filename: doc.filename,
    fileSize: doc.fileSize,
    mimeType: doc.mimeType,
    processingStatus: doc.processingStatus,
    processingError: doc.processingError,
    chunkCount: doc.chunkCount,
    tokenCount: doc.tokenCount,
    ...(options.withCharacters ? { characterCount: doc.characterCount } : {}),
    enabled: doc.enabled,
    createdAt: doc.createdAt,
  }
}

export function requireBase(
  ctx: ServiceContext,
  access: WorkspaceAccess,
  id: string,
): KnowledgeBaseRecord {
  const kb = ctx.store.knowledge.getBase(access.workspace.id, id)
  if (!kb) throw notFound('Knowledge base')
  return kb
}

export function listKnowledgeBases(ctx: ServiceContext, access: WorkspaceAccess) {
  const bases = ctx.store.knowledge.listBases(access.workspace.id).map(knowledgeBaseView)
  return { knowledgeBases: bases, totalCount: bases.length }
}

export function createKnowledgeBase(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  input: { name: string; description?: string; chunkingConfig?: ChunkingSettings },
): KnowledgeBaseRecord {
  const chunking = input.chunkingConfig ?? DEFAULT_CHUNKING
  return transaction(ctx.store.db, () => {
    const kb = ctx.store.knowledge.createBase({
      workspaceId: access.workspace.id,
      name: input.name,
      description: input.description ?? '',
      embeddingModel: DEFAULT_EMBEDDING_MODEL,
      chunking,
      createdBy: actor.id,
    })
    recordAudit(ctx, actor, {
      action: 'knowledge_base.created',
      resourceType: 'knowledge_base',
      resourceId: kb.id,
      workspaceId: kb.workspaceId,
      metadata: { name: kb.name, chunkingConfig: chunking },
    })
    return kb
  })
}

export function updateKnowledgeBase(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  id: string,
  input: { name?: string; description?: string; chunkingConfig?: Partial<ChunkingSettings> },
): KnowledgeBaseRecord {
  return transaction(ctx.store.db, () => {
    const kb = requireBase(ctx, access, id)
    // A partial chunking change is checked against the stored values it combines with.
    const chunking = input.chunkingConfig ? { ...kb.chunking, ...input.chunkingConfig } : undefined
    if (chunking && chunking.overlap >= chunking.maxSize) {
      throw invalid(
        `chunkingConfig.overlap (${chunking.overlap}) must be smaller than maxSize (${chunking.maxSize})`,
      )
    }
    ctx.store.knowledge.updateBase(kb.id, {
      name: input.name,
      description: input.description,
      chunking,
    })
    const changed = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined)
    recordAudit(ctx, actor, {
      action: 'knowledge_base.updated',
      resourceType: 'knowledge_base',
      resourceId: kb.id,
      workspaceId: kb.workspaceId,
      metadata: { changed, ...(chunking ? { chunkingConfig: chunking } : {}) },
    })
    return requireBase(ctx, access, id)
  })
}

export function deleteKnowledgeBase(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  id: string,
): void {
  transaction(ctx.store.db, () => {
    const kb = requireBase(ctx, access, id)
    ctx.store.knowledge.deleteBase(kb.id)
    recordAudit(ctx, actor, {
      action: 'knowledge_base.deleted',
      resourceType: 'knowledge_base',
      resourceId: kb.id,
      workspaceId: kb.workspaceId,
      metadata: { name: kb.name, docCount: kb.docCount },
    })
  })
}

export function listDocuments(
  ctx: ServiceContext,
  access: WorkspaceAccess,
  id: string,
  q: Omit<DocumentListQuery, 'knowledgeBaseId' | 'enabled'> & {
    enabledFilter: 'all' | 'enabled' | 'disabled'
  },
) {
  const kb = requireBase(ctx, access, id)
  const { items, total } = ctx.store.knowledge.listDocuments({
    knowledgeBaseId: kb.id,
    search: q.search?.trim() || undefined,
    enabled: q.enabledFilter === 'all' ? undefined : q.enabledFilter === 'enabled',
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
    limit: q.limit,
    offset: q.offset,
  })
  return {
    documents: items.map((d) => documentView(d)),
    pagination: {
      total,
      limit: q.limit,
      offset: q.offset,
      hasMore: q.offset + items.length < total,
    },
  }
}

export function getDocument(
  ctx: ServiceContext,
  access: WorkspaceAccess,
  id: string,
  documentId: string,
): DocumentRecord {
  const kb = requireBase(ctx, access, id)
  const doc = ctx.store.knowledge.getDocument(kb.id, documentId)
  if (!doc) throw notFound('Document')
  return doc
}

export interface UploadedFile {
  filename: string
  mimeType: string
  bytes: Uint8Array
}

/** Stores the file as a `pending` document; processing happens off the request. */
export function uploadDocument(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  id: string,
  file: UploadedFile,
): DocumentRecord {
  const kb = requireBase(ctx, access, id)
  const filename = cleanFilename(file.filename)
  const kind = detectKind(filename, file.mimeType)
  if (!kind) {
    throw invalid(
      `Unsupported file type for "${filename}"${file.mimeType ? ` (${file.mimeType})` : ''}: ` +
        `a knowledge base accepts ${DETECTABLE_KINDS_TEXT}`,
      undefined,
      'UNSUPPORTED_FILE_TYPE',
    )
  }
  if (file.bytes.byteLength === 0) throw invalid(`"${filename}" is empty`)
  return transaction(ctx.store.db, () => {
    const doc = ctx.store.knowledge.createDocument({
      knowledgeBaseId: kb.id,
      workspaceId: kb.workspaceId,
      filename,
      mimeType: DOCUMENT_KINDS[kind].mime,
      kind,
      uploadedBy: actor.id,
      bytes: file.bytes,
    })
    recordAudit(ctx, actor, {
      action: 'document.uploaded',
      resourceType: 'document',
      resourceId: doc.id,
      workspaceId: kb.workspaceId,
      metadata: {
        knowledgeBaseId: kb.id,
        filename,
        fileSize: doc.fileSize,
        mimeType: doc.mimeType,
      },
    })
    return doc
  })
}

export function deleteDocument(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  id: string,
  documentId: string,
): void {
  transaction(ctx.store.db, () => {
    const doc = getDocument(ctx, access, id, documentId)
    ctx.store.knowledge.deleteDocument(doc)
    recordAudit(ctx, actor, {
      action: 'document.deleted',
      resourceType: 'document',
      resourceId: doc.id,
      workspaceId: doc.workspaceId,
      metadata: { knowledgeBaseId: doc.knowledgeBaseId, filename: doc.filename },
    })
  })
}

/** The last path segment, without control characters, at most 255 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  if (clean === '' || clean === '.' || clean === '..') throw invalid('The file needs a name')
  return clean.length > 255 ? clean.slice(clean.length - 255) : clean
}
